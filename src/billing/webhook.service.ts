import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { billingEvents } from '../../db/schema';
import type { AppContext } from '../app-context';
import { badRequest } from '../errors/app-error';
import type { BillingProvider, SubscriptionTruth } from './billing-provider';
import { applySubscriptionTruth } from './subscription-sync';

/** The events that move a user's plan (issue 6, item 7). Others are acknowledged and recorded. */
export const handledEventTypes = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
] as const;

interface Truth {
  subscription: SubscriptionTruth;
  userIdHint: string | null;
}

/** Re-reads from Stripe what the event is about: an event body can be stale, reordered or replayed. */
async function readTruth(billing: BillingProvider, type: string, objectId: string): Promise<Truth | null> {
  let subscriptionId: string | null = null;
  let userIdHint: string | null = null;
  if (type === 'checkout.session.completed') {
    const session = await billing.getCheckoutSession(objectId);
    if (session?.status !== 'complete') return null;
    subscriptionId = session.subscriptionId;
    userIdHint = session.userId;
  } else if (type.startsWith('customer.subscription.')) {
    subscriptionId = objectId;
  } else if (type === 'invoice.payment_failed') {
    subscriptionId = await billing.getInvoiceSubscriptionId(objectId);
  }
  if (!subscriptionId) return null;
  const subscription = await billing.getSubscription(subscriptionId);
  return subscription ? { subscription, userIdHint } : null;
}

/**
 * A Stripe webhook delivery: the raw body's signature is verified with the signing secret (400 and
 * nothing changes when it fails), an event id already recorded is acknowledged without acting
 * again, and the user's plan follows what Stripe says now. The event row and the plan change
 * commit together; a Stripe outage answers 503 so Stripe delivers again later.
 */
export async function receiveStripeWebhook(
  app: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = app.config.stripe.webhookSecret;
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (src/config)');
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw badRequest('Invalid Stripe webhook signature.');
  }

  const [seen] = await app.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id))
    .limit(1);
  if (seen) return { received: true, duplicate: true };

  const objectId = (event.data.object as { id?: unknown }).id;
  const handled =
    (handledEventTypes as readonly string[]).includes(event.type) && typeof objectId === 'string';
  const truth = handled ? await readTruth(app.billing, event.type, objectId) : null;
  const now = app.clock.now();
  const duplicate = await app.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    // Another delivery of the same event got here first.
    if (!inserted) return true;
    const userId = truth ? await applySubscriptionTruth(app, tx, truth.subscription, truth.userIdHint) : null;
    await tx.update(billingEvents).set({ userId, processedAt: now }).where(eq(billingEvents.id, event.id));
    return false;
  });
  return { received: true, duplicate };
}
