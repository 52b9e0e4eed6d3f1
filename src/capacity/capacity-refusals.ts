import { AppError } from '../errors/app-error';
import {
  CAPACITY_PLAN_NAMES,
  LONG_HOLD_DAYS,
  LONG_HOLD_PART,
  type CapacityPlan,
} from '../shared/capacity-shares';
import { ROTATION_INTERVALS } from '../shared/title-test-rules';
import { lengthCountsFromStart } from '../shared/queue-words';
import { longestHoldMs, planAllotment, type CapacityState, type Placement } from './admission';
import { reservedUnits, type TestShape } from './cost-model';

// Why a test cannot have the capacity it asks for, in the creator's words (docs/capacity.md): a
// shape no account of its plan could run here, a long hold asked to run too long, an extension
// that would hold up tests waiting. capacity.service.ts decides; this file words.

const units = (value: number) => Math.ceil(value).toLocaleString('en-US');

export function refusal(plan: CapacityPlan, shape: TestShape, cap: number): AppError {
  const longer = ROTATION_INTERVALS.find(
    (interval) =>
      interval > shape.rotationIntervalMinutes &&
      reservedUnits({ ...shape, rotationIntervalMinutes: interval }) <= cap,
  );
  const suggestion = longer
    ? `Choose a longer rotation interval (${longer >= 1440 ? 'daily' : `every ${longer / 60} hours`} fits).`
    : 'No rotation interval fits this deployment’s quota.';
  return new AppError(
    'RATE_LIMITED',
    `This test would need about ${units(reservedUnits(shape))} YouTube API units a day, more than one ${CAPACITY_PLAN_NAMES[plan]} account may reserve on this deployment (${units(cap)}). ${suggestion}`,
  );
}

const DAY_MS = 86_400_000;

/**
 * Why a test of this shape may not run `durationMs` (start to end), or null: a long hold (over
 * LONG_HOLD_PART of the plan's share) runs LONG_HOLD_DAYS at most, so other creators of the plan
 * get their turn within weeks. Names what would fit: a shorter test, or the shortest interval that
 * may run any length.
 */
export function holdProblem(
  state: Pick<CapacityState, 'testsPool'>,
  plan: CapacityPlan,
  shape: TestShape,
  durationMs: number,
): string | null {
  const longest = longestHoldMs(state, plan, shape);
  if (longest === null || durationMs <= longest + 60_000) return null;
  const free = ROTATION_INTERVALS.find(
    (interval) =>
      interval > shape.rotationIntervalMinutes &&
      longestHoldMs(state, plan, { ...shape, rotationIntervalMinutes: interval }) === null,
  );
  const longer = free
    ? `, or windows of ${free >= 1440 ? 'a day' : `${free / 60} hours`} or longer, which may run any length`
    : '';
  return `This test would reserve about ${units(reservedUnits(shape))} YouTube API units a day, over ${Math.round(LONG_HOLD_PART * 100)}% of the ${CAPACITY_PLAN_NAMES[plan]} plan’s share of this deployment (${units(planAllotment(state, plan))}). A test that large runs at most ${LONG_HOLD_DAYS} days, so other ${CAPACITY_PLAN_NAMES[plan]} creators get their turn: choose an end within ${LONG_HOLD_DAYS} days of its start${longer}. It would run ${Math.ceil(durationMs / DAY_MS - 1e-9)} days.`;
}

export function extensionRefusal(
  plan: CapacityPlan,
  placement: Extract<Placement, { start: false }>,
): string {
  const keeps = 'The test keeps its current end.';
  switch (placement.blockedBy) {
    case 'plan': {
      const waiting =
        placement.ahead > 0
          ? `${placement.ahead} test${placement.ahead === 1 ? ' is' : 's are'} waiting`
          : 'Tests are waiting';
      return `${waiting} for the ${CAPACITY_PLAN_NAMES[plan]} plan’s share of YouTube capacity, and they start as running tests end: running on would hold them up. ${keeps}`;
    }
    case 'account':
      return `Your account’s share of YouTube capacity is taken by your other tests, running or waiting to start, so this one cannot run on. ${keeps}`;
    case 'today':
      return `Today’s YouTube quota is nearly spent, so this test cannot run on now. Try again after midnight Pacific time. ${keeps}`;
  }
}

/** "every 4 hours", "daily". */
const intervalWords = (minutes: number): string =>
  minutes >= 1440 ? 'daily' : minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;

/**
 * Why a test would wait in line, and what the creator can do about it: its length counts from the
 * day it starts, a longer rotation interval that would start now (when one would), a larger plan.
 */
export function queueMessage(input: {
  plan: CapacityPlan;
  placement: Extract<Placement, { start: false }>;
  durationDays: number;
  soonerInterval: number | null;
}): string {
  const { plan, placement } = input;
  const why =
    placement.blockedBy === 'account'
      ? 'your running tests already reserve most of your account’s share'
      : placement.blockedBy === 'plan'
        ? `the ${CAPACITY_PLAN_NAMES[plan]} plan’s share is taken by running tests${placement.ahead > 0 ? ` and ${placement.ahead} waiting before it` : ''}`
        : 'today’s YouTube quota is nearly spent';
  const ways = [
    input.soonerInterval !== null
      ? `Rotating ${intervalWords(input.soonerInterval)} it would start now (the plan says what that interval can find).`
      : null,
    plan !== 'authority' && placement.blockedBy !== 'today'
      ? `A larger plan has a larger share: /paywall.`
      : null,
  ].filter((way): way is string => way !== null);
  return [
    `It would wait for capacity (${why}) and start by itself when there is room; ${lengthCountsFromStart(input.durationDays)}.`,
    ...ways,
  ].join(' ');
}
