import { expect } from 'vitest';
import { signedEvent } from '../../helpers/stripe-webhooks';
import type { Access } from './callers';
import { as, call, get, json, openCheckout, post, setTier, trpcMutation, world, type Row } from './world';

// The access matrix's part for billing (/api/create-subscription, /api/billing, trpc billing.*),
// with the simulated checkout and portal pages.

async function openPortal(caller: 'owner'): Promise<string> {
  const response = await call({ method: 'POST', path: '/api/billing/portal', json: {} }, as(caller));
  expect(response.status).toBe(200);
  return new URL((await json<{ url: string }>(response)).url).pathname;
}
const webhook = () => {
  const event = signedEvent(
    'ping',
    { id: 'x_1', object: 'ping' },
    world.testApp.built.app.config.stripe.webhookSecret!,
  );
  return {
    method: 'POST',
    path: '/api/billing/webhook',
    json: event.payload,
    headers: { 'stripe-signature': event.signature },
  };
};

export const billingAccess: Record<string, Access> = {
  'POST /api/create-subscription': 'signed-in',
  'POST /api/billing/portal': 'signed-in',
  'POST /api/billing/webhook': 'public',
  'GET /api/billing/checkout/complete': 'public',
  'GET /api/billing/simulated-checkout/{id}': 'owner',
  'POST /api/billing/simulated-checkout/{id}/pay': 'owner',
  'GET /api/billing/simulated-portal/{id}': 'owner',
  'POST /api/billing/simulated-portal/{id}/{action}': 'owner',
  'trpc billing.createSubscription': 'signed-in',
  'trpc billing.portal': 'signed-in',
};

export const billingRows: Record<string, Row> = {
  'POST /api/create-subscription': { request: () => post('/api/create-subscription', { plan: 'pro' }) },
  // Only a subscriber has a portal to open; the others pass the access check and get 409.
  'POST /api/billing/portal': { request: () => post('/api/billing/portal'), allowed: [200, 409] },
  'POST /api/billing/webhook': { request: webhook },
  'GET /api/billing/checkout/complete': {
    request: () => get('/api/billing/checkout/complete?session_id=cs_sim_000000000000000000000000'),
    allowed: [303],
  },
  'GET /api/billing/simulated-checkout/{id}': {
    resource: () => openCheckout('owner', 'pro'),
    request: (path) => get(path),
    allowed: [200],
  },
  'POST /api/billing/simulated-checkout/{id}/pay': {
    resource: () => openCheckout('owner', 'pro'),
    request: (path) => ({ method: 'POST', path: `${path}/pay`, form: {} }),
    allowed: [303],
  },
  'GET /api/billing/simulated-portal/{id}': {
    resource: () => openPortal('owner'),
    request: (path) => get(path),
    allowed: [200],
  },
  'POST /api/billing/simulated-portal/{id}/{action}': {
    resource: () => openPortal('owner'),
    request: (path) => ({ method: 'POST', path: `${path}/switch`, form: { plan: 'pro' } }),
    allowed: [303],
    // Back on Authority: the owner's team lapses on Pro, and the later rows need it.
    after: () => setTier('owner', 'authority'),
  },
  'trpc billing.createSubscription': {
    request: () => trpcMutation('billing.createSubscription', { plan: 'pro' }),
  },
  'trpc billing.portal': { request: () => trpcMutation('billing.portal'), allowed: [200, 409] },
};
