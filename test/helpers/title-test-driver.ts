import { eq } from 'drizzle-orm';
import { simVideos } from '../../db/schema';
import { ADVANCE_QUEUE, advancePayloadSchema } from '../../jobs/title-test-queue';
import { enqueueDueTests } from '../../jobs/title-test-tick';
import type { EngineContext } from '../../src/title-tests/engine-context';
import { advanceTest } from '../../src/title-tests/rotation-engine';
import type { TestApp } from './test-app';

/**
 * Runs the title-test queue deterministically, as the workers would: enqueue what the product
 * clock says is due, then fetch and run jobs from the real pg-boss queue until none is ready.
 * Returns the errors jobs failed with (each failed job is marked failed in the queue).
 */
export async function runDueWork(testApp: TestApp, engine?: EngineContext): Promise<unknown[]> {
  const { boss } = testApp.built;
  const ctx = engine ?? testApp.built.app.engine;
  const errors: unknown[] = [];
  await enqueueDueTests(ctx.app, { graceMs: 0 });
  for (let round = 0; round < 100; round += 1) {
    const jobs = await boss.fetch(ADVANCE_QUEUE, { batchSize: 20 });
    if (jobs.length === 0) return errors;
    for (const job of jobs) {
      try {
        await advanceTest(ctx, advancePayloadSchema.parse(job.data).testId);
        await boss.complete(ADVANCE_QUEUE, job.id);
      } catch (error) {
        errors.push(error);
        await boss.fail(ADVANCE_QUEUE, job.id, { message: String(error) });
      }
    }
  }
  throw new Error('runDueWork: the queue never drained');
}

/** Advances the product clock hour by hour, running due work after each step. */
export async function runFor(testApp: TestApp, hours: number, engine?: EngineContext): Promise<void> {
  for (let hour = 0; hour < hours; hour += 1) {
    testApp.clock.advance(3_600_000);
    const errors = await runDueWork(testApp, engine);
    if (errors.length > 0) throw errors[0] as Error;
  }
}

/** The simulated video as Google holds it (the simulator's own table). */
export async function liveVideo(testApp: TestApp, videoId: string) {
  const [video] = await testApp.built.app.db.select().from(simVideos).where(eq(simVideos.id, videoId));
  if (!video) throw new Error(`no simulated video ${videoId}`);
  return video;
}
