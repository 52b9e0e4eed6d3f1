// How the deployment's one YouTube quota is shared out among plans and accounts
// (docs/capacity.md). One table, enforced in one place (src/capacity/admission.ts) and shown in the
// create dialog. Pure (type imports only), so web/ imports it at runtime.
import type { SubscriptionTier } from './plans';

/** The plans capacity is shared among: an ended subscription is Free, Lifetime is Authority. */
export const CAPACITY_PLANS = ['free', 'pro', 'authority'] as const;
export type CapacityPlan = (typeof CAPACITY_PLANS)[number];

export interface CapacityShare {
  /**
   * The part of the tests' pool (the daily quota less the reads kept for the video picker and the
   * sampling overhead) that the plan's running tests together may reserve. Shares are not lent to
   * another plan: a test runs for days, so lent units could not be taken back when this plan's
   * next creator arrives.
   */
  planShare: number;
  /**
   * The part of the tests' pool one account's running tests may reserve: at most half its plan's
   * share, so the next account of the plan always fits beside the greediest (docs/decisions/0040).
   */
  accountCap: number;
}

export const CAPACITY_SHARES: Record<CapacityPlan, CapacityShare> = {
  free: { planShare: 0.2, accountCap: 0.1 },
  pro: { planShare: 0.35, accountCap: 0.15 },
  authority: { planShare: 0.45, accountCap: 0.2 },
};

/**
 * A test that reserves more than this part of its plan's share is a long hold: it may run
 * LONG_HOLD_DAYS at most (start to end, extensions included), so the share turns over within
 * weeks and a queued test's expected start stays within days of them, never months.
 */
export const LONG_HOLD_PART = 0.25;
export const LONG_HOLD_DAYS = 14;

export const CAPACITY_PLAN_NAMES: Record<CapacityPlan, string> = {
  free: 'Free',
  pro: 'Pro',
  authority: 'Authority',
};

/** Whose share an account's tests draw on. */
export function capacityPlanOf(user: {
  subscriptionTier: SubscriptionTier;
  isLifetime: boolean;
}): CapacityPlan {
  if (user.isLifetime || user.subscriptionTier === 'lifetime') return 'authority';
  if (user.subscriptionTier === 'cancelled') return 'free';
  return user.subscriptionTier;
}

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** The share line of the create dialog and the docs: e.g. "Pro: 35% of the deployment's test capacity, up to 15% for one account". */
export function shareSentence(plan: CapacityPlan): string {
  const share = CAPACITY_SHARES[plan];
  return `${CAPACITY_PLAN_NAMES[plan]}: ${percent(share.planShare)} of the daily YouTube capacity for tests, up to ${percent(share.accountCap)} for one account`;
}
