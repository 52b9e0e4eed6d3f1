import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { BillingContext } from './billing-context';
import { getUser } from '../auth';
import type { UserRow } from '../../db/schema/users';
import { AppError, conflict } from '../errors/app-error';
import { isSubscribedTier } from '../shared/plans';
import type { PaidPlan } from './billing.schemas';
import { priceIdFor } from './checkout-plans';
import { createPortalLink } from './portal.service';
import { applySubscriptionTruth } from './subscription-sync';

/** Where Stripe sends the browser after paying: we re-read the session, then go to the dashboard. */
export const CHECKOUT_RETURN_PATH = '/api/billing/checkout/complete';

/**
 * The user's Stripe customer, created once and reused. A retried or concurrent first call gets the
 * same customer from Stripe (idempotency key per user); only the first one is stored.
 */
async function ensureStripeCustomer(ctx: BillingContext, actor: UserRow): Promise<string> {
  const user = await getUser(ctx.db, actor.id);
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customerId = await ctx.billing.createCustomer({
    userId: user.id,
    email: user.email,
    name: user.name,
  });
  await ctx.db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.stripeCustomerId)));
  return (await getUser(ctx.db, user.id)).stripeCustomerId ?? customerId;
}

/**
 * POST /api/create-subscription: a Stripe Checkout Session for the plan's price, answered as the URL
 * the browser goes to. A user whose Stripe subscription is active changes or cancels it in the
 * Customer Portal instead of buying a second one (also while a payment is being retried); a
 * lifetime user has nothing to buy.
 */
export async function createSubscriptionCheckout(
  ctx: BillingContext,
  actor: UserRow,
  plan: PaidPlan,
): Promise<{ checkoutUrl: string }> {
  const user = await getUser(ctx.db, actor.id);
  if (user.isLifetime || user.subscriptionTier === 'lifetime') {
    throw conflict('Your lifetime plan already includes everything Authority has.');
  }
  // Active, or past due while Stripe retries the payment: the portal switches plans or fixes the card.
  if (user.stripeSubscriptionId && isSubscribedTier(user.subscriptionTier)) {
    return { checkoutUrl: (await createPortalLink(ctx, user)).url };
  }
  const customerId = await ensureStripeCustomer(ctx, user);
  const session = await ctx.billing.createCheckoutSession({
    customerId,
    priceId: priceIdFor(ctx.config, plan),
    userId: user.id,
    plan,
    successUrl: `${ctx.config.publicUrl}${CHECKOUT_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ctx.config.publicUrl}/paywall`,
  });
  if (!session.url)
    throw new AppError('UPSTREAM_UNAVAILABLE', 'Stripe did not open a checkout page. Please try again.');
  return { checkoutUrl: session.url };
}

/**
 * After a successful checkout the browser comes back before (or after) Stripe's webhook: re-read
 * the session and its subscription from Stripe and apply them, so the dashboard shows the new plan
 * at once. Safe to repeat and safe for anyone to trigger: only Stripe's own answer is applied.
 */
export async function syncCompletedCheckout(ctx: BillingContext, sessionId: string): Promise<void> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return;
  const session = await ctx.billing.getCheckoutSession(sessionId);
  if (session?.status !== 'complete' || !session.subscriptionId) return;
  const subscription = await ctx.billing.getSubscription(session.subscriptionId);
  if (!subscription) return;
  await ctx.db.transaction((tx) => applySubscriptionTruth(ctx, tx, subscription, session.userId));
}
