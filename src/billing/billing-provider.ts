/**
 * What Titlewise needs from Stripe. Two implementations: the real `stripe` client (stripe-provider.ts,
 * pointed at Stripe or STRIPE_API_BASE_URL) and the built-in simulated Stripe (simulated/), used when
 * no STRIPE_SECRET_KEY is set. Webhook events from either go through the same handling.
 */
export interface CheckoutSessionTruth {
  id: string;
  status: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** client_reference_id: the Titlewise user who started the checkout. */
  userId: string | null;
}

export interface SubscriptionTruth {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  /** metadata.userId, set when the checkout created the subscription. */
  userId: string | null;
}

export interface BillingProvider {
  readonly mode: 'stripe' | 'simulated';
  /** Creates the user's Stripe customer; retried calls answer the same customer (idempotency key). */
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    priceId: string;
    userId: string;
    plan: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string | null }>;
  getCheckoutSession(id: string): Promise<CheckoutSessionTruth | null>;
  getSubscription(id: string): Promise<SubscriptionTruth | null>;
  /** The subscription an invoice bills, if any. */
  getInvoiceSubscriptionId(invoiceId: string): Promise<string | null>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
}
