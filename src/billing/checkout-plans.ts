import type { Config } from '../config';
import { PLAN_MONTHLY_USD, SUBSCRIPTION_TIER_NAMES, type PaidPlan } from '../shared/plans';

/** What the (simulated) checkout shows of each plan. Stripe's prices are the ones charged. */
export const planDetails: Record<PaidPlan, { name: string; monthlyUsd: number }> = {
  pro: { name: SUBSCRIPTION_TIER_NAMES.pro, monthlyUsd: PLAN_MONTHLY_USD.pro },
  authority: { name: SUBSCRIPTION_TIER_NAMES.authority, monthlyUsd: PLAN_MONTHLY_USD.authority },
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
