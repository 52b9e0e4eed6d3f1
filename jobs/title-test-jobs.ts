import type { Job, JobResult, PgBoss, WorkOptions } from 'pg-boss';
import type { EngineContext } from '../src/title-tests/engine-context';
import { advanceTest } from '../src/title-tests/rotation-engine';
import { ADVANCE_QUEUE, TICK_QUEUE, advancePayloadSchema } from './title-test-queue';
import { enqueueDueTests } from './title-test-tick';

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
export async function runAdvanceJobs(ctx: EngineContext, jobs: Job<unknown>[]): Promise<JobResult[]> {
  return Promise.all(
    jobs.map(async (job): Promise<JobResult> => {
      try {
        const { testId } = advancePayloadSchema.parse(job.data);
        const outcome = await advanceTest(ctx, testId);
        ctx.app.log.debug({ testId, outcome }, 'title test advanced');
        return { id: job.id, status: 'completed' };
      } catch (error) {
        return { id: job.id, status: 'failed', output: error };
      }
    }),
  );
}

export async function registerTitleTestJobs(boss: PgBoss, ctx: EngineContext): Promise<void> {
  await boss.schedule(TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  await boss.work(TICK_QUEUE, async () => {
    await enqueueDueTests(ctx.app);
  });
  await boss.work(ADVANCE_QUEUE, ADVANCE_WORKER_OPTIONS, async (jobs) => runAdvanceJobs(ctx, jobs));
}
