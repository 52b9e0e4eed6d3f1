import { declareOn } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import {
  checkoutResponseSchema,
  createSubscriptionInputSchema,
  portalResponseSchema,
} from './billing.schemas';
import { createSubscriptionCheckout } from './checkout.service';
import { createPortalLink } from './portal.service';
import type { BillingContext } from './billing-context';

const { mutation } = declareOn<BillingContext>();

/** Subscriptions. Stripe's webhook and the checkout return are browser and Stripe paths (billing-routes.ts). */
export const billingOperations = {
  createSubscription: mutation({
    access: 'user',
    input: createSubscriptionInputSchema,
    output: checkoutResponseSchema,
    rest: {
      method: 'POST',
      path: '/api/create-subscription',
      summary: 'Start a subscription: answers the Stripe Checkout URL to send the browser to',
    },
    limit: rateLimits.checkout,
    handler: ({ ctx, caller, input }) => createSubscriptionCheckout(ctx, caller.user, input.plan),
  }),

  /** A Customer Portal link to manage or cancel the subscription. */
  portal: mutation({
    access: 'user',
    output: portalResponseSchema,
    rest: {
      method: 'POST',
      path: '/api/billing/portal',
      summary: 'A Stripe Customer Portal link to manage or cancel the subscription',
    },
    handler: ({ ctx, caller }) => createPortalLink(ctx, caller.user),
  }),
};
