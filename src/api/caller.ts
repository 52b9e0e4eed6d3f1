import type { RequestAuth } from './declare/operation';
import type { AnyOperation, Caller } from './declare/operation';

/**
 * Who an operation works for (src/api/declare/operation.ts, `Caller`): the signed-in person, or, when
 * they are on a team and the operation is open to the team, the team's owner with the member's
 * role. The membership comes with the session lookup, whose cached answer any change to a team
 * moves on (migration 0015), so a removed member loses access at their next request.
 */
export function callerFor(operation: Pick<AnyOperation, 'team'>, auth: RequestAuth | null): Caller | null {
  if (!auth) return null;
  const { membership } = auth;
  if (!operation.team || !membership) return { ...auth, actor: auth.user, role: 'owner' };
  return { ...auth, user: membership.owner, actor: auth.user, role: membership.role };
}
