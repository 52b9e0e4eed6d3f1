import type { PgBoss } from 'pg-boss';
import type { FeatureJobs } from '../jobs/feature-jobs';
import type { ServiceContext } from '../platform/service-context';
import { removeOldDemoCopies } from './demo-copies';
import { maintainTemplate } from './demo-templates';
import { simulatorControl } from './simulator-control';

export const DEMO_PREPARE_QUEUE = 'demo.prepare';
export const DEMO_CLEANUP_QUEUE = 'demo.cleanup';

async function createDemoQueues(boss: PgBoss): Promise<void> {
  // One preparation at a time per deployment; maintainTemplate makes a repeat harmless.
  await boss.createQueue(DEMO_PREPARE_QUEUE, { policy: 'singleton', retryLimit: 2, expireInSeconds: 900 });
  await boss.createQueue(DEMO_CLEANUP_QUEUE, { policy: 'stately' });
}

/**
 * After a visitor's claim, the template is looked at this much later: a refresh or a new rehearsal
 * runs the engine for a while, and on the embedded database it would slow the visitor's first
 * minutes.
 */
const REFILL_DELAY_SECONDS = 60;

/** Asks the workers to keep the demo template fit to clone (demo-templates.ts), now or after a claim. */
export async function requestDemoCopy(
  app: ServiceContext,
  options: { afterClaim?: boolean } = {},
): Promise<void> {
  if (!app.config.demoHistory) return;
  await app.boss.send(DEMO_PREPARE_QUEUE, {}, options.afterClaim ? { startAfter: REFILL_DELAY_SECONDS } : {});
}

/**
 * With DEMO_HISTORY: keeps a demo template rehearsed and fresh (looked at every five minutes), so
 * a visitor's "Try the demo" clones one at once (rehearsing takes tens of seconds), and removes
 * copies whose day is over, hourly.
 */
async function startDemoWorkers(boss: PgBoss, app: ServiceContext): Promise<void> {
  if (!app.config.demoHistory) return;
  const control = simulatorControl(app.config);
  await boss.work(DEMO_PREPARE_QUEUE, () => maintainTemplate(app, control));
  await boss.schedule(DEMO_PREPARE_QUEUE, '*/5 * * * *', {}, { tz: 'UTC' });
  await boss.schedule(DEMO_CLEANUP_QUEUE, '17 * * * *', {}, { tz: 'UTC' });
  await boss.work(DEMO_CLEANUP_QUEUE, async () => {
    if ((await removeOldDemoCopies(app, control)) > 0) await requestDemoCopy(app);
  });
  await requestDemoCopy(app);
}

export const demoJobs: FeatureJobs = { createQueues: createDemoQueues, startWorkers: startDemoWorkers };
