import type { PgBoss } from 'pg-boss';
import type { EngineContext } from '../src/title-tests/engine-context';
import { advanceTest } from '../src/title-tests/rotation-engine';
import { ADVANCE_QUEUE, TICK_QUEUE, advancePayloadSchema } from './title-test-queue';
import { enqueueDueTests } from './title-test-tick';

export async function registerTitleTestJobs(boss: PgBoss, ctx: EngineContext): Promise<void> {
  await boss.schedule(TICK_QUEUE, '* * * * *', {}, { tz: 'UTC' });
  await boss.work(TICK_QUEUE, async () => {
    await enqueueDueTests(ctx.app);
  });
  await boss.work(ADVANCE_QUEUE, { localConcurrency: 4, batchSize: 1 }, async ([job]) => {
    const { testId } = advancePayloadSchema.parse(job!.data);
    const outcome = await advanceTest(ctx, testId);
    ctx.app.log.debug({ testId, outcome }, 'title test advanced');
  });
}

