import type { Config } from '../config';
import type { PaidPlan } from './billing.schemas';

/** SPEC §3/§9 plans: what the (simulated) checkout shows. Stripe's prices are the ones charged. */
export const planDetails: Record<PaidPlan, { name: string; monthlyUsd: number }> = {
  pro: { name: 'Pro', monthlyUsd: 29 },
  authority: { name: 'Authority', monthlyUsd: 99 },
};

export function priceIdFor(config: Config, plan: PaidPlan): string {
  const priceId = config.stripe.priceIds[plan];
  // src/config requires both price ids with a Stripe key and sets simulated ones without.
  if (!priceId) throw new Error(`No Stripe price configured for the ${plan} plan`);
  return priceId;
}

/** The plan a Stripe price stands for, or null for a price Titlewise does not sell. */
export function planForPrice(config: Config, priceId: string | null): PaidPlan | null {
  if (priceId === null) return null;
  if (priceId === config.stripe.priceIds.pro) return 'pro';
  if (priceId === config.stripe.priceIds.authority) return 'authority';
  return null;
}
