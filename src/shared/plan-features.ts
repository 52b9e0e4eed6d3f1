// What each plan promises, as the pricing cards list it: one row per promise, each with the
// id of the check that proves the product keeps it (test/integration/plan-features.test.ts fails
// for a row without one). Pure, so web/ imports it at runtime.
import { CAPACITY_SHARES } from './capacity-shares';
import { activeTestLimits, channelLimits, teamSeatLimits, type PaidPlan } from './plans';

/** The plans the pricing cards show: Free beside the two sold through Stripe. */
export type ShownPlan = 'free' | PaidPlan;
import { MAX_TITLES, MIN_TITLES, ROTATION_INTERVALS } from './title-test-rules';

export const PLAN_FEATURE_IDS = [
  'concurrent-tests',
  'title-variants',
  'test-kinds',
  'rotation-intervals',
  'metrics-per-title',
  'honest-verdict',
  'title-restored',
  'channels',
  'all-channels-overview',
  'team',
] as const;
export type PlanFeatureId = (typeof PLAN_FEATURE_IDS)[number];

export interface PlanFeature {
  id: PlanFeatureId;
  /** The line on each plan's card that sells it; absent when the plan does not offer it. */
  text: Partial<Record<ShownPlan, string>>;
}

const hours = (minutes: number) => minutes / 60;
const runningTests = (count: number) => `${count} running test${count === 1 ? '' : 's'} at a time`;
const channels = (count: number) => (count === 1 ? '1 YouTube channel' : `Up to ${count} YouTube channels`);

export const PLAN_FEATURES: readonly PlanFeature[] = [
  {
    id: 'concurrent-tests',
    text: {
      free: runningTests(activeTestLimits.free!),
      pro: `Up to ${activeTestLimits.pro} concurrent title tests`,
      authority: `Unlimited title tests: up to ${Math.round(CAPACITY_SHARES.authority.accountCap * 100)}% of the daily YouTube capacity at once, the rest wait in line`,
    },
  },
  {
    id: 'channels',
    text: {
      free: channels(channelLimits.free),
      pro: channels(channelLimits.pro),
      authority: channels(channelLimits.authority),
    },
  },
  {
    id: 'all-channels-overview',
    text: { authority: 'All-channels overview: tests and figures of every channel together' },
  },
  {
    id: 'team',
    text: { authority: `A team of up to ${teamSeatLimits.authority}: editors run tests, viewers read` },
  },
  {
    id: 'title-variants',
    text: {
      free: `${MIN_TITLES} to ${MAX_TITLES} title variants per test`,
      pro: `${MIN_TITLES} to ${MAX_TITLES} title variants per test`,
      authority: `${MIN_TITLES} to ${MAX_TITLES} title variants per test`,
    },
  },
  {
    id: 'test-kinds',
    text: {
      free: 'Title, thumbnail and title + thumbnail tests',
      pro: 'Title, thumbnail and title + thumbnail tests',
      authority: 'Title, thumbnail and title + thumbnail tests',
    },
  },
  {
    id: 'rotation-intervals',
    text: {
      pro: `Rotation every ${hours(Math.min(...ROTATION_INTERVALS))} to ${hours(Math.max(...ROTATION_INTERVALS))} hours`,
    },
  },
  { id: 'metrics-per-title', text: { pro: 'CTR, views and average view duration per title' } },
  { id: 'honest-verdict', text: { pro: 'A verdict that says when there is no clear winner' } },
  { id: 'title-restored', text: { pro: 'Original title restored when a test ends' } },
];

/**
 * The Free plan's limits in one line, as the create dialog states them before the form is filled
 * in: "Free plan: 1 running test at a time, 1 YouTube channel".
 */
export const FREE_PLAN_SUMMARY = `Free plan: ${runningTests(activeTestLimits.free!)}, ${channels(channelLimits.free)}`;

/** The lines of a plan's card, in order. */
export function planFeatureLines(plan: ShownPlan): string[] {
  return PLAN_FEATURES.flatMap((feature) => (feature.text[plan] ? [feature.text[plan]] : []));
}
