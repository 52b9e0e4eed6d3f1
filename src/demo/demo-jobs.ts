import type { PgBoss } from 'pg-boss';
import type { FeatureJobs } from '../jobs/feature-jobs';
import type { ServiceContext } from '../service-context';
import { poolNeedsCopy, prepareDemoCopy, removeOldDemoCopies } from './demo-copies';
import { simulatorControl } from './simulator-control';

export const DEMO_PREPARE_QUEUE = 'demo.prepare';
export const DEMO_CLEANUP_QUEUE = 'demo.cleanup';
/** Demo copies kept ready ahead of visitors. */
export const DEMO_POOL_SIZE = 1;

async function createDemoQueues(boss: PgBoss): Promise<void> {
  // One preparation at a time per deployment; the pool check makes a repeat harmless.
  await boss.createQueue(DEMO_PREPARE_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 900 });
  await boss.createQueue(DEMO_CLEANUP_QUEUE, { policy: 'stately' });
}

/**
 * After a visitor claimed the ready copy, the next one is prepared this much later: preparing runs
 * the engine hard for a while, and on the embedded database it would slow the visitor's first
 * minutes.
 */
const REFILL_DELAY_SECONDS = 300;

/** Asks the workers for one more demo copy (when the pool is short of one), now or after a claim. */
export async function requestDemoCopy(
  app: ServiceContext,
  options: { afterClaim?: boolean } = {},
): Promise<void> {
  if (!app.config.demoHistory) return;
  await app.boss.send(DEMO_PREPARE_QUEUE, {}, options.afterClaim ? { startAfter: REFILL_DELAY_SECONDS } : {});
}

/**
 * With DEMO_HISTORY: keeps a copy of the demo channel ready, so a visitor's "Try the demo" finds
 * one at once (a copy takes tens of seconds to run), and removes copies whose day is over, hourly.
 */
async function startDemoWorkers(boss: PgBoss, app: ServiceContext): Promise<void> {
  if (!app.config.demoHistory) return;
  const control = simulatorControl(app.config);
  await boss.work(DEMO_PREPARE_QUEUE, async () => {
    if (await poolNeedsCopy(app, DEMO_POOL_SIZE)) await prepareDemoCopy(app, control);
  });
  await boss.schedule(DEMO_CLEANUP_QUEUE, '17 * * * *', {}, { tz: 'UTC' });
  await boss.work(DEMO_CLEANUP_QUEUE, async () => {
    if ((await removeOldDemoCopies(app, control)) > 0) await requestDemoCopy(app);
  });
  await requestDemoCopy(app);
}

export const demoJobs: FeatureJobs = { createQueues: createDemoQueues, startWorkers: startDemoWorkers };
