import { planFeatureLines, type ShownPlan } from '#shared/plan-features';
import { PLAN_MONTHLY_USD, SUBSCRIPTION_TIER_NAMES, type PaidPlan } from '#shared/plans';

/**
 * The plans as the pricing pages show them, Free beside the two paid ones: names and prices from
 * src/shared/plans.ts, every feature line from src/shared/plan-features.ts, where each is tied to
 * the check that proves it.
 */
export type PlanId = PaidPlan;

export interface Plan {
  id: ShownPlan;
  name: string;
  priceUsd: number;
  tagline: string;
  features: string[];
  mostPopular: boolean;
}

export const plans: Plan[] = [
  {
    id: 'free',
    name: SUBSCRIPTION_TIER_NAMES.free,
    priceUsd: 0,
    tagline: 'For trying Titlewise on one video at a time.',
    features: planFeatureLines('free'),
    mostPopular: false,
  },
  {
    id: 'pro',
    name: SUBSCRIPTION_TIER_NAMES.pro,
    priceUsd: PLAN_MONTHLY_USD.pro,
    tagline: 'For a creator testing titles on their own channel.',
    features: planFeatureLines('pro'),
    mostPopular: false,
  },
  {
    id: 'authority',
    name: SUBSCRIPTION_TIER_NAMES.authority,
    priceUsd: PLAN_MONTHLY_USD.authority,
    tagline: 'For creators with several channels.',
    features: [...planFeatureLines('authority'), 'Everything in Pro'],
    mostPopular: true,
  },
];

export const MONEY_BACK_DAYS = 14;
