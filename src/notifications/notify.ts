import { notifications } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { DbOrTx } from '../db/database';
import type { NotificationKind } from '../shared/notification-kinds';
import { emailJob } from './notifications.jobs';
import { emailChoices } from './preferences';

export interface NotificationEvent {
  userId: string;
  testId: string | null;
  kind: NotificationKind;
  /** Names the event itself: recording the same event again (a retried job) changes nothing. */
  eventKey: string;
  title: string;
  body: string;
  link: string;
}

/**
 * Records what happened for the creator's notification list and, when they get this kind by
 * e-mail and a mail server is configured, queues its e-mail: in `db`'s transaction, so the
 * notification exists exactly when the change it reports does. Every notification of the product
 * goes through here. `email: false` records it in the app only (a demo channel's rehearsed past,
 * which nobody was waiting for). Returns whether the event was new.
 */
export async function notify(
  ctx: ServiceContext,
  db: DbOrTx,
  event: NotificationEvent,
  options: { email?: boolean } = {},
): Promise<boolean> {
  const emailed =
    options.email !== false &&
    ctx.config.mail.url !== null &&
    (await emailChoices(db, event.userId))[event.kind];
  const [created] = await db
    .insert(notifications)
    .values({
      ...event,
      createdAt: ctx.clock.now(),
      emailStatus: emailed ? 'pending' : ctx.config.mail.url === null ? 'none' : 'off',
    })
    .onConflictDoNothing({ target: notifications.eventKey })
    .returning({ id: notifications.id });
  if (!created) return false;
  if (emailed) await emailJob.send({ ...ctx, db }, { notificationId: created.id });
  return true;
}
