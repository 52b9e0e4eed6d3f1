import type { ServiceContext } from '../context/service-context';
import type { Membership } from '../api/declare/operation';
import { revokeSession } from './session.service';
import type { UserRow } from '../../db/schema/users';
import type { PublicUser } from './auth.schemas';
import { toPublicUser } from './users.service';

/** The signed-in user as the client sees them, with the team their session lookup found. */
export function getCurrentUser(
  ctx: ServiceContext,
  user: UserRow,
  membership: Membership | null,
): Promise<PublicUser> {
  return toPublicUser(ctx, user, membership);
}

/** Logout revokes the session server-side, so a copied token stops working too. Idempotent. */
export async function signOut(ctx: ServiceContext, sessionToken: string | null): Promise<{ success: true }> {
  if (sessionToken) await revokeSession(ctx.db, sessionToken, ctx.clock.now());
  return { success: true };
}
