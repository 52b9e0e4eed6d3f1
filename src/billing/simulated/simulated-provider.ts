import type { ServiceContext } from '../../context/service-context';
import type { BillingProvider } from '../billing-provider';
import {
  findByIdempotencyKey,
  findObject,
  insertObject,
  simulatedId,
  type SimCheckoutSession,
  type SimCustomer,
  type SimInvoice,
  type SimPortalSession,
  type SimSubscription,
} from './objects';

export const SIMULATED_CHECKOUT_PATH = '/api/billing/simulated-checkout';
export const SIMULATED_PORTAL_PATH = '/api/billing/simulated-portal';
/** How long a simulated checkout or portal page stays open after it was created. */
export const SIMULATED_PAGE_LIFETIME_SECONDS = 60 * 60;

/**
 * The built-in simulated Stripe, used when no STRIPE_SECRET_KEY is set: the same operations as the
 * real client, over Stripe-shaped objects stored in sim_stripe_objects. Its checkout and portal
 * pages (simulated-pages.ts) are served by Titlewise and send signed events to the real webhook code.
 */
export function simulatedBillingProvider(app: ServiceContext): BillingProvider {
  const { db } = app;
  const expiresAt = () => Math.floor(app.clock.now().getTime() / 1000) + SIMULATED_PAGE_LIFETIME_SECONDS;
  return {
    mode: 'simulated',

    async createCustomer({ userId, email, name }) {
      const key = `titlewise-customer-${userId}`;
      const existing = await findByIdempotencyKey<SimCustomer>(db, key);
      if (existing) return existing.id;
      const customer = await insertObject<SimCustomer>(
        db,
        { id: simulatedId('cus'), object: 'customer', email, name, metadata: { userId } },
        key,
      );
      return customer.id;
    },

    async createCheckoutSession(input) {
      const id = simulatedId('cs');
      const session = await insertObject<SimCheckoutSession>(db, {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        customer: input.customerId,
        subscription: null,
        client_reference_id: input.userId,
        price: input.priceId,
        plan: input.plan,
        metadata: { userId: input.userId, plan: input.plan },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        url: `${app.config.publicUrl}${SIMULATED_CHECKOUT_PATH}/${id}`,
        expires_at: expiresAt(),
      });
      return { id: session.id, url: session.url };
    },

    async getCheckoutSession(id) {
      const session = await findObject<SimCheckoutSession>(db, id, 'checkout.session');
      if (!session) return null;
      return {
        id: session.id,
        status: session.status,
        customerId: session.customer,
        subscriptionId: session.subscription,
        userId: session.client_reference_id,
      };
    },

    async getSubscription(id) {
      const subscription = await findObject<SimSubscription>(db, id, 'subscription');
      if (!subscription) return null;
      return {
        id: subscription.id,
        customerId: subscription.customer,
        status: subscription.status,
        priceId: subscription.items.data[0]?.price.id ?? null,
        userId: subscription.metadata.userId ?? null,
      };
    },

    async getInvoiceSubscriptionId(invoiceId) {
      const invoice = await findObject<SimInvoice>(db, invoiceId, 'invoice');
      return invoice?.parent.subscription_details.subscription ?? null;
    },

    async createPortalSession({ customerId, returnUrl }) {
      const id = simulatedId('bps');
      const session = await insertObject<SimPortalSession>(db, {
        id,
        object: 'billing_portal.session',
        customer: customerId,
        return_url: returnUrl,
        url: `${app.config.publicUrl}${SIMULATED_PORTAL_PATH}/${id}`,
        expires_at: expiresAt(),
      });
      return session.url;
    },
  };
}
