import type { ServiceContext } from '../service-context';
import { revokeSession, type UserRow } from './session.service';
import type { PublicUser } from './auth.schemas';
import { toPublicUser } from './users.service';

/** The signed-in user as the client sees them. */
export function getCurrentUser(app: ServiceContext, user: UserRow): Promise<PublicUser> {
  return toPublicUser(app, user);
}

/** Logout revokes the session server-side, so a copied token stops working too. Idempotent. */
export async function signOut(app: ServiceContext, sessionToken: string | null): Promise<{ success: true }> {
  if (sessionToken) await revokeSession(app.db, sessionToken, app.clock.now());
  return { success: true };
}
