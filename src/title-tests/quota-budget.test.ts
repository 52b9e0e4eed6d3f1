import { describe, expect, it } from 'vitest';
import { checkQuotaBudget, dailyUnitsFor } from './quota-budget';

describe('quota budget', () => {
  it('costs an hourly test about 1,250 units a day and a daily one about 55', () => {
    expect(dailyUnitsFor(60)).toBe(24 * 53 + 3);
    expect(dailyUnitsFor(1440)).toBe(53 + 3);
  });

  it('fits about seven hourly tests in the default quota, then suggests a longer interval', () => {
    const running = [60, 60, 60, 60, 60, 60];
    expect(checkQuotaBudget({ intervalMinutes: 60, runningIntervals: running, dailyQuota: 10_000 }).ok).toBe(
      true,
    );
    const full = checkQuotaBudget({
      intervalMinutes: 60,
      runningIntervals: [...running, 60],
      dailyQuota: 10_000,
    });
    expect(full.ok).toBe(false);
    expect(full.message).toMatch(/Choose a longer rotation interval \(every 2 hours fits\)/);
  });

  it('says to end a test when nothing fits', () => {
    const check = checkQuotaBudget({ intervalMinutes: 1440, runningIntervals: [60], dailyQuota: 1_350 });
    expect(check.ok).toBe(false);
    expect(check.message).toMatch(/End a running test first/);
  });
});
