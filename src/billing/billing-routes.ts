import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rateLimits } from '../api/declare/rate-limits';
import type { PlainRouteRegistry } from '../api/declare/plain-routes';
import { webhookBodySchema, webhookResponseSchema } from './billing.schemas';
import { CHECKOUT_RETURN_PATH, syncCompletedCheckout } from './checkout.service';
import { SUBSCRIBED_SEARCH_PARAM } from '../shared/plans';
import { receiveStripeWebhook } from './webhook.service';
import type { BillingContext } from './billing-context';

/** Exempt from the same-origin guard (src/app.ts): Stripe posts here, with no cookie. */
export const STRIPE_WEBHOOK_PATH = '/api/billing/webhook';

/** Stripe's webhook and the checkout return (the simulated checkout and portal pages: ./simulated). */
export async function registerBillingRoutes(
  fastify: FastifyInstance,
  ctx: BillingContext,
  registry: PlainRouteRegistry,
): Promise<void> {
  // Stripe signs the exact bytes it sends, so this route reads the body raw (its own parser scope).
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(STRIPE_WEBHOOK_PATH, async (request) => {
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return webhookResponseSchema.parse(
        await receiveStripeWebhook(ctx, body, typeof signature === 'string' ? signature : undefined),
      );
    });
  });
  registry.add({
    method: 'post',
    path: STRIPE_WEBHOOK_PATH,
    summary: 'Stripe webhook (signed with the endpoint secret; idempotent by event id)',
    tags: ['billing'],
    auth: 'public',
    body: webhookBodySchema,
    response: webhookResponseSchema,
  });

  fastify.get(
    CHECKOUT_RETURN_PATH,
    { config: { limit: rateLimits.checkoutReturn } },
    async (request, reply) => {
      const sessionId = (request.query as { session_id?: unknown }).session_id;
      try {
        if (typeof sessionId === 'string') await syncCompletedCheckout(ctx, sessionId);
      } catch (error) {
        // The webhook applies the plan anyway; the visitor still lands on the dashboard.
        request.log.warn({ err: error }, 'Could not sync the checkout on return');
      }
      return reply.redirect(`/dashboard?${SUBSCRIBED_SEARCH_PARAM}=1`, 303);
    },
  );
  registry.add({
    method: 'get',
    path: CHECKOUT_RETURN_PATH,
    summary: "Stripe Checkout's success URL: re-reads the session from Stripe, then redirects to /dashboard",
    tags: ['billing'],
    auth: 'public',
    query: z.object({ session_id: z.string() }),
    successStatus: 303,
    responseDescription: 'Redirect (303) to /dashboard, which confirms the plan',
  });
}
