import type { FeatureJobs } from '../jobs/feature-jobs';
import type { ServiceContext } from '../platform/service-context';
import { sendNotificationEmail } from './email';
import { createNotificationQueues, EMAIL_QUEUE, emailPayloadSchema } from './notification-queue';

/** One e-mail job: the notification's message goes out, once. */
export async function handleEmailJob(app: ServiceContext, payload: unknown): Promise<void> {
  await sendNotificationEmail(app, emailPayloadSchema.parse(payload).notificationId);
}

export const notificationJobs: FeatureJobs = {
  createQueues: createNotificationQueues,
  async startWorkers(boss, ctx) {
    await boss.work(EMAIL_QUEUE, async ([job]) => handleEmailJob(ctx, job?.data));
  },
};
