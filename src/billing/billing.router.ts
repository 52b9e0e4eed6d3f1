import { authedProcedure, router } from '../trpc/init';
import {
  checkoutResponseSchema,
  createSubscriptionInputSchema,
  portalResponseSchema,
} from './billing.schemas';
import { createSubscriptionCheckout } from './checkout.service';
import { createPortalLink } from './portal.service';

export const billingRouter = router({
  /** POST /api/create-subscription's procedure: the Stripe Checkout URL for the plan. */
  createSubscription: authedProcedure
    .input(createSubscriptionInputSchema)
    .output(checkoutResponseSchema)
    .mutation(({ ctx, input }) => createSubscriptionCheckout(ctx.app, ctx.auth.user, input.plan)),

  /** A Customer Portal link to manage or cancel the subscription. */
  portal: authedProcedure
    .output(portalResponseSchema)
    .mutation(({ ctx }) => createPortalLink(ctx.app, ctx.auth.user)),
});
