import { z } from 'zod';
import { defineJob } from '../context/job';
import type { ServiceContext } from '../context/service-context';
import { sendNotificationEmail } from './email';

/** One e-mail job: the notification's message goes out, once. */
export async function handleEmailJob(
  ctx: ServiceContext,
  payload: { notificationId: string },
): Promise<void> {
  await sendNotificationEmail(ctx, payload.notificationId);
}

/**
 * Sends one notification's e-mail: keyed by notification (queued once), retried on SMTP failure.
 * Queued in the transaction that records the notification.
 */
export const emailJob = defineJob({
  name: 'notifications.email',
  payload: z.object({ notificationId: z.uuid() }),
  queue: { policy: 'stately', retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  key: (payload) => payload.notificationId,
  handler: handleEmailJob,
});
