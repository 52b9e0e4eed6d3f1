import type { BillingContext } from './billing-context';
import { getUser } from '../auth';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../errors/app-error';

/** A Stripe Customer Portal link where the user manages or cancels their subscription. */
export async function createPortalLink(ctx: BillingContext, actor: UserRow): Promise<{ url: string }> {
  const user = await getUser(ctx.db, actor.id);
  if (!user.stripeCustomerId) {
    throw conflict('You have no subscription to manage yet. Choose a plan on /paywall first.');
  }
  const url = await ctx.billing.createPortalSession({
    customerId: user.stripeCustomerId,
    returnUrl: `${ctx.config.publicUrl}/dashboard`,
  });
  return { url };
}
