import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { SubscriptionTier } from '../../db/schema/users';
import type { ServiceContext } from '../context/service-context';
import { recordAudit } from '../audit';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import type { SubscriptionTruth } from './billing-provider';
import { planForPrice } from './checkout-plans';

type Access = { subscriptionTier: SubscriptionTier; subscriptionStatus: 'active' | 'inactive' } | null;

/**
 * What a Stripe subscription status means for the user's plan. Active and trialing give the plan;
 * past_due keeps the plan's limits while Stripe retries the payment but marks the subscription
 * inactive; canceled, unpaid, expired and paused end access; incomplete (first payment pending)
 * changes nothing yet.
 */
export function accessFor(status: string, plan: 'pro' | 'authority'): Access {
  switch (status) {
    case 'active':
    case 'trialing':
      return { subscriptionTier: plan, subscriptionStatus: 'active' };
    case 'past_due':
      return { subscriptionTier: plan, subscriptionStatus: 'inactive' };
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return { subscriptionTier: 'cancelled', subscriptionStatus: 'inactive' };
    default:
      return null;
  }
}

const grantsAccess = (status: string) =>
  status === 'active' || status === 'trialing' || status === 'past_due';

async function findSubscriber(
  db: DbOrTx,
  truth: SubscriptionTruth,
  userIdHint: string | null,
): Promise<UserRow | null> {
  for (const id of [truth.userId, userIdHint]) {
    if (!id || !/^[0-9a-f-]{36}$/i.test(id)) continue;
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    if (user) return user;
  }
  const [byCustomer] = await db
    .select()
    .from(users)
    .where(eq(users.stripeCustomerId, truth.customerId))
    .limit(1);
  return byCustomer ?? null;
}

/**
 * Makes the user's plan follow a subscription as Stripe reports it (never as an event body says).
 * Idempotent: applying the same truth twice changes nothing the second time. A subscription other
 * than the user's current one only takes over while it grants access, so an old subscription
 * ending never downgrades a user who has a newer one. Lifetime users keep their plan.
 * Returns the user it concerned, if any.
 */
export async function applySubscriptionTruth(
  ctx: ServiceContext,
  db: DbOrTx,
  truth: SubscriptionTruth,
  userIdHint: string | null,
): Promise<string | null> {
  const user = await findSubscriber(db, truth, userIdHint);
  if (!user) {
    ctx.log.warn(
      { subscription: truth.id, customer: truth.customerId },
      'Stripe subscription for no known user',
    );
    return null;
  }
  if (user.stripeSubscriptionId && user.stripeSubscriptionId !== truth.id && !grantsAccess(truth.status))
    return user.id;
  const plan = planForPrice(ctx.config, truth.priceId);
  if (!plan) {
    ctx.log.warn(
      { subscription: truth.id, price: truth.priceId },
      'Stripe subscription for a price Titlewise does not sell',
    );
    return user.id;
  }
  const access = user.isLifetime ? null : accessFor(truth.status, plan);
  const before = {
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    stripeCustomerId: user.stripeCustomerId,
    stripeSubscriptionId: user.stripeSubscriptionId,
  };
  const after = {
    ...before,
    ...(access ?? {}),
    stripeCustomerId: user.stripeCustomerId ?? truth.customerId,
    stripeSubscriptionId: truth.id,
  };
  if (JSON.stringify(before) === JSON.stringify(after)) return user.id;
  const now = ctx.clock.now();
  await db
    .update(users)
    .set({ ...after, updatedAt: now })
    .where(eq(users.id, user.id));
  await recordAudit(db, {
    actorUserId: null,
    action: 'billing.subscription-sync',
    targetType: 'user',
    targetId: user.id,
    before,
    after: { ...after, stripeStatus: truth.status },
    at: now,
  });
  return user.id;
}
