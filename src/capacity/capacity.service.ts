import { sql } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { AppError } from '../errors/app-error';
import type { ServiceContext } from '../service-context';
import {
  CAPACITY_PLAN_NAMES,
  capacityPlanOf,
  shareSentence,
  type CapacityPlan,
} from '../shared/capacity-shares';
import type { CapacityForShape, CapacityForShapeInput } from './capacity.schemas';
import { ROTATION_INTERVALS } from '../shared/title-test-rules';
import { accountAllotment, neverFits, placeQueue } from './admission';
import { loadCapacityState, testsPoolOf } from './capacity-state';
import type { Config } from '../config';
import { reservedUnits, type TestShape } from './cost-model';

// Admission (docs/capacity.md): every decision about who may start runs under one lock, on the
// state read inside it, so two creations or two passes can never both take the last units.

const CANDIDATE = 'candidate';

/** Serialises admission decisions across processes until the transaction ends. */
export async function lockAdmission(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('titlewise.capacity.admission'))`);
}

const units = (value: number) => Math.ceil(value).toLocaleString('en-US');

function refusal(plan: CapacityPlan, shape: TestShape, cap: number): AppError {
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

type Account = Parameters<typeof capacityPlanOf>[0] & { id: string };

/** Refuses, before anything is read or stored, a shape one account of this plan could never run here. */
export function assertShapeCanFit(config: Config, account: Account, shape: TestShape): void {
  const pool = { testsPool: testsPoolOf(config) };
  const plan = capacityPlanOf(account);
  if (neverFits(pool, plan, shape)) throw refusal(plan, shape, accountAllotment(pool, plan));
}

export type Admission = { start: true } | { start: false; expectedStartAt: Date | null; ahead: number };

/**
 * Where a new test of this account would stand: start now, or wait (with its expected start).
 * Throws the refusal when the shape could never fit the account's cap. Call inside the
 * transaction that stores the test: the lock is held until it commits.
 */
export async function admitNewTest(
  ctx: ServiceContext,
  tx: Tx,
  account: Account,
  shape: TestShape,
  durationMs: number,
): Promise<Admission> {
  await lockAdmission(tx);
  const state = await loadCapacityState({ ...ctx, db: tx });
  const plan = capacityPlanOf(account);
  if (neverFits(state, plan, shape)) throw refusal(plan, shape, accountAllotment(state, plan));
  state.queued.push({ id: CANDIDATE, accountId: account.id, plan, shape, queuedAt: state.now, durationMs });
  const placement = placeQueue(state).find((entry) => entry.id === CANDIDATE)!;
  return placement.start
    ? { start: true }
    : { start: false, expectedStartAt: placement.expectedStartAt, ahead: placement.ahead };
}

/**
 * Where a test of this shape would stand for the account now (the create dialog's capacity line):
 * the same decision creating it would make, read without the lock.
 */
export async function capacityForShape(
  deps: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  account: Account & { isDemo?: boolean },
  input: CapacityForShapeInput,
): Promise<CapacityForShape> {
  const shape = { rotationIntervalMinutes: input.rotationIntervalMinutes, winnerMetric: input.winnerMetric };
  const state = await loadCapacityState(deps);
  const plan = capacityPlanOf(account);
  const cap = accountAllotment(state, plan);
  const reserved = state.admitted
    .filter((test) => test.accountId === account.id)
    .reduce((total, test) => total + reservedUnits(test.shape), 0);
  const base = {
    plan,
    share: shareSentence(plan),
    testUnits: Math.ceil(reservedUnits(shape)),
    accountReservedUnits: Math.ceil(reserved),
    accountCapUnits: Math.floor(cap),
  };
  if (account.isDemo)
    return {
      ...base,
      decision: 'start',
      expectedStartAt: null,
      message: 'Demo tests run on the simulator’s quota of your own demo channel: it starts now.',
    };
  if (neverFits(state, plan, shape))
    return { ...base, decision: 'refuse', expectedStartAt: null, message: refusal(plan, shape, cap).message };
  state.queued.push({
    id: CANDIDATE,
    accountId: account.id,
    plan,
    shape,
    queuedAt: state.now,
    durationMs: input.durationDays * 86_400_000,
  });
  const placement = placeQueue(state).find((entry) => entry.id === CANDIDATE)!;
  if (placement.start)
    return {
      ...base,
      decision: 'start',
      expectedStartAt: null,
      message: 'It starts as soon as you create it.',
    };
  const why =
    placement.blockedBy === 'account'
      ? 'your running tests already reserve most of your account’s share'
      : placement.blockedBy === 'plan'
        ? `the ${CAPACITY_PLAN_NAMES[plan]} plan’s share is taken by running tests${placement.ahead > 0 ? ` and ${placement.ahead} waiting before it` : ''}`
        : 'today’s YouTube quota is nearly spent';
  return {
    ...base,
    decision: 'queue',
    expectedStartAt: placement.expectedStartAt?.toISOString() ?? null,
    message: `It would wait for capacity (${why}) and start by itself when there is room.`,
  };
}
