// The front door of plans through Stripe (src/billing): what the other features, the jobs and the entry points use of
// it. Nothing outside the folder imports its files past this one (dependency-cruiser,
// features-enter-by-the-front-door; docs/decisions/0052).
export type { BillingContext } from './billing-context';
export { STRIPE_WEBHOOK_PATH, registerBillingRoutes } from './billing-routes';
export { billingOperations } from './billing.operations';
export { createStripeClient, stripeBillingProvider } from './stripe-provider';
