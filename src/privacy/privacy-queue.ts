import type { PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { ServiceContext } from '../platform/service-context';

/** Finishes one account deletion (keyed by user: one queued and one running at most). */
export const ERASE_ACCOUNT_QUEUE = 'privacy.erase-account';
/** Hourly: re-checks ageing grants, erases data whose grant is too old, finishes stuck deletions. */
export const RETENTION_QUEUE = 'privacy.retention';

export const eraseAccountPayloadSchema = z.object({ userId: z.uuid() });

/** How long an account deletion waits before looking again for its tests' original titles. */
export const ERASE_RETRY_SECONDS = 60;

export async function createPrivacyQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(ERASE_ACCOUNT_QUEUE, {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 60,
    retryBackoff: true,
  });
  await boss.createQueue(RETENTION_QUEUE, { policy: 'stately' });
}

export async function scheduleEraseAccount(
  app: ServiceContext,
  userId: string,
  afterSeconds = 0,
): Promise<void> {
  await app.boss.send(
    ERASE_ACCOUNT_QUEUE,
    { userId },
    { singletonKey: userId, ...(afterSeconds > 0 ? { startAfter: afterSeconds } : {}) },
  );
}
