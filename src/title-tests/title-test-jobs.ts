import type { Job, JobResult, PgBoss, WorkOptions } from 'pg-boss';
import type { ServiceContext } from '../platform/service-context';
import { advanceTest } from './engine/rotation-engine';
import type { FeatureJobs } from '../jobs/feature-jobs';
import { ADVANCE_QUEUE, TICK_QUEUE, advancePayloadSchema, createTitleTestQueues } from './advance-queue';
import { createMetricsQueues, startMetricsWorkers } from './metrics-jobs';
import { enqueueDueTests } from './engine/due-tests';
import { ADMISSION_EVERY_MINUTES, ADMISSION_QUEUE, admitQueuedTests } from './engine/queued-tests';

/** How the advance worker fetches; `npm run bench` measures these against a no-op ceiling. */
export const ADVANCE_WORKER_OPTIONS = {
  localConcurrency: 4,
  batchSize: 8,
  burstWhenBatchFull: true,
  perJobResults: true,
} as const satisfies WorkOptions;

/**
 * The title-test.advance handler: advances each job's test and reports each job's outcome (a
 * failed one is retried by pg-boss). The worker and the simulator's fast-forward both run this.
 */
export async function runAdvanceJobs(ctx: ServiceContext, jobs: Job<unknown>[]): Promise<JobResult[]> {
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      try {
        const { testId } = advancePayloadSchema.parse(job.data);
        const outcome = await advanceTest(ctx, testId);
        ctx.log.debug({ testId, outcome }, 'title test advanced');
        return { id: job.id, status: 'completed' };
      } catch (error) {
        return { id: job.id, status: 'failed', output: error };
      }
    }),
  );
}

/** The minute tick and the advance workers. */
export async function startAdvanceWorkers(boss: PgBoss, ctx: ServiceContext): Promise<void> {
  await boss.schedule(TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  await boss.work(TICK_QUEUE, async () => {
    await enqueueDueTests(ctx);
  });
  await boss.work(ADVANCE_QUEUE, ADVANCE_WORKER_OPTIONS, async (jobs) => runAdvanceJobs(ctx, jobs));
}

/** The title-test engine's queues: rotations and final titles, the minute tick, the figures, and admission. */
export const titleTestJobs: FeatureJobs = {
  async createQueues(boss) {
    await createTitleTestQueues(boss);
    await createMetricsQueues(boss);
    // Stately: one pass waiting and one running at most; more requests meanwhile add nothing.
    await boss.createQueue(ADMISSION_QUEUE, { policy: 'stately', retryLimit: 3, retryBackoff: true });
  },
  async startWorkers(boss, ctx) {
    await startAdvanceWorkers(boss, ctx);
    await startMetricsWorkers(boss, ctx);
    await boss.schedule(ADMISSION_QUEUE, `*/${ADMISSION_EVERY_MINUTES} * * * *`, {}, { tz: 'UTC' });
    await boss.work(ADMISSION_QUEUE, async () => {
      const started = await admitQueuedTests(ctx);
      if (started.length > 0) ctx.log.info({ started }, 'queued tests started');
    });
  },
};
