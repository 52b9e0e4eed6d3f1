import Stripe from 'stripe';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import type { BillingProvider, CheckoutSessionTruth, SubscriptionTruth } from './billing-provider';

/**
 * The real `stripe` client. STRIPE_API_BASE_URL points it elsewhere through the client's own
 * host/port/protocol options (tests use a stand-in on loopback); unset, it talks to api.stripe.com.
 */
export function createStripeClient(config: Config): Stripe {
  const { secretKey, apiBaseUrl } = config.stripe;
  if (!secretKey) throw new Error('createStripeClient needs STRIPE_SECRET_KEY');
  const base = apiBaseUrl ? new URL(apiBaseUrl) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Titlewise' },
    ...(base ? { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function isNotFound(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 404;
}

/** Stripe failures become one clear 503 (a webhook delivery is then retried by Stripe); the cause is kept for the log. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new AppError('UPSTREAM_UNAVAILABLE', `Stripe could not ${what} right now. Please try again.`, {
      cause: error,
    });
  }
}

async function orNull<T>(what: string, run: () => Promise<T>): Promise<T | null> {
  return call(what, async () => {
    try {
      return await run();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  });
}

export function stripeBillingProvider(stripe: Stripe): BillingProvider {
  return {
    mode: 'stripe',

    createCustomer: ({ userId, email, name }) =>
      call('create your billing account', async () => {
        const customer = await stripe.customers.create(
          { email, name, metadata: { userId } },
          { idempotencyKey: `titlewise-customer-${userId}` },
        );
        return customer.id;
      }),

    createCheckoutSession: (input) =>
      call('open checkout', async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.priceId, quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          metadata: { userId: input.userId, plan: input.plan },
          subscription_data: { metadata: { userId: input.userId, plan: input.plan } },
        });
        return { id: session.id, url: session.url };
      }),

    getCheckoutSession: (id) =>
      orNull('read the checkout', async (): Promise<CheckoutSessionTruth> => {
        const session = await stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          status: session.status,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
          userId: session.client_reference_id,
        };
      }),

    getSubscription: (id) =>
      orNull('read the subscription', async (): Promise<SubscriptionTruth> => {
        const subscription = await stripe.subscriptions.retrieve(id);
        return {
          id: subscription.id,
          customerId: idOf(subscription.customer)!,
          status: subscription.status,
          priceId: subscription.items.data[0]?.price.id ?? null,
          userId: subscription.metadata.userId ?? null,
        };
      }),

    getInvoiceSubscriptionId: async (invoiceId) => {
      const invoice = await orNull('read the invoice', () => stripe.invoices.retrieve(invoiceId));
      return idOf(invoice?.parent?.subscription_details?.subscription);
    },

    createPortalSession: ({ customerId, returnUrl }) =>
      call('open the billing portal', async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
        });
        return session.url;
      }),
  };
}
