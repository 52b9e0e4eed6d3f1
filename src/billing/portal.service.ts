import type { ServiceContext } from '../platform/service-context';
import { getUser } from '../auth/users.service';
import type { UserRow } from '../auth/session.service';
import { conflict } from '../errors/app-error';

/** A Stripe Customer Portal link where the user manages or cancels their subscription. */
export async function createPortalLink(app: ServiceContext, actor: UserRow): Promise<{ url: string }> {
  const user = await getUser(app.db, actor.id);
  if (!user.stripeCustomerId) {
    throw conflict('You have no subscription to manage yet. Choose a plan on /paywall first.');
  }
  const url = await app.billing.createPortalSession({
    customerId: user.stripeCustomerId,
    returnUrl: `${app.config.publicUrl}/dashboard`,
  });
  return { url };
}
