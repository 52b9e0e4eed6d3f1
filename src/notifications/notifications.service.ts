import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import type { ServiceContext } from '../platform/service-context';
import type { UserRow } from '../auth/session.service';
import type { NotificationKind } from '../shared/notification-kinds';
import { emailChoices, setEmailChoices, type EmailChoices } from './preferences';

/** How many notifications the list shows (the newest). */
export const NOTIFICATION_LIST_LIMIT = 30;

async function unreadCount(app: ServiceContext, userId: string): Promise<number> {
  const [row] = await app.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

export async function listNotifications(app: ServiceContext, user: UserRow) {
  const rows = await app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return {
    unreadCount: await unreadCount(app, user.id),
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      testId: row.testId,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      read: row.readAt !== null,
      email: row.emailStatus,
    })),
  };
}

/** Marks the user's notifications read: the given ones (others' ids are ignored), or all. */
export async function markNotificationsRead(app: ServiceContext, user: UserRow, ids: string[] | undefined) {
  await app.db
    .update(notifications)
    .set({ readAt: app.clock.now() })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        ...(ids ? [inArray(notifications.id, ids)] : []),
      ),
    );
  return { unreadCount: await unreadCount(app, user.id) };
}

/** Where e-mail can be seen and whether any is sent, with this deployment's configuration. */
function mailSetup(app: ServiceContext) {
  const { mail, google } = app.config;
  return {
    emailAvailable: mail.url !== null,
    outboxUrl: mail.catcherPort !== null && google.simulatorUrl ? `${google.simulatorUrl}/outbox` : null,
  };
}

export async function getNotificationPreferences(app: ServiceContext, user: UserRow) {
  return { email: await emailChoices(app.db, user.id), ...mailSetup(app) };
}

export async function setNotificationPreferences(
  app: ServiceContext,
  user: UserRow,
  input: { email: Partial<EmailChoices> },
) {
  const email = await setEmailChoices(app.db, user.id, input.email, app.clock.now());
  return { email, ...mailSetup(app) };
}

/** The one-click unsubscribe: turns one kind of e-mail off for one user (the link proved it). */
export async function unsubscribe(
  app: ServiceContext,
  userId: string,
  kind: NotificationKind,
): Promise<void> {
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  // An account deleted since the e-mail was sent gets no e-mail at all: nothing to turn off.
  if (user) await setEmailChoices(app.db, userId, { [kind]: false }, app.clock.now());
}
