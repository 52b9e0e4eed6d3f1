import {
  activeTestLimits,
  PLAN_MONTHLY_USD,
  SUBSCRIPTION_TIER_NAMES,
  type PaidPlan,
} from '../../../src/shared/plans';
import { ROTATION_INTERVALS } from '../../../src/shared/test-shapes';
import { MAX_TITLES, MIN_TITLES } from '../../../src/shared/title-test-rules';

/** The paid plans as the pricing pages sell them; names, prices and limits come from src/shared. */
export type PlanId = PaidPlan;

const hours = (minutes: number) => minutes / 60;

export interface Plan {
  id: PlanId;
  name: string;
  priceUsd: number;
  tagline: string;
  features: string[];
  mostPopular: boolean;
}

export const plans: Plan[] = [
  {
    id: 'pro',
    name: SUBSCRIPTION_TIER_NAMES.pro,
    priceUsd: PLAN_MONTHLY_USD.pro,
    tagline: 'For a creator testing titles on their own channel.',
    features: [
      `Up to ${activeTestLimits.pro} concurrent title tests`,
      `${MIN_TITLES} to ${MAX_TITLES} title variants per test`,
      `Rotation every ${hours(Math.min(...ROTATION_INTERVALS))} to ${hours(Math.max(...ROTATION_INTERVALS))} hours`,
      'CTR, views and average view duration per title',
      'A verdict that says when there is no clear winner',
      'Original title restored when a test ends',
    ],
    mostPopular: false,
  },
  {
    id: 'authority',
    name: SUBSCRIPTION_TIER_NAMES.authority,
    priceUsd: PLAN_MONTHLY_USD.authority,
    tagline: 'For teams and multi-channel creators.',
    features: [
      'Unlimited title tests (within YouTube’s daily API quota)',
      'Up to 10 channels',
      'Team tools',
      'Authority analytics (premium only)',
      'Everything in Pro',
    ],
    mostPopular: true,
  },
];

export const MONEY_BACK_DAYS = 14;
