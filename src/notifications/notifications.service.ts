import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { notifications, users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { UserRow } from '../../db/schema/users';
import type { NotificationKind } from '../shared/notification-kinds';
import { emailChoices, setEmailChoices, type EmailChoices } from './preferences';

/** How many notifications the list shows (the newest). */
export const NOTIFICATION_LIST_LIMIT = 30;

async function unreadCount(ctx: ServiceContext, userId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

export async function listNotifications(ctx: ServiceContext, user: UserRow) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return {
    unreadCount: await unreadCount(ctx, user.id),
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
export async function markNotificationsRead(ctx: ServiceContext, user: UserRow, ids: string[] | undefined) {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.clock.now() })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        ...(ids ? [inArray(notifications.id, ids)] : []),
      ),
    );
  return { unreadCount: await unreadCount(ctx, user.id) };
}

/** Where e-mail can be seen and whether any is sent, with this deployment's configuration. */
function mailSetup(ctx: ServiceContext) {
  const { mail, google } = ctx.config;
  return {
    emailAvailable: mail.url !== null,
    outboxUrl: mail.catcherPort !== null && google.simulatorUrl ? `${google.simulatorUrl}/outbox` : null,
  };
}

export async function getNotificationPreferences(ctx: ServiceContext, user: UserRow) {
  return { email: await emailChoices(ctx.db, user.id), ...mailSetup(ctx) };
}

export async function setNotificationPreferences(
  ctx: ServiceContext,
  user: UserRow,
  input: { email: Partial<EmailChoices> },
) {
  const email = await setEmailChoices(ctx.db, user.id, input.email, ctx.clock.now());
  return { email, ...mailSetup(ctx) };
}

/** The one-click unsubscribe: turns one kind of e-mail off for one user (the link proved it). */
export async function unsubscribe(
  ctx: ServiceContext,
  userId: string,
  kind: NotificationKind,
): Promise<void> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  // An account deleted since the e-mail was sent gets no e-mail at all: nothing to turn off.
  if (user) await setEmailChoices(ctx.db, userId, { [kind]: false }, ctx.clock.now());
}
