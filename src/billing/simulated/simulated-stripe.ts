import type { UserRow } from '../../../db/schema/users';
import { AppError, conflict, notFound } from '../../errors/app-error';
import type { PaidPlan } from '../billing.schemas';
import { priceIdFor } from '../checkout-plans';
import { deliverSimulatedEvent } from './simulated-events';
import {
  currentSubscriptionOf,
  findObject,
  insertObject,
  lockObject,
  saveObject,
  simulatedId,
  type SimCheckoutSession,
  type SimInvoice,
  type SimPortalSession,
  type SimSubscription,
} from './objects';
import type { BillingContext } from '../billing-context';

const lapsed = (object: { expires_at?: number }, now: Date) =>
  typeof object.expires_at !== 'number' || object.expires_at * 1000 <= now.getTime();

/**
 * A checkout page is the signed-in user's who opened it: for anyone else, as for an unknown id, it
 * does not exist. An open checkout past its expiry can no longer be paid.
 */
export function ownCheckout(
  ctx: BillingContext,
  session: SimCheckoutSession | null,
  viewer: UserRow,
): SimCheckoutSession {
  if (!session || session.client_reference_id !== viewer.id) throw notFound('Checkout session');
  if (session.status === 'expired' || (session.status === 'open' && lapsed(session, ctx.clock.now())))
    throw new AppError('NOT_FOUND', 'This checkout has expired. Choose a plan again.');
  return session;
}

/**
 * The simulated Stripe's own side: what happens when someone pays on its checkout page or acts in
 * its portal. Each change is stored first, then announced with the events Stripe would send.
 */
export async function completeSimulatedCheckout(
  ctx: BillingContext,
  sessionId: string,
  viewer: UserRow,
): Promise<string> {
  const result = await ctx.db.transaction(async (tx) => {
    const session = ownCheckout(
      ctx,
      await lockObject<SimCheckoutSession>(tx, sessionId, 'checkout.session'),
      viewer,
    );
    if (session.status === 'complete') return { session, subscription: null };
    const subscription = await insertObject<SimSubscription>(tx, {
      id: simulatedId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      items: { object: 'list', data: [{ price: { id: session.price } }] },
      metadata: session.metadata,
    });
    return {
      session: await saveObject(tx, { ...session, status: 'complete', subscription: subscription.id }),
      subscription,
    };
  });
  // A second click on Subscribe finds the checkout complete and sends nothing again.
  if (result.subscription) {
    await deliverSimulatedEvent(ctx, 'customer.subscription.created', result.subscription);
    await deliverSimulatedEvent(ctx, 'checkout.session.completed', result.session);
  }
  return result.session.success_url.replace('{CHECKOUT_SESSION_ID}', result.session.id);
}

/** A portal page is its customer's alone, like a checkout page, and lapses the same way. */
export async function simulatedPortal(ctx: BillingContext, portalId: string, viewer: UserRow) {
  const portal = await findObject<SimPortalSession>(ctx.db, portalId, 'billing_portal.session');
  if (!portal || !viewer.stripeCustomerId || portal.customer !== viewer.stripeCustomerId)
    throw notFound('Billing portal session');
  if (lapsed(portal, ctx.clock.now()))
    throw new AppError('NOT_FOUND', 'This billing portal link has expired. Open Manage subscription again.');
  return { portal, subscription: await currentSubscriptionOf(ctx.db, portal.customer) };
}

export type PortalAction =
  { kind: 'switch'; plan: PaidPlan } | { kind: 'cancel' } | { kind: 'fail-payment' } | { kind: 'pay' };

/** Portal actions: switch plan, cancel, and (to try the unhappy path offline) a failed renewal and its payment. */
export async function actInSimulatedPortal(
  ctx: BillingContext,
  portalId: string,
  viewer: UserRow,
  action: PortalAction,
): Promise<void> {
  const { subscription } = await simulatedPortal(ctx, portalId, viewer);
  if (!subscription || subscription.status === 'canceled')
    throw conflict('There is no active subscription to change.');
  if (action.kind === 'switch') {
    const updated = {
      ...subscription,
      items: { ...subscription.items, data: [{ price: { id: priceIdFor(ctx.config, action.plan) } }] },
    };
    await deliverSimulatedEvent(ctx, 'customer.subscription.updated', await saveObject(ctx.db, updated));
  } else if (action.kind === 'cancel') {
    await deliverSimulatedEvent(
      ctx,
      'customer.subscription.deleted',
      await saveObject(ctx.db, { ...subscription, status: 'canceled' }),
    );
  } else if (action.kind === 'fail-payment') {
    await saveObject(ctx.db, { ...subscription, status: 'past_due' });
    const invoice = await insertObject<SimInvoice>(ctx.db, {
      id: simulatedId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    await deliverSimulatedEvent(ctx, 'invoice.payment_failed', invoice);
  } else {
    await deliverSimulatedEvent(
      ctx,
      'customer.subscription.updated',
      await saveObject(ctx.db, { ...subscription, status: 'active' }),
    );
  }
}
