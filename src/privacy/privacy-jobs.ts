import type { FeatureJobs } from '../jobs/feature-jobs';
import type { ServiceContext } from '../platform/service-context';
import { eraseAccountWhenReady } from './erase-account';
import {
  createPrivacyQueues,
  ERASE_ACCOUNT_QUEUE,
  ERASE_RETRY_SECONDS,
  RETENTION_QUEUE,
  eraseAccountPayloadSchema,
  scheduleEraseAccount,
} from './privacy-queue';
import { runRetention } from './retention';

/** One account-deletion job: erases the account, or looks again a minute later while titles go back. */
export async function handleEraseAccount(ctx: ServiceContext, payload: unknown): Promise<void> {
  const { userId } = eraseAccountPayloadSchema.parse(payload);
  if ((await eraseAccountWhenReady(ctx, userId)) === 'waiting')
    await scheduleEraseAccount(ctx, userId, ERASE_RETRY_SECONDS);
}

/** One retention pass, logged. */
export async function handleRetention(ctx: ServiceContext): Promise<void> {
  const report = await runRetention(ctx);
  ctx.log.info(report, 'Data retention pass');
}

export const privacyJobs: FeatureJobs = {
  createQueues: createPrivacyQueues,
  async startWorkers(boss, ctx) {
    await boss.work(ERASE_ACCOUNT_QUEUE, async ([job]) => handleEraseAccount(ctx, job?.data));
    await boss.schedule(RETENTION_QUEUE, '41 * * * *', {}, { tz: 'UTC' });
    await boss.work(RETENTION_QUEUE, async () => handleRetention(ctx));
  },
};
