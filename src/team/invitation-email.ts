import { eq } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import { teamInvitations, users } from '../../db/schema';
import type { Config } from '../config';
import { escapeHtml } from '../http/escape-html';
import { transportFor } from '../notifications';
import type { ServiceContext } from '../context/service-context';
import { TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS } from '../shared/team';
import { invitationUrl } from './invitation-link';

type InvitationRow = typeof teamInvitations.$inferSelect;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The invitation e-mail: plain text and HTML, with the link and when it expires. */
export function composeInvitationEmail(
  config: Config,
  owner: { name: string },
  invitation: InvitationRow,
  url: string,
): SendMailOptions {
  const role = TEAM_ROLE_LABELS[invitation.role];
  const what = `${owner.name} invited you to their Titlewise team as ${role === 'Editor' ? 'an editor' : 'a viewer'}: ${TEAM_ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}`;
  const until = `The link works until ${dateFormat.format(invitation.expiresAt)} (UTC). Sign in with the Google account of ${invitation.email} to accept it.`;
  const text = [`Hi,`, '', what, '', `Accept the invitation: ${url}`, '', until].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font:15px/1.5 system-ui,sans-serif;color:#212529">
<p>Hi,</p>
<p>${escapeHtml(what)}</p>
<p><a href="${escapeHtml(url)}" style="color:#5f3dc4">Accept the invitation</a></p>
<p style="font-size:13px;color:#495057">${escapeHtml(until)}</p>
</body></html>`;
  return {
    from: config.mail.from,
    to: invitation.email,
    subject: `${owner.name} invited you to their Titlewise team`,
    text,
    html,
    messageId: `<team-invitation-${invitation.id}@${new URL(config.publicUrl).hostname}>`,
  };
}

/**
 * Sends a queued invitation's e-mail over SMTP. A withdrawn, accepted or expired invitation is
 * not sent. An SMTP failure is thrown, so the job retries; the message id is the invitation's.
 */
export async function sendInvitationEmail(
  ctx: ServiceContext,
  invitationId: string,
): Promise<'sent' | 'skipped'> {
  const url = ctx.config.mail.url;
  const [row] = await ctx.db
    .select({ invitation: teamInvitations, owner: users })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.ownerUserId))
    .where(eq(teamInvitations.id, invitationId));
  if (!url || !row) return 'skipped';
  const { invitation, owner } = row;
  if (invitation.revokedAt || invitation.acceptedAt || invitation.expiresAt <= ctx.clock.now())
    return 'skipped';
  const link = invitationUrl(ctx.config, invitation);
  if (!link) return 'skipped';
  await transportFor(url).sendMail(composeInvitationEmail(ctx.config, owner, invitation, link));
  return 'sent';
}
