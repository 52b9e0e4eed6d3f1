import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, billingEvents, users } from '../../db/schema';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import {
  startStripeStandIn,
  STAND_IN_PRICES,
  STAND_IN_WEBHOOK_SECRET,
  type StripeStandIn,
} from '../helpers/stripe-stand-in';
import { deliver, signedEvent } from '../helpers/stripe-webhooks';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runDueWork } from '../helpers/title-test-driver';

// Real `stripe` client → a Stripe stand-in on loopback; webhooks signed with the library's signer.
let stripe: StripeStandIn;
let testApp: TestApp;
let creator: HttpClient;
let userId: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  testApp = await startTestApp(stripe.env());
  creator = await demoCreator(testApp);
  userId = ((await (await creator.get('/api/auth/me')).json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
  await stripe.close();
});

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const userRow = async (id = userId) =>
  (await testApp.built.app.db.select().from(users).where(eq(users.id, id)))[0]!;
const snapshot = async () => ({
  users: await testApp.built.app.db.select().from(users).orderBy(users.email),
  events: await testApp.built.app.db.select().from(billingEvents),
  audit: await testApp.built.app.db.select().from(auditLog),
});
const customerCreations = () =>
  stripe.requests.filter((request) => request.method === 'POST' && request.path === '/v1/customers');

let sessionId: string;
let subscriptionId: string;

describe('starting a subscription', () => {
  it('creates a Checkout Session for the plan’s price with a customer made once and reused', async () => {
    const response = await creator.post('/api/create-subscription', { plan: 'pro' });
    expect(response.status).toBe(200);
    const { checkoutUrl } = await json<{ checkoutUrl: string }>(response);
    sessionId = checkoutUrl.split('/').at(-1)!;
    expect(checkoutUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const session = stripe.objects.get(sessionId)!;
    const customerId = (await userRow()).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: userId,
      line_items: { data: [{ price: { id: STAND_IN_PRICES.pro }, quantity: 1 }] },
      success_url: `${testApp.url}/api/billing/checkout/complete?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${testApp.url}/paywall`,
      subscription_metadata: { userId, plan: 'pro' },
    });
    expect(customerCreations()).toHaveLength(1);
    expect(customerCreations()[0]).toMatchObject({
      body: { email: 'demo@titlewise.app' },
      idempotencyKey: `titlewise-customer-${userId}`,
    });

    const again = await json<{ checkoutUrl: string }>(
      await creator.post('/api/create-subscription', { plan: 'authority' }),
    );
    const second = stripe.objects.get(again.checkoutUrl.split('/').at(-1)!)!;
    expect(second).toMatchObject({
      customer: customerId,
      line_items: { data: [{ price: { id: STAND_IN_PRICES.authority } }] },
    });
    expect(customerCreations()).toHaveLength(1);
  });

  it('refuses anonymous callers and unknown plans', async () => {
    expect((await new HttpClient(testApp.url).post('/api/create-subscription', { plan: 'pro' })).status).toBe(
      401,
    );
    const bad = await creator.post('/api/create-subscription', { plan: 'gold' });
    expect(bad.status).toBe(400);
    expect(await json(bad)).toEqual({ error: 'plan: Plan must be pro or authority.' });
  });
});

describe('the webhook', () => {
  it('applies a completed checkout once, even when Stripe delivers it twice', async () => {
    subscriptionId = stripe.completeCheckout(sessionId).id;
    const event = signedEvent(
      'checkout.session.completed',
      { id: sessionId, object: 'checkout.session' },
      STAND_IN_WEBHOOK_SECRET,
    );
    const first = await deliver(testApp, event);
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ received: true, duplicate: false });
    expect(await userRow()).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscriptionId,
    });
    const [recorded] = await testApp.built.app.db
      .select()
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(recorded).toMatchObject({ type: 'checkout.session.completed', userId });
    expect(recorded!.processedAt).not.toBeNull();

    const before = await snapshot();
    const reads = stripe.requests.length;
    const second = await deliver(testApp, event);
    expect(await json(second)).toEqual({ received: true, duplicate: true });
    expect(await snapshot()).toEqual(before);
    expect(stripe.requests.length).toBe(reads);
    const syncs = before.audit.filter(
      (row) => row.action === 'billing.subscription-sync' && row.targetId === userId,
    );
    expect(syncs).toHaveLength(1);
    expect(syncs[0]).toMatchObject({
      actorUserId: null,
      before: { subscriptionTier: 'free' },
      after: { subscriptionTier: 'pro', stripeStatus: 'active' },
    });
  });

  it('answers 400 to a bad or missing signature and changes nothing', async () => {
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    const before = await snapshot();
    const forged = signedEvent(
      'customer.subscription.deleted',
      { id: subscriptionId, object: 'subscription' },
      'whsec_not_the_secret',
    );
    const response = await deliver(testApp, forged);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: 'Invalid Stripe webhook signature.' });
    const genuine = signedEvent(
      'customer.subscription.deleted',
      { id: subscriptionId, object: 'subscription' },
      STAND_IN_WEBHOOK_SECRET,
    );
    const tampered = await deliver(testApp, {
      payload: genuine.payload.replace('deleted', 'updated'),
      signature: genuine.signature,
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${testApp.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: genuine.payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await json(unsigned)).toEqual({ error: 'Missing Stripe-Signature header.' });
    expect(await snapshot()).toEqual(before);
    stripe.updateSubscription(subscriptionId, { status: 'active' });
  });

  it('follows what Stripe says now, not what the event body claims', async () => {
    stripe.updateSubscription(subscriptionId, { price: STAND_IN_PRICES.authority });
    const stale = {
      id: subscriptionId,
      object: 'subscription',
      status: 'canceled',
      items: { data: [{ price: { id: STAND_IN_PRICES.pro } }] },
    };
    const response = await deliver(
      testApp,
      signedEvent('customer.subscription.updated', stale, STAND_IN_WEBHOOK_SECRET),
    );
    expect(response.status).toBe(200);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'active' });
  });

  it('marks the subscription inactive when an invoice payment fails, and ends access when it is deleted', async () => {
    const invoice = stripe.failInvoice(subscriptionId);
    await deliver(
      testApp,
      signedEvent('invoice.payment_failed', { id: invoice.id, object: 'invoice' }, STAND_IN_WEBHOOK_SECRET),
    );
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'inactive' });
    stripe.updateSubscription(subscriptionId, { status: 'canceled' });
    await deliver(
      testApp,
      signedEvent(
        'customer.subscription.deleted',
        { id: subscriptionId, object: 'subscription' },
        STAND_IN_WEBHOOK_SECRET,
      ),
    );
    expect(await userRow()).toMatchObject({ subscriptionTier: 'cancelled', subscriptionStatus: 'inactive' });
  });

  it('answers 503 while Stripe cannot be read, so Stripe delivers again, and records nothing until then', async () => {
    stripe.updateSubscription(subscriptionId, { status: 'active' });
    const event = signedEvent(
      'customer.subscription.updated',
      { id: subscriptionId, object: 'subscription' },
      STAND_IN_WEBHOOK_SECRET,
    );
    stripe.failNextReads(3);
    const failed = await deliver(testApp, event);
    expect(failed.status).toBe(503);
    expect(await json(failed)).toEqual({
      error: 'Stripe could not read the subscription right now. Please try again.',
    });
    expect(
      await testApp.built.app.db.select().from(billingEvents).where(eq(billingEvents.id, event.id)),
    ).toEqual([]);
    expect(await json(await deliver(testApp, event))).toEqual({ received: true, duplicate: false });
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'active' });
  });

  it('acknowledges event types it does not act on', async () => {
    const response = await deliver(
      testApp,
      signedEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }, STAND_IN_WEBHOOK_SECRET),
    );
    expect(await json(response)).toEqual({ received: true, duplicate: false });
  });
});

describe('after checkout', () => {
  it('applies the plan when the browser returns from Checkout, before any webhook, and lifts the plan limit', async () => {
    const alex = await googleCreator(testApp, 'sim-alex');
    const alexId = ((await (await alex.get('/api/auth/me')).json()) as { id: string }).id;
    const body = (index: number) => ({
      videoId: simulatedVideoId('sim-alex', index),
      titles: ['One', 'Two'],
      rotationIntervalMinutes: 1440,
    });
    expect((await alex.post('/api/tests', body(2))).status).toBe(201);
    await runDueWork(testApp);
    const refused = await alex.post('/api/tests', body(3));
    expect(refused.status).toBe(403);
    expect((await json<{ error: string }>(refused)).error).toMatch(
      /Free plan allows 1 running test.*\/paywall/,
    );

    const { checkoutUrl } = await json<{ checkoutUrl: string }>(
      await alex.post('/api/create-subscription', { plan: 'pro' }),
    );
    const session = checkoutUrl.split('/').at(-1)!;
    stripe.completeCheckout(session);
    const back = await alex.get(`/api/billing/checkout/complete?session_id=${session}`);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/dashboard?subscribed=1');
    expect(await userRow(alexId)).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
    expect((await alex.post('/api/tests', body(3))).status).toBe(201);
  });

  it('opens the Customer Portal for the user’s customer, and sends an active subscriber there instead of a second checkout', async () => {
    const response = await creator.post('/api/billing/portal');
    expect(response.status).toBe(200);
    const { url } = await json<{ url: string }>(response);
    const portal = stripe.objects.get(url.split('/').at(-1)!)!;
    expect(portal).toMatchObject({
      customer: (await userRow()).stripeCustomerId,
      return_url: `${testApp.url}/dashboard`,
    });
    const checkout = await json<{ checkoutUrl: string }>(
      await creator.post('/api/create-subscription', { plan: 'pro' }),
    );
    expect(checkout.checkoutUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const fresh = await googleCreator(testApp, 'sim-sam');
    const none = await fresh.post('/api/billing/portal');
    expect(none.status).toBe(409);
    expect((await json<{ error: string }>(none)).error).toMatch(/Choose a plan on \/paywall first/);
  });
});
