import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { NotificationKind } from '../shared/notification-kinds';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

function signature(config: Config, userId: string, kind: NotificationKind): string {
  return createHmac('sha256', config.sessionSecret)
    .update(`unsubscribe:${userId}:${kind}`)
    .digest('base64url');
}

/**
 * The one-click unsubscribe link of one kind of e-mail for one user. It carries its own proof
 * (an HMAC with the deployment's secret), so it works from any mail client without a session,
 * and it can only turn that one kind off.
 */
export function unsubscribeUrl(config: Config, userId: string, kind: NotificationKind): string {
  const query = new URLSearchParams({ u: userId, k: kind, t: signature(config, userId, kind) });
  return `${config.publicUrl}${UNSUBSCRIBE_PATH}?${query}`;
}

export function isValidUnsubscribe(
  config: Config,
  userId: string,
  kind: NotificationKind,
  token: string,
): boolean {
  const expected = Buffer.from(signature(config, userId, kind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
