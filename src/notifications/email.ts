import { and, eq } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import { notifications, users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { Config } from '../config';
import { escapeHtml } from '../http/escape-html';
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../shared/notification-kinds';
import { emailChoices } from './preferences';
import { unsubscribeUrl } from './unsubscribe-link';

type NotificationRow = typeof notifications.$inferSelect;

/** The e-mail of one notification: plain text and HTML, and a one-click unsubscribe for its kind. */
export function composeEmail(
  config: Config,
  to: { email: string; name: string },
  notification: NotificationRow,
): SendMailOptions {
  const kind: NotificationKind = notification.kind;
  const open = `${config.publicUrl}${notification.link}`;
  const unsubscribe = unsubscribeUrl(config, notification.userId, kind);
  const why = `You get this e-mail because “${NOTIFICATION_KIND_LABELS[kind]}” e-mails are on for your Titlewise account.`;
  const text = [
    `Hi ${to.name},`,
    '',
    notification.body,
    '',
    `Open Titlewise: ${open}`,
    '',
    '—',
    why,
    `Turn them off: ${unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font:15px/1.5 system-ui,sans-serif;color:#212529">
<p>Hi ${escapeHtml(to.name)},</p>
<p>${escapeHtml(notification.body)}</p>
<p><a href="${escapeHtml(open)}" style="color:#5f3dc4">Open Titlewise</a></p>
<hr style="border:none;border-top:1px solid #dee2e6">
<p style="font-size:13px;color:#495057">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}" style="color:#495057">Turn them off</a>.</p>
</body></html>`;
  return {
    from: config.mail.from,
    to: { name: to.name, address: to.email },
    subject: notification.title,
    text,
    html,
    messageId: `<notification-${notification.id}@${new URL(config.publicUrl).hostname}>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const transports = new Map<string, Transporter>();
/** One nodemailer transport per SMTP URL, reused by every e-mail the product sends. */
export function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/**
 * Sends a queued notification's e-mail over SMTP and marks it sent. A kind turned off since it
 * was queued is not sent. An SMTP failure is thrown, so the job retries; the message id is the
 * notification's, so a receiver can tell a repeat after a crash between sending and marking.
 */
export async function sendNotificationEmail(
  ctx: ServiceContext,
  notificationId: string,
): Promise<'sent' | 'skipped'> {
  const url = ctx.config.mail.url;
  const [row] = await ctx.db
    .select({ notification: notifications, user: users })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.id, notificationId));
  if (!row || row.notification.emailStatus !== 'pending') return 'skipped';
  if (!url || !(await emailChoices(ctx.db, row.user.id))[row.notification.kind]) {
    await ctx.db
      .update(notifications)
      .set({ emailStatus: url ? 'off' : 'none' })
      .where(eq(notifications.id, notificationId));
    return 'skipped';
  }
  await transportFor(url).sendMail(composeEmail(ctx.config, row.user, row.notification));
  await ctx.db
    .update(notifications)
    .set({ emailStatus: 'sent', emailedAt: ctx.clock.now() })
    .where(and(eq(notifications.id, notificationId), eq(notifications.emailStatus, 'pending')));
  return 'sent';
}
