import type { PgBoss } from 'pg-boss';
import type { AppContext } from '../app-context';
import { sendNotificationEmail } from './email';
import { EMAIL_QUEUE, emailPayloadSchema } from './notification-queue';

/** One e-mail job: the notification's message goes out, once. */
export async function handleEmailJob(app: AppContext, payload: unknown): Promise<void> {
  await sendNotificationEmail(app, emailPayloadSchema.parse(payload).notificationId);
}

export async function registerNotificationJobs(boss: PgBoss, app: AppContext): Promise<void> {
  await boss.work(EMAIL_QUEUE, async ([job]) => handleEmailJob(app, job?.data));
}
