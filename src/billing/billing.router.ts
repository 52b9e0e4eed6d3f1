import { router } from '../trpc/init';

// Procedures arrive with the billing issue (Stripe checkout, webhook, portal).
export const billingRouter = router({});
