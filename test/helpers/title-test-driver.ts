import { eq } from 'drizzle-orm';
import { simVideos } from '../../db/schema';
import { ADVANCE_QUEUE } from '../../src/title-tests/engine/title-tests.jobs';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';
import {
  fastForward,
  runDueAdvances,
  type FastForwardReport,
} from '../../src/title-tests/simulation/fast-forward';
import type { TestApp } from './test-app';

/**
 * Runs the title-test queue deterministically, as the workers would: enqueue what the product
 * clock says is due, then fetch and run jobs from the real pg-boss queue through the worker's
 * handler until none is ready. Returns the errors jobs failed with (each failed job is marked
 * failed in the queue).
 */
export async function runDueWork(testApp: TestApp, ctx?: EngineContext): Promise<unknown[]> {
  return runDueAdvances(ctx ?? testApp.built.app);
}

/**
 * Moves the product clock to `target` event by event, running every job the workers would have
 * run meanwhile (rotations, view samples, daily figures, decisions), in time order.
 */
export async function fastForwardTo(
  testApp: TestApp,
  target: Date,
  ctx?: EngineContext,
): Promise<FastForwardReport> {
  return fastForward(ctx ?? testApp.built.app, testApp.clock, target);
}

/**
 * Moves the product clock `hours` ahead through fastForwardTo; throws the first error a
 * title-test job failed with.
 */
export async function runFor(testApp: TestApp, hours: number, ctx?: EngineContext): Promise<void> {
  const report = await fastForwardTo(
    testApp,
    new Date(testApp.clock.now().getTime() + hours * 3_600_000),
    ctx,
  );
  const failed = report.failures.find((failure) => failure.queue === ADVANCE_QUEUE);
  if (failed) throw failed.error as Error;
}

/** The simulated video as Google holds it (the simulator's own table). */
export async function liveVideo(testApp: TestApp, videoId: string) {
  const [video] = await testApp.built.app.db.select().from(simVideos).where(eq(simVideos.id, videoId));
  if (!video) throw new Error(`no simulated video ${videoId}`);
  return video;
}
