import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { billingEvents } from '../../db/schema';
import type { BillingContext } from './billing-context';
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

/** How far a signature's time may be from this machine's clock, either way (Stripe's default). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const stripeId = z.string().regex(/^[A-Za-z0-9_]{1,255}$/);

/** What the handler reads of an event; anything else signed but shaped otherwise is refused. */
const eventShape = z.object({
  id: stripeId,
  type: z.string().regex(/^[a-z0-9_.]{1,255}$/),
  data: z.object({ object: z.object({ id: z.unknown().optional() }) }),
});

/** The time a Stripe-Signature header was signed at, read as Stripe's library reads it (the last t=). */
function signedAtSeconds(signature: string): number | null {
  let at: number | null = null;
  for (const item of signature.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') at = Number.parseInt(value ?? '', 10);
  }
  return at !== null && Number.isFinite(at) ? at : null;
}

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
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = ctx.config.stripe.webhookSecret;
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (src/config)');
  if (!signature) throw badRequest('Missing Stripe-Signature header.');
  let signed: unknown;
  try {
    // Refuses a wrong signature and one older than the tolerance.
    signed = Stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw badRequest('Invalid Stripe webhook signature.');
  }
  // Stripe's library accepts any time in the future; a signature from the future is not Stripe's.
  const signedAt = signedAtSeconds(signature);
  if (signedAt === null || signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
    throw badRequest('Invalid Stripe webhook signature: its time is in the future.');
  }
  const parsed = eventShape.safeParse(signed);
  if (!parsed.success) throw badRequest('Malformed Stripe event: it needs an id, a type and data.object.');
  const event = parsed.data;

  const [seen] = await ctx.db
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.id, event.id))
    .limit(1);
  if (seen) return { received: true, duplicate: true };

  const objectId = stripeId.safeParse(event.data.object.id).data;
  const handled = (handledEventTypes as readonly string[]).includes(event.type) && objectId !== undefined;
  const truth = handled ? await readTruth(ctx.billing, event.type, objectId) : null;
  const now = ctx.clock.now();
  const duplicate = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    // Another delivery of the same event got here first.
    if (!inserted) return true;
    const userId = truth ? await applySubscriptionTruth(ctx, tx, truth.subscription, truth.userIdHint) : null;
    await tx.update(billingEvents).set({ userId, processedAt: now }).where(eq(billingEvents.id, event.id));
    return false;
  });
  return { received: true, duplicate };
}
