import { sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { ServiceContext } from '../platform/service-context';
import type { DbOrTx } from '../db/database';

/** Sends one notification's e-mail (keyed by notification: queued once, retried on SMTP failure). */
export const EMAIL_QUEUE = 'notifications.email';
export const emailPayloadSchema = z.object({ notificationId: z.uuid() });

export async function createNotificationQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(EMAIL_QUEUE, {
    policy: 'stately',
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
  });
}

/** Queues the e-mail of a notification, in the transaction that records it when there is one. */
export async function queueEmail(app: ServiceContext, db: DbOrTx, notificationId: string): Promise<void> {
  await app.boss.send(
    EMAIL_QUEUE,
    { notificationId },
    {
      singletonKey: notificationId,
      ...(db === app.db ? {} : { db: fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql) }),
    },
  );
}
