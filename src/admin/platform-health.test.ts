import { describe, expect, it } from 'vitest';
import { healthSignals, platformHealthOf, type HealthInputs } from './platform-health';

const good: HealthInputs = {
  database: { reachable: true, latencyMs: 3 },
  queue: { overdue: 0, oldestOverdueMinutes: null, failedLastDay: 0 },
  quota: { used: 120, limit: 10_000, forecast: 400, queued: 0 },
  testsWithErrors: 0,
};

const health = (inputs: Partial<HealthInputs>) => platformHealthOf(healthSignals({ ...good, ...inputs }));

describe('platform health', () => {
  it('is Excellent only when every signal is good', () => {
    expect(health({})).toBe('Excellent');
    expect(healthSignals(good).every((signal) => signal.level === 'ok')).toBe(true);
  });

  it('drops to Good on any warning', () => {
    // The forecast to midnight Pacific, not only what is spent, decides: 80% warns, 95% is bad.
    expect(health({ quota: { used: 3_000, limit: 10_000, forecast: 8_100, queued: 0 } })).toBe('Good');
    expect(health({ quota: { used: 3_000, limit: 10_000, forecast: 7_900, queued: 0 } })).toBe('Excellent');
    expect(health({ queue: { overdue: 1, oldestOverdueMinutes: 6, failedLastDay: 0 } })).toBe('Good');
    expect(health({ queue: { overdue: 0, oldestOverdueMinutes: null, failedLastDay: 1 } })).toBe('Good');
    expect(health({ testsWithErrors: 2 })).toBe('Good');
    expect(health({ database: { reachable: true, latencyMs: 400 } })).toBe('Good');
    expect(health({ queue: null })).toBe('Good');
  });

  it('is Degraded with one bad signal and Critical with two, or with the database down', () => {
    expect(health({ quota: { used: 5_000, limit: 10_000, forecast: 9_500, queued: 2 } })).toBe('Degraded');
    expect(health({ queue: { overdue: 50, oldestOverdueMinutes: 90, failedLastDay: 30 } })).toBe('Critical');
    expect(health({ database: { reachable: false, latencyMs: null } })).toBe('Critical');
  });

  it('says what is wrong', () => {
    const signals = healthSignals({
      ...good,
      queue: { overdue: 3, oldestOverdueMinutes: 12, failedLastDay: 0 },
    });
    expect(signals.find((signal) => signal.key === 'job-queue')?.detail).toBe(
      '3 jobs overdue (oldest 12 min): are the workers running?',
    );
  });
});
