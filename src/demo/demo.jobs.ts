import { z } from 'zod';
import { defineJob } from '../context/job';
import type { ServiceContext } from '../context/service-context';
import { removeOldDemoCopies } from './demo-copies';
import { maintainTemplate } from './demo-templates';
import { simulatorControl } from './simulator-control';
import { prepareInChildProcess } from './rehearsal-process';

/**
 * After a visitor's claim, the template is looked at this much later: a refresh or a new rehearsal
 * runs the engine for a while, and on the embedded database it would slow the visitor's first
 * minutes.
 */
const REFILL_DELAY_SECONDS = 60;

/** The demo's jobs run only with DEMO_HISTORY. */
const demoHistoryOn = (ctx: ServiceContext) => ctx.config.demoHistory;

/**
 * Keeps a demo template rehearsed and fresh (demo-templates.ts), so a visitor's "Try the demo"
 * clones one at once (rehearsing takes tens of seconds): every five minutes, at start and after
 * each claim. One preparation at a time per deployment; maintainTemplate makes a repeat harmless.
 */
export const demoPrepareJob = defineJob({
  name: 'demo.prepare',
  payload: z.object({}),
  queue: { policy: 'singleton', retryLimit: 2, expireInSeconds: 900 },
  schedule: { cron: '*/5 * * * *', tz: 'UTC' },
  enabled: demoHistoryOn,
  runAtStart: true,
  // On PostgreSQL a child process rehearses, so the server does not keep the rehearsal's memory;
  // a refresh (minutes of simulated time) stays here.
  handler: (ctx) =>
    maintainTemplate(
      ctx,
      simulatorControl(ctx.config),
      ctx.config.demoRehearsalProcess ? () => prepareInChildProcess(ctx) : undefined,
    ),
});

/** Hourly: removes demo copies whose day is over, and asks for a fresh template when it did. */
export const demoCleanupJob = defineJob({
  name: 'demo.cleanup',
  payload: z.object({}),
  queue: { policy: 'stately' },
  schedule: { cron: '17 * * * *', tz: 'UTC' },
  enabled: demoHistoryOn,
  async handler(ctx) {
    if ((await removeOldDemoCopies(ctx, simulatorControl(ctx.config))) > 0) await requestDemoCopy(ctx);
  },
});

/** Asks the workers to keep the demo template fit to clone, now or (after a visitor's claim) a minute later. */
export async function requestDemoCopy(
  ctx: ServiceContext,
  options: { afterClaim?: boolean } = {},
): Promise<void> {
  if (!ctx.config.demoHistory) return;
  await demoPrepareJob.send(ctx, {}, options.afterClaim ? { startAfter: REFILL_DELAY_SECONDS } : {});
}
