import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { TestApp } from './test-app';

export interface SignedEvent {
  id: string;
  payload: string;
  signature: string;
}

/** A Stripe-shaped event signed the way Stripe signs it (the library's own test signer). */
export function signedEvent(
  type: string,
  object: Record<string, unknown>,
  secret: string,
  id = `evt_${randomBytes(10).toString('hex')}`,
): SignedEvent {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/** Delivers an event to Titlewise's webhook endpoint as Stripe does: the raw JSON and its signature. */
export function deliver(
  testApp: TestApp,
  event: Pick<SignedEvent, 'payload' | 'signature'>,
): Promise<Response> {
  return fetch(`${testApp.url}/api/billing/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': event.signature,
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: event.payload,
  });
}
