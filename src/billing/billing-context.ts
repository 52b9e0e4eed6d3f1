import type { ServiceContext } from '../context/service-context';
import type { BillingProvider } from './billing-provider';

/** What billing's services run on: the service context plus Stripe. */
export interface BillingContext extends ServiceContext {
  /** Stripe through the real client, or the built-in simulated Stripe when no key is set. */
  billing: BillingProvider;
}
