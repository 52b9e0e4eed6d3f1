import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply } from 'fastify';

/**
 * A stand-in for the few Stripe API endpoints Titlewise calls, on loopback, so tests drive the
 * real `stripe` client (pointed here with STRIPE_API_BASE_URL → host/port/protocol). Objects are
 * Stripe-shaped; requests arrive form-encoded exactly as the client sends them. Tests play Stripe's
 * side with the helpers (complete a checkout, change a subscription, fail an invoice).
 */
export const STAND_IN_KEY = 'sk_test_titlewise_stand_in';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_titlewise_stand_in';
export const STAND_IN_PRICES = { pro: 'price_stand_in_pro', authority: 'price_stand_in_authority' } as const;

type Body = Record<string, string>;
type StripeObject = Record<string, unknown> & { id: string; object: string };

export interface StripeStandIn {
  url: string;
  /** Every API call: method, path, form body and Idempotency-Key. */
  requests: Array<{ method: string; path: string; body: Body; idempotencyKey: string | undefined }>;
  objects: Map<string, StripeObject>;
  /** Stripe's side of paying: the session completes and an active subscription exists. */
  completeCheckout(sessionId: string): StripeObject;
  updateSubscription(id: string, changes: { status?: string; price?: string }): StripeObject;
  failInvoice(subscriptionId: string): StripeObject;
  /** The next `count` GETs answer 500 (Stripe having a bad moment). */
  failNextReads(count: number): void;
  env(): Record<string, string>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

function notFound(reply: FastifyReply, what: string) {
  return reply
    .code(404)
    .send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
}

/** The flat `metadata[userId]` keys of a form body as an object. */
function metadataOf(body: Body, prefix = 'metadata'): Record<string, string> {
  const entries = Object.entries(body).filter(([key]) => key.startsWith(`${prefix}[`));
  return Object.fromEntries(entries.map(([key, value]) => [key.slice(prefix.length + 1, -1), value]));
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const server = Fastify({ logger: false });
  await server.register(formbody);
  const requests: StripeStandIn['requests'] = [];
  const objects = new Map<string, StripeObject>();
  const byIdempotencyKey = new Map<string, StripeObject>();
  let failingReads = 0;
  const put = (object: StripeObject) => (objects.set(object.id, object), object);

  server.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${STAND_IN_KEY}`) {
      return reply
        .code(401)
        .send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
  });
  server.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    requests.push({
      method: request.method,
      path: request.url,
      body: (request.body ?? {}) as Body,
      idempotencyKey: typeof key === 'string' ? key : undefined,
    });
    if (request.method === 'GET' && failingReads > 0) {
      failingReads -= 1;
      return reply.code(500).send({ error: { type: 'api_error', message: 'Stand-in outage' } });
    }
  });

  server.post('/v1/customers', async (request) => {
    const body = request.body as Body;
    const key = request.headers['idempotency-key'] as string;
    const existing = byIdempotencyKey.get(key);
    if (existing) return existing;
    const customer = put({
      id: id('cus'),
      object: 'customer',
      email: body.email,
      name: body.name,
      metadata: metadataOf(body),
    });
    byIdempotencyKey.set(key, customer);
    return customer;
  });

  server.post('/v1/checkout/sessions', async (request) => {
    const body = request.body as Body;
    const sessionId = id('cs_test');
    return put({
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      customer: body.customer,
      subscription: null,
      client_reference_id: body.client_reference_id,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      metadata: metadataOf(body),
      subscription_metadata: metadataOf(body, 'subscription_data[metadata]'),
      line_items: {
        object: 'list',
        data: [
          { price: { id: body['line_items[0][price]'] }, quantity: Number(body['line_items[0][quantity]']) },
        ],
      },
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
    });
  });

  for (const [path, kind] of [
    ['/v1/checkout/sessions/:id', 'checkout.session'],
    ['/v1/subscriptions/:id', 'subscription'],
    ['/v1/invoices/:id', 'invoice'],
  ] as const) {
    server.get(path, async (request, reply) => {
      const object = objects.get((request.params as { id: string }).id);
      return object?.object === kind ? object : notFound(reply, kind);
    });
  }

  server.post('/v1/billing_portal/sessions', async (request) => {
    const body = request.body as Body;
    const sessionId = id('bps');
    return put({
      id: sessionId,
      object: 'billing_portal.session',
      customer: body.customer,
      return_url: body.return_url,
      url: `https://billing.stripe.test/p/session/${sessionId}`,
    });
  });

  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const updateSubscription: StripeStandIn['updateSubscription'] = (subscriptionId, changes) => {
    const subscription = objects.get(subscriptionId)!;
    const items = changes.price
      ? { object: 'list', data: [{ price: { id: changes.price } }] }
      : subscription.items;
    return put({ ...subscription, ...(changes.status ? { status: changes.status } : {}), items });
  };

  return {
    url,
    requests,
    objects,
    completeCheckout(sessionId) {
      const session = objects.get(sessionId)!;
      const lineItems = session.line_items as { data: Array<{ price: { id: string } }> };
      const subscription = put({
        id: id('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        items: { object: 'list', data: [{ price: { id: lineItems.data[0]!.price.id } }] },
        metadata: session.subscription_metadata,
      });
      put({ ...session, status: 'complete', subscription: subscription.id });
      return subscription;
    },
    updateSubscription,
    failInvoice(subscriptionId) {
      updateSubscription(subscriptionId, { status: 'past_due' });
      const subscription = objects.get(subscriptionId)!;
      return put({
        id: id('in'),
        object: 'invoice',
        status: 'open',
        customer: subscription.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscriptionId, metadata: {} },
        },
      });
    },
    failNextReads(count) {
      failingReads = count;
    },
    env: () => ({
      STRIPE_SECRET_KEY: STAND_IN_KEY,
      STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_PRICE_PRO: STAND_IN_PRICES.pro,
      STRIPE_PRICE_AUTHORITY: STAND_IN_PRICES.authority,
      STRIPE_API_BASE_URL: url,
    }),
    close: () => server.close(),
  };
}
