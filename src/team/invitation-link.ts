import { createHash, createHmac } from 'node:crypto';
import type { Config } from '../config';
import { invitationPagePath } from '../shared/team';

/*
 * An invitation link's token is the HMAC of the invitation's id under the deployment's secret:
 * nobody can make one without that secret, and only its SHA-256 is stored, so the table alone
 * opens no invitation. It expires with the invitation's row (expires_at), and withdrawing the
 * invitation ends it at once.
 */

export function invitationToken(config: Config, invitationId: string): string {
  return createHmac('sha256', config.sessionSecret)
    .update(`team-invitation:${invitationId}`)
    .digest('base64url');
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link of a stored invitation, or null when the secret changed since (it cannot be derived again). */
export function invitationUrl(config: Config, invitation: { id: string; tokenHash: string }): string | null {
  const token = invitationToken(config, invitation.id);
  return invitationTokenHash(token) === invitation.tokenHash
    ? `${config.publicUrl}${invitationPagePath(token)}`
    : null;
}
