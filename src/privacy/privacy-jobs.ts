import type { PgBoss } from 'pg-boss';
import type { EngineContext } from '../title-tests/engine-context';
import { eraseAccountWhenReady } from './erase-account';
import {
  ERASE_ACCOUNT_QUEUE,
  ERASE_RETRY_SECONDS,
  RETENTION_QUEUE,
  eraseAccountPayloadSchema,
  scheduleEraseAccount,
} from './privacy-queue';
import { runRetention } from './retention';

/** One account-deletion job: erases the account, or looks again a minute later while titles go back. */
export async function handleEraseAccount(ctx: EngineContext, payload: unknown): Promise<void> {
  const { userId } = eraseAccountPayloadSchema.parse(payload);
  if ((await eraseAccountWhenReady(ctx, userId)) === 'waiting')
    await scheduleEraseAccount(ctx.app, userId, ERASE_RETRY_SECONDS);
}

/** One retention pass, logged. */
export async function handleRetention(ctx: EngineContext): Promise<void> {
  const report = await runRetention(ctx);
  ctx.app.log.info(report, 'Data retention pass');
}

export async function registerPrivacyJobs(boss: PgBoss, ctx: EngineContext): Promise<void> {
  await boss.work(ERASE_ACCOUNT_QUEUE, async ([job]) => handleEraseAccount(ctx, job?.data));
  await boss.schedule(RETENTION_QUEUE, '41 * * * *', {}, { tz: 'UTC' });
  await boss.work(RETENTION_QUEUE, async () => handleRetention(ctx));
}
