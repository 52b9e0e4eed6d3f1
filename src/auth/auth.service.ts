import type { AppContext } from '../app-context';
import type { RequestAuth } from '../http/request-auth';
import { unauthorized } from '../errors/app-error';
import type { PublicUser } from './auth.schemas';
import { revokeSession } from './session.service';
import { toPublicUser } from './users.service';

/** The signed-in user as the client sees them; 401 when nobody is signed in. */
export async function getCurrentUser(app: AppContext, auth: RequestAuth | null): Promise<PublicUser> {
  if (!auth) throw unauthorized('Not signed in.');
  return toPublicUser(app, auth.user);
}

/** Logout revokes the session server-side, so a copied token stops working too. Idempotent. */
export async function signOut(app: AppContext, auth: RequestAuth | null): Promise<{ success: true }> {
  if (auth) await revokeSession(app.db, auth.token, app.clock.now());
  return { success: true };
}
