import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { receiveStripeWebhook } from '../webhook.service';
import { simulatedId, type SimObject } from './objects';
import type { BillingContext } from '../billing-context';

/** Stripe's v1 signature scheme: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the signing secret>`. */
export function signWebhookPayload(payload: string, secret: string, timestampSeconds: number): string {
  const signature = createHmac('sha256', secret)
    .update(`${timestampSeconds}.${payload}`, 'utf8')
    .digest('hex');
  return `t=${timestampSeconds},v1=${signature}`;
}

/**
 * Sends an event as Stripe would: a Stripe-shaped event, signed with the webhook secret, handed to
 * the same handler the webhook endpoint uses (verify, record once, re-read, apply). The signature
 * is timed by the machine's clock, as Stripe's tolerance check is.
 */
export async function deliverSimulatedEvent(
  ctx: BillingContext,
  type: string,
  object: SimObject,
): Promise<void> {
  const secret = ctx.config.stripe.webhookSecret!;
  const event = {
    id: simulatedId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(ctx.clock.now().getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  const payload = JSON.stringify(event);
  await receiveStripeWebhook(
    ctx,
    Buffer.from(payload),
    signWebhookPayload(payload, secret, Math.floor(Date.now() / 1000)),
  );
}
