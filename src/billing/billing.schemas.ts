import { z } from 'zod';
import { paidPlans } from '../shared/plans';

export { paidPlans, type PaidPlan } from '../shared/plans';

/** POST /api/create-subscription and billing.createSubscription (docs/product.md#rest-paths). */
export const createSubscriptionInputSchema = z.object({
  plan: z.enum(paidPlans, { message: 'Plan must be pro or authority.' }),
});
export const checkoutResponseSchema = z.object({ checkoutUrl: z.url() });
export const portalResponseSchema = z.object({ url: z.url() });
export const webhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
/** The part of a Stripe event the OpenAPI document describes; the whole raw body is what gets verified. */
export const webhookBodySchema = z.looseObject({ id: z.string(), type: z.string() });
