import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, users } from '../../db/schema';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { deliver, signedEvent } from '../helpers/stripe-webhooks';
import { startTestApp, type TestApp } from '../helpers/test-app';

// No Stripe key: the built-in simulated Stripe, its checkout and portal pages served by Titlewise.
let testApp: TestApp;
let creator: HttpClient;
let userId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
  userId = ((await (await creator.get('/api/auth/me')).json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
});

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const userRow = async () => (await testApp.built.app.db.select().from(users).where(eq(users.id, userId)))[0]!;
const events = () => testApp.built.app.db.select().from(billingEvents).orderBy(billingEvents.receivedAt);
/** A form post from one of our own pages, as the browser sends it. */
const submit = (path: string, form: Record<string, string> = {}) =>
  creator.request('POST', path, { form, headers: { origin: testApp.url, 'sec-fetch-site': 'same-origin' } });

let portalPath: string;

describe('the simulated checkout', () => {
  it('upgrades end to end offline: checkout page → Subscribe → signed events through the webhook code → back to the dashboard', async () => {
    const { checkoutUrl } = await json<{ checkoutUrl: string }>(
      await creator.post('/api/create-subscription', { plan: 'pro' }),
    );
    expect(checkoutUrl).toMatch(
      new RegExp(`^${testApp.url}/api/billing/simulated-checkout/cs_sim_[0-9a-f]{24}$`),
    );
    const page = await creator.get(checkoutUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    // A browser then posts the page's forms with our Origin (the app-wide no-referrer policy would send `null`).
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    const html = await page.text();
    expect(html).toContain('Subscribe to Titlewise Pro');
    expect(html).toContain('$29.00');
    expect(html).toContain('demo@titlewise.app');
    expect(html).toContain('no card is charged');

    const paid = await submit(`${new URL(checkoutUrl).pathname}/pay`);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect(back.pathname).toBe('/api/billing/checkout/complete');
    const home = await creator.get(back.pathname + back.search);
    expect(home.headers.get('location')).toBe('/dashboard?subscribed=1');

    expect(await userRow()).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
    expect(await json(await creator.get('/api/auth/me'))).toMatchObject({ subscriptionTier: 'pro' });
    const recorded = await events();
    expect(recorded.map((event) => [event.type, event.userId, event.processedAt !== null])).toEqual([
      ['customer.subscription.created', userId, true],
      ['checkout.session.completed', userId, true],
    ]);

    // Subscribing twice (a double click) sends nothing again.
    expect((await submit(`${new URL(checkoutUrl).pathname}/pay`)).status).toBe(303);
    expect(await events()).toHaveLength(2);
  });

  it('refuses a pay post from another site', async () => {
    const { checkoutUrl } = await json<{ checkoutUrl: string }>(
      await creator.post('/api/create-subscription', { plan: 'authority' }),
    );
    // An active subscriber is sent to the portal rather than a second checkout.
    expect(checkoutUrl).toMatch(/\/api\/billing\/simulated-portal\/bps_sim_/);
    const forged = await creator.request('POST', `${new URL(checkoutUrl).pathname}/cancel`, {
      form: {},
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(forged.status).toBe(403);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
  });
});

describe('the simulated Customer Portal', () => {
  it('switches plan, fails and recovers a payment, and cancels, each through a signed event', async () => {
    const { url } = await json<{ url: string }>(await creator.post('/api/billing/portal'));
    portalPath = new URL(url).pathname;
    const page = await (await creator.get(portalPath)).text();
    expect(page).toContain('Titlewise Pro');
    expect(page).toContain('Switch to Authority');

    expect((await submit(`${portalPath}/switch`, { plan: 'authority' })).headers.get('location')).toBe(
      portalPath,
    );
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'active' });
    await submit(`${portalPath}/fail-payment`);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'inactive' });
    expect(await (await creator.get(portalPath)).text()).toContain('Payment failed, retrying');
    await submit(`${portalPath}/pay`);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'authority', subscriptionStatus: 'active' });
    await submit(`${portalPath}/cancel`);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'cancelled', subscriptionStatus: 'inactive' });
    expect(await (await creator.get(portalPath)).text()).toContain('You have no active subscription.');
    expect((await events()).map((event) => event.type).slice(2)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
      'customer.subscription.deleted',
    ]);
  });

  it('takes webhooks over HTTP with the simulated signing secret, through the same code', async () => {
    const secret = testApp.built.app.config.stripe.webhookSecret!;
    const subscription = (await userRow()).stripeSubscriptionId!;
    const event = signedEvent(
      'customer.subscription.updated',
      { id: subscription, object: 'subscription' },
      secret,
    );
    expect(await json(await deliver(testApp, event))).toEqual({ received: true, duplicate: false });
    expect(await json(await deliver(testApp, event))).toEqual({ received: true, duplicate: true });
    const forged = await deliver(
      testApp,
      signedEvent('customer.subscription.updated', { id: subscription }, 'whsec_wrong'),
    );
    expect(forged.status).toBe(400);
    // Stripe's truth (cancelled) still holds.
    expect(await userRow()).toMatchObject({ subscriptionTier: 'cancelled' });
  });

  it('starts a fresh checkout once the subscription has ended', async () => {
    const { checkoutUrl } = await json<{ checkoutUrl: string }>(
      await creator.post('/api/create-subscription', { plan: 'pro' }),
    );
    expect(checkoutUrl).toMatch(/simulated-checkout\/cs_sim_/);
    expect((await submit(`${new URL(checkoutUrl).pathname}/pay`)).status).toBe(303);
    expect(await userRow()).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
  });
});
