import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, simStripeObjects, users } from '../../db/schema';
import { SIMULATED_PAGE_LIFETIME_SECONDS } from '../../src/billing/simulated/simulated-provider';
import { demoCreator, googleCreator } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { deliver, signedEvent } from '../helpers/stripe-webhooks';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 7: bad input to the billing paths answers a clear 4xx and changes nothing.
let testApp: TestApp;
let demo: HttpClient;
let alex: HttpClient;
let demoId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  demo = await demoCreator(testApp);
  alex = await googleCreator(testApp, 'sim-alex');
  demoId = ((await (await demo.get('/api/auth/me')).json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
});

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const secret = () => testApp.built.app.config.stripe.webhookSecret!;
/** Everything billing can change: the users' plans, the simulated Stripe's objects, the events. */
async function snapshot() {
  const db = testApp.built.app.db;
  return {
    users: await db.select().from(users).orderBy(users.id),
    objects: await db.select().from(simStripeObjects).orderBy(simStripeObjects.id),
    events: await db.select().from(billingEvents).orderBy(billingEvents.id),
  };
}
/** A form post from one of our own pages, as the browser sends it. */
const submit = (client: HttpClient, path: string, form: Record<string, string> = {}) =>
  client.request('POST', path, { form, headers: { origin: testApp.url, 'sec-fetch-site': 'same-origin' } });
const signed = (payload: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  payload,
  signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: secret(), timestamp }),
});
const unknownId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

async function openCheckout(client: HttpClient, plan: 'pro' | 'authority' = 'pro'): Promise<string> {
  const response = await client.post('/api/create-subscription', { plan });
  expect(response.status).toBe(200);
  return new URL((await json<{ checkoutUrl: string }>(response)).checkoutUrl).pathname;
}

async function openPortal(client: HttpClient): Promise<string> {
  const response = await client.post('/api/billing/portal');
  expect(response.status).toBe(200);
  return new URL((await json<{ url: string }>(response)).url).pathname;
}

describe('the simulated webhook secret', () => {
  it('is generated into DATA_DIR, not a constant of the source', async () => {
    expect(secret()).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    const file = join(testApp.built.app.config.dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ simulatedWebhookSecret: secret() });
    const before = await snapshot();
    const forged = signedEvent(
      'customer.subscription.updated',
      { id: 'sub_x', object: 'subscription' },
      'whsec_titlewise_simulated_checkout',
    );
    expect((await deliver(testApp, forged)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe('signed webhooks that are not events', () => {
  const event = { id: 'evt_hardening_1', object: 'event', type: 'customer.subscription.updated' };
  const cases: Array<[string, string]> = [
    ['null', 'null'],
    ['an array', JSON.stringify([{ ...event, data: { object: { id: 'sub_1' } } }])],
    ['an empty array', '[]'],
    ['a number', '42'],
    ['a string', '"evt_1"'],
    ['an empty object', '{}'],
    ['an event with no data', JSON.stringify(event)],
    ['an event with null data', JSON.stringify({ ...event, data: null })],
    ['an event with no data.object', JSON.stringify({ ...event, data: {} })],
    ['an event whose data.object is null', JSON.stringify({ ...event, data: { object: null } })],
    ['an event whose data.object is an array', JSON.stringify({ ...event, data: { object: [] } })],
    ['an event with no id', JSON.stringify({ ...event, id: undefined, data: { object: { id: 'sub_1' } } })],
    ['an event with a numeric id', JSON.stringify({ ...event, id: 7, data: { object: { id: 'sub_1' } } })],
    ['an event with a NUL in its id', JSON.stringify({ ...event, id: 'evt_\u0000', data: { object: {} } })],
    ['an event with no type', JSON.stringify({ ...event, type: undefined, data: { object: {} } })],
  ];
  for (const [name, payload] of cases) {
    it(`answers 400 to ${name} and records nothing`, async () => {
      const before = await snapshot();
      const response = await deliver(testApp, signed(payload));
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({
        error: 'Malformed Stripe event: it needs an id, a type and data.object.',
      });
      expect(await snapshot()).toEqual(before);
    });
  }

  it('acknowledges an event of a handled type whose object id is unusable, acting on nothing', async () => {
    const before = await snapshot();
    const payload = JSON.stringify({
      ...event,
      id: 'evt_odd_object',
      data: { object: { id: 'sub_\u0000' } },
    });
    expect(await json(await deliver(testApp, signed(payload)))).toEqual({ received: true, duplicate: false });
    const after = await snapshot();
    expect(after.users).toEqual(before.users);
    expect(after.events.map((row) => row.id)).toContain('evt_odd_object');
  });
});

describe('webhook signatures in time', () => {
  const payload = (id: string) =>
    JSON.stringify({ id, object: 'event', type: 'ping', data: { object: { id: 'x_1' } } });
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses a signature dated in the future beyond the tolerance, and one too old', async () => {
    const before = await snapshot();
    for (const timestamp of [now() + 3600, now() + 301 + 60, now() - 3600]) {
      const response = await deliver(testApp, signed(payload(`evt_time_${timestamp}`), timestamp));
      expect(response.status).toBe(400);
      expect((await json<{ error: string }>(response)).error).toMatch(/Invalid Stripe webhook signature/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts one a little ahead of this clock, within the tolerance', async () => {
    const response = await deliver(testApp, signed(payload('evt_time_near'), now() + 60));
    expect(await json(response)).toEqual({ received: true, duplicate: false });
  });
});

describe('the simulated checkout page', () => {
  it('answers 404 to an unknown or malformed id', async () => {
    const before = await snapshot();
    for (const id of [unknownId('cs'), 'cs_sim_nothex', 'anything', unknownId('bps')]) {
      const page = await demo.get(`/api/billing/simulated-checkout/${id}`);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Checkout session not found.');
      expect((await submit(demo, `/api/billing/simulated-checkout/${id}/pay`)).status).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("is the opener's alone: another user and an anonymous visitor cannot see or pay it", async () => {
    const checkout = await openCheckout(demo);
    const before = await snapshot();
    const page = await alex.get(checkout);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Checkout session not found.');
    expect((await submit(alex, `${checkout}/pay`)).status).toBe(404);
    const anonymous = new HttpClient(testApp.url);
    const signIn = await anonymous.get(checkout);
    expect(signIn.status).toBe(401);
    expect(await signIn.text()).toContain('href="/login"');
    expect((await submit(anonymous, `${checkout}/pay`)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await demo.get(checkout)).status).toBe(200);
  });

  it(`expires ${SIMULATED_PAGE_LIFETIME_SECONDS / 60} minutes after it was opened`, async () => {
    const checkout = await openCheckout(demo);
    testApp.clock.advance(SIMULATED_PAGE_LIFETIME_SECONDS * 1000 - 60_000);
    expect((await demo.get(checkout)).status).toBe(200);
    testApp.clock.advance(2 * 60_000);
    const before = await snapshot();
    const page = await demo.get(checkout);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This checkout has expired. Choose a plan again.');
    expect((await submit(demo, `${checkout}/pay`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the simulated Customer Portal', () => {
  let portal: string;

  beforeAll(async () => {
    const checkout = await openCheckout(demo);
    expect((await submit(demo, `${checkout}/pay`)).status).toBe(303);
    const [user] = await testApp.built.app.db.select().from(users).where(eq(users.id, demoId));
    expect(user).toMatchObject({ subscriptionTier: 'pro', subscriptionStatus: 'active' });
    portal = await openPortal(demo);
  });

  it('answers 404 to an unknown action, __proto__ and other inherited names, and changes nothing', async () => {
    const before = await snapshot();
    for (const action of ['bogus', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const response = await submit(demo, `${portal}/${action}`, { plan: 'authority' });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain('No portal action');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 to a switch with no plan or a plan it does not sell, and changes nothing', async () => {
    const before = await snapshot();
    const forms: Record<string, string>[] = [
      {},
      { plan: '' },
      { plan: 'free' },
      { plan: 'lifetime' },
      { plan: '__proto__' },
    ];
    for (const form of forms) {
      const response = await submit(demo, `${portal}/switch`, form);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('Choose a plan to switch to: pro or authority.');
    }
    const asJson = await demo.request('POST', `${portal}/switch`, {
      json: { plan: ['authority'] },
      headers: { origin: testApp.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(asJson.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 to an unknown portal, and to another user's portal, which they cannot act in", async () => {
    const before = await snapshot();
    const unknown = await demo.get(`/api/billing/simulated-portal/${unknownId('bps')}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Billing portal session not found.');
    expect((await alex.get(portal)).status).toBe(404);
    for (const action of ['cancel', 'fail-payment', 'pay']) {
      expect((await submit(alex, `${portal}/${action}`)).status).toBe(404);
    }
    expect((await submit(alex, `${portal}/switch`, { plan: 'authority' })).status).toBe(404);
    expect((await new HttpClient(testApp.url).get(portal)).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await demo.get(portal)).status).toBe(200);
  });

  it(`expires ${SIMULATED_PAGE_LIFETIME_SECONDS / 60} minutes after it was opened`, async () => {
    testApp.clock.advance(SIMULATED_PAGE_LIFETIME_SECONDS * 1000 + 60_000);
    const before = await snapshot();
    const page = await demo.get(portal);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('This billing portal link has expired.');
    expect((await submit(demo, `${portal}/cancel`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    // A fresh link works.
    expect((await demo.get(await openPortal(demo))).status).toBe(200);
  });
});
