import { FORECAST_CRITICAL_SHARE, FORECAST_WARN_SHARE } from '../capacity';
import type { HealthLevel, HealthSignal, PlatformHealth } from './admin.schemas';

/** What the platform's health is computed from (gathered by health-signals.ts). */
export interface HealthInputs {
  database: { reachable: boolean; latencyMs: number | null };
  /** Null when the job tables could not be read. */
  queue: { overdue: number; oldestOverdueMinutes: number | null; failedLastDay: number } | null;
  /** Today's quota: used so far, and the forecast to midnight Pacific (src/capacity). */
  quota: { used: number; limit: number; forecast: number; queued: number };
  /** Running tests whose last title change failed (the card shows the error). */
  testsWithErrors: number;
}

/** A job that should have started this long ago and has not is overdue. */
export const OVERDUE_AFTER_MINUTES = 5;

function level(bad: boolean, warn: boolean): HealthLevel {
  return bad ? 'bad' : warn ? 'warn' : 'ok';
}

/** Each signal with its level and a sentence an operator can act on. */
export function healthSignals(inputs: HealthInputs): HealthSignal[] {
  const { database, queue, quota } = inputs;
  const latency = database.latencyMs ?? Infinity;
  const share = quota.limit > 0 ? Math.max(quota.used, quota.forecast) / quota.limit : 1;
  return [
    {
      key: 'database',
      label: 'Database',
      level: level(!database.reachable || latency > 1000, latency > 250),
      detail: database.reachable ? `Reachable, answered in ${Math.round(latency)} ms.` : 'Not reachable.',
    },
    queue === null
      ? { key: 'job-queue', label: 'Job queue', level: 'warn', detail: 'The job queue could not be read.' }
      : {
          key: 'job-queue',
          label: 'Job queue',
          level: level(queue.overdue > 20 || (queue.oldestOverdueMinutes ?? 0) > 30, queue.overdue > 0),
          detail:
            queue.overdue === 0
              ? 'No job is waiting past its start time.'
              : `${queue.overdue} job${queue.overdue === 1 ? '' : 's'} overdue (oldest ${Math.round(queue.oldestOverdueMinutes ?? 0)} min): are the workers running?`,
        },
    {
      key: 'job-failures',
      label: 'Job failures',
      level: level((queue?.failedLastDay ?? 0) > 10, (queue?.failedLastDay ?? 0) > 0),
      detail: `${queue?.failedLastDay ?? 0} job${queue?.failedLastDay === 1 ? '' : 's'} failed for good in the last 24 hours.`,
    },
    {
      key: 'quota',
      label: 'YouTube quota',
      level: level(share >= FORECAST_CRITICAL_SHARE, share >= FORECAST_WARN_SHARE),
      detail: `${quota.used.toLocaleString('en-US')} of ${quota.limit.toLocaleString('en-US')} units used today; forecast to midnight Pacific ${Math.max(quota.used, quota.forecast).toLocaleString('en-US')} (${Math.round(share * 100)}%).${quota.queued > 0 ? ` ${quota.queued} test${quota.queued === 1 ? '' : 's'} wait for capacity.` : ''}`,
    },
    {
      key: 'test-errors',
      label: 'Title tests',
      level: level(false, inputs.testsWithErrors > 0),
      detail:
        inputs.testsWithErrors === 0
          ? 'No running test reports an error.'
          : `${inputs.testsWithErrors} running test${inputs.testsWithErrors === 1 ? '' : 's'} report an error.`,
    },
  ];
}

/** Excellent only when every signal is good; a database problem or two bad signals is Critical. */
export function platformHealthOf(signals: HealthSignal[]): PlatformHealth {
  const bad = signals.filter((signal) => signal.level === 'bad');
  if (bad.some((signal) => signal.key === 'database') || bad.length >= 2) return 'Critical';
  if (bad.length === 1) return 'Degraded';
  if (signals.some((signal) => signal.level === 'warn')) return 'Good';
  return 'Excellent';
}
