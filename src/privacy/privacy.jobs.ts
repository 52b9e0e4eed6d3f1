import { z } from 'zod';
import { defineJob } from '../context/job';
import { eraseAccountWhenReady } from './erase-account';
import { runRetention } from './retention';
import type { EngineContext } from '../title-tests';

/** How long an account deletion waits before looking again for its tests' original titles. */
const ERASE_RETRY_SECONDS = 60;

/** One account-deletion job: erases the account, or looks again a minute later while titles go back. */
export async function handleEraseAccount(ctx: EngineContext, payload: { userId: string }): Promise<void> {
  if ((await eraseAccountWhenReady(ctx, payload.userId)) === 'waiting')
    await eraseAccountJob.send(ctx, payload, { startAfter: ERASE_RETRY_SECONDS });
}

/** Finishes one account deletion: keyed by user (one queued and one running at most). */
export const eraseAccountJob = defineJob({
  name: 'privacy.erase-account',
  payload: z.object({ userId: z.uuid() }),
  queue: { policy: 'stately', retryLimit: 10, retryDelay: 60, retryBackoff: true },
  key: (payload) => payload.userId,
  handler: handleEraseAccount,
});

/** Hourly: re-checks ageing grants, erases data whose grant is too old, finishes stuck deletions. */
export const retentionJob = defineJob({
  name: 'privacy.retention',
  payload: z.object({}),
  queue: { policy: 'stately' },
  schedule: { cron: '41 * * * *', tz: 'UTC' },
  async handler(ctx: EngineContext) {
    const report = await runRetention(ctx);
    ctx.log.info(report, 'Data retention pass');
  },
});
