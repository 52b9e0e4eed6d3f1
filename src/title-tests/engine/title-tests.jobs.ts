import type { WorkOptions } from 'pg-boss';
import { z } from 'zod';
import { defineJob } from '../../context/job';
import { DAILY_METRICS_TIME, SAMPLE_VIEWS_EVERY_MINUTES } from '../figures/collection-times';
import type { EngineContext } from './engine-context';
import { PACIFIC_TIME_ZONE } from '../../time/pacific';
import { collectDailyMetrics } from './daily-collection';
import { enqueueDueTests } from './due-tests';
import { sampleViewCounts } from './metrics-collection';
import { admitQueuedTests } from './queued-tests';
import { advanceTest } from './rotation-engine';

// The title-test engine's jobs: rotations and final titles, the minute tick, the figures, and
// admission. The handlers only call into the engine, so a definition here may be imported by the
// engine that sends it.

export const ADVANCE_QUEUE = 'title-test.advance';
export const TICK_QUEUE = 'title-test.tick';
/** The admission pass's beat; it also runs as soon as a test ends (its units are free again). */
const ADMISSION_EVERY_MINUTES = 10;

/** How the advance worker fetches; `npm run bench` measures these against a no-op ceiling. */
export const ADVANCE_WORKER_OPTIONS = {
  localConcurrency: 4,
  batchSize: 8,
  burstWhenBatchFull: true,
  perJobResults: true,
} as const satisfies WorkOptions;

/**
 * Every title change of a test (rotations, the final title) is one job keyed by the test id on a
 * singleton queue: at most one runs per test at a time, so a rotation and a cancel can never race
 * on the live title. The payload carries the id only; the handler re-reads what is due from the
 * database. Jobs are fetched in batches and each settles on its own (a failed one is retried).
 */
export const advanceJob = defineJob({
  name: ADVANCE_QUEUE,
  payload: z.object({ testId: z.uuid() }),
  queue: { policy: 'singleton', retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 },
  key: (payload) => payload.testId,
  batch: ADVANCE_WORKER_OPTIONS,
  async handler(ctx: EngineContext, { testId }): Promise<void> {
    const outcome = await advanceTest(ctx, testId);
    ctx.log.debug({ testId, outcome }, 'title test advanced');
  },
});

/**
 * Enqueues an advance of the test at `at` (product time). Inside a transaction pass withTx(ctx, tx), so the
 * job exists exactly when the write that needs it commits.
 */
export async function scheduleAdvance(ctx: EngineContext, testId: string, at: Date): Promise<void> {
  // The product clock may run ahead of the database's (simulator, tests): convert to real time.
  const offset = ctx.clock.now().getTime() - Date.now();
  const startAfter = new Date(Math.max(Date.now(), at.getTime() - offset));
  await advanceJob.send(ctx, { testId }, { startAfter });
}

/** Every minute: enqueues the advance of every test whose next step is overdue (catches up after a crash). */
export const tickJob = defineJob({
  name: TICK_QUEUE,
  payload: z.object({}),
  queue: { policy: 'stately' },
  schedule: { cron: '* * * * *', tz: 'UTC' },
  async handler(ctx: EngineContext): Promise<void> {
    await enqueueDueTests(ctx);
  },
});

/** Every 10 minutes: the public view counters of every running test, 50 videos a call. */
export const sampleViewsJob = defineJob({
  name: 'metrics.sample-views',
  payload: z.object({}),
  queue: { policy: 'stately' },
  schedule: { cron: `*/${SAMPLE_VIEWS_EVERY_MINUTES} * * * *`, tz: 'UTC' },
  async handler(ctx: EngineContext): Promise<void> {
    await sampleViewCounts(ctx);
  },
});

/**
 * Daily after Pacific midnight: YouTube's daily figures for every test running or ended within the
 * last 3 days, then the decisions their final figures made due.
 */
export const dailyMetricsJob = defineJob({
  name: 'metrics.daily',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 3, retryBackoff: true },
  schedule: { cron: `${DAILY_METRICS_TIME.minute} ${DAILY_METRICS_TIME.hour} * * *`, tz: PACIFIC_TIME_ZONE },
  async handler(ctx: EngineContext): Promise<void> {
    await collectDailyMetrics(ctx);
  },
});

/**
 * Starts every queued test that now fits (docs/capacity.md): every 10 minutes, and as soon as a
 * test ends. Stately: one pass waiting and one running at most; more requests meanwhile add nothing.
 */
export const admissionJob = defineJob({
  name: 'capacity.admit',
  payload: z.object({}),
  queue: { policy: 'stately', retryLimit: 3, retryBackoff: true },
  schedule: { cron: `*/${ADMISSION_EVERY_MINUTES} * * * *`, tz: 'UTC' },
  async handler(ctx: EngineContext): Promise<void> {
    const started = await admitQueuedTests(ctx);
    if (started.length > 0) ctx.log.info({ started }, 'queued tests started');
  },
});
