import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import type { Tx } from '../db/database';
import { badRequest, conflict, type AppError } from '../errors/app-error';
import type { ServiceContext, TxContext } from '../context/service-context';
import { capacityPlanOf, shareSentence } from '../shared/capacity-shares';
import type { CapacityForShape, CapacityForShapeInput } from './capacity.schemas';
import { extensionRefusal, holdProblem, queueMessage, refusal } from './capacity-refusals';
import { intervalsFor } from '../shared/test-shapes';
import { activeTestLimit, planLimitMessage } from '../shared/plans';
import { runningStatuses } from '../shared/test-states';
import { accountAllotment, neverFits, placeExtension, placeQueue } from './admission';
import { heldAtMost } from './holdings';
import { loadCapacityState, testsPoolOf } from './capacity-state';
import type { Config } from '../config';
import { reservedUnits, type TestShape } from './cost-model';

// Admission (docs/capacity.md): every decision about who may start runs under one lock, on the
// state read inside it, so two creations or two passes can never both take the last units.

const CANDIDATE = 'candidate';
const DAY_MS = 86_400_000;

/** Serialises admission decisions across processes until the transaction ends. */
export async function lockAdmission(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('titlewise.capacity.admission'))`);
}

type Account = Parameters<typeof capacityPlanOf>[0] & { id: string };

/**
 * Refuses, before anything is read or stored, a shape one account of this plan could never run
 * here, or a long hold asked to run longer than it may (`durationMs`, start to end).
 */
export function assertShapeCanFit(
  config: Config,
  account: Account,
  shape: TestShape,
  durationMs: number,
): void {
  const pool = { testsPool: testsPoolOf(config) };
  const plan = capacityPlanOf(account);
  if (neverFits(pool, plan, shape)) throw refusal(plan, shape, accountAllotment(pool, plan));
  const tooLong = holdProblem(pool, plan, shape, durationMs);
  if (tooLong) throw badRequest(tooLong);
}

export type Admission = { start: true } | { start: false; expectedStartAt: Date | null; ahead: number };

/**
 * Where a new test of this account would stand: start now, or wait (with its expected start).
 * Throws the refusal when the shape could never fit the account's cap. Call inside the
 * transaction that stores the test: the lock is held until it commits.
 */
export async function admitNewTest(
  ctx: TxContext,
  account: Account,
  shape: TestShape,
  /**
   * Its length (start to end), when it starts (a later start: it is checked over its own days) and
   * how long it reads its video before the first switch (its plan's calibration; it holds little meanwhile).
   */
  timing: { durationMs: number; startsAt?: Date; readMs?: number },
): Promise<Admission> {
  const tx = ctx.db;
  await lockAdmission(tx);
  const state = await loadCapacityState(ctx);
  const plan = capacityPlanOf(account);
  if (neverFits(state, plan, shape)) throw refusal(plan, shape, accountAllotment(state, plan));
  const tooLong = holdProblem(state, plan, shape, timing.durationMs);
  if (tooLong) throw badRequest(tooLong);
  state.queued.push({ id: CANDIDATE, accountId: account.id, plan, shape, queuedAt: state.now, ...timing });
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
  const shape = {
    rotationIntervalMinutes: input.rotationIntervalMinutes,
    winnerMetric: input.winnerMetric,
    kind: input.kind,
  };
  const state = await loadCapacityState(deps);
  const plan = capacityPlanOf(account);
  const cap = accountAllotment(state, plan);
  const reserved = heldAtMost(
    state.admitted.filter((test) => test.accountId === account.id),
    state.now,
  );
  const limit = activeTestLimit(account);
  const testLimit = limit === null ? null : { running: await runningTestsOf(deps.db, account.id), limit };
  const base = {
    plan,
    share: shareSentence(plan),
    testUnits: Math.ceil(reservedUnits(shape)),
    accountReservedUnits: Math.ceil(reserved),
    accountCapUnits: Math.floor(cap),
    testLimit,
  };
  // Said before the creator fills the form in: creating would be refused with the same words.
  if (testLimit && testLimit.running >= testLimit.limit)
    return {
      ...base,
      decision: 'refuse',
      expectedStartAt: null,
      message: planLimitMessage(account.subscriptionTier, testLimit.limit),
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
  const tooLong = holdProblem(state, plan, shape, input.durationDays * DAY_MS);
  if (tooLong) return { ...base, decision: 'refuse', expectedStartAt: null, message: tooLong };
  state.queued.push({
    id: CANDIDATE,
    accountId: account.id,
    plan,
    shape,
    queuedAt: state.now,
    durationMs: input.durationDays * DAY_MS,
    readMs: input.calibrationHours * 3_600_000,
  });
  const placement = placeQueue(state).find((entry) => entry.id === CANDIDATE)!;
  if (placement.start)
    return {
      ...base,
      decision: 'start',
      expectedStartAt: null,
      message: 'It starts as soon as you create it.',
    };
  // The way forward: the first longer interval of the metric that would start now, if any.
  const sooner = intervalsFor(shape.winnerMetric).find((interval) => {
    if (interval <= shape.rotationIntervalMinutes) return false;
    const alternative = { ...shape, rotationIntervalMinutes: interval };
    if (holdProblem(state, plan, alternative, input.durationDays * DAY_MS)) return false;
    state.queued = state.queued.map((entry) =>
      entry.id === CANDIDATE ? { ...entry, shape: alternative } : entry,
    );
    return placeQueue(state).find((entry) => entry.id === CANDIDATE)!.start;
  });
  return {
    ...base,
    decision: 'queue',
    expectedStartAt: placement.expectedStartAt?.toISOString() ?? null,
    message: queueMessage({
      plan,
      placement,
      durationDays: input.durationDays,
      soonerInterval: sooner ?? null,
    }),
  };
}

/** How many of the account's tests run now, queued ones included (what its plan's limit counts). */
async function runningTestsOf(db: ServiceContext['db'], userId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(titleTests)
    .where(and(eq(titleTests.userId, userId), inArray(titleTests.status, [...runningStatuses])));
  return row?.count ?? 0;
}

/** A test asking for a later end: its id, shape and start, and the new end. */
export interface ExtensionAsk {
  id: string;
  shape: TestShape;
  /** When it started (a long hold's length counts from there, extensions included). */
  startDate: Date;
  newEnd: Date;
}

/**
 * Why the account's test cannot run on to `ask.newEnd` on this deployment's capacity, or null when
 * it can (docs/capacity.md, "Extending a test"): the shape must still fit the account's cap, and the
 * extension is placed like a new arrival behind the tests already waiting (admission.ts).
 */
function extensionProblem(
  state: Awaited<ReturnType<typeof loadCapacityState>>,
  account: Account,
  ask: ExtensionAsk,
): AppError | null {
  const plan = capacityPlanOf(account);
  if (neverFits(state, plan, ask.shape)) return refusal(plan, ask.shape, accountAllotment(state, plan));
  const tooLong = holdProblem(state, plan, ask.shape, ask.newEnd.getTime() - ask.startDate.getTime());
  if (tooLong) return badRequest(tooLong);
  const placement = placeExtension(state, {
    id: ask.id,
    accountId: account.id,
    plan,
    shape: ask.shape,
    durationMs: Math.max(0, ask.newEnd.getTime() - state.now.getTime()),
  });
  return placement.start ? null : conflict(extensionRefusal(plan, placement));
}

/**
 * Admits an extension or throws the refusal: a running test that does not fit keeps its end (it is
 * never queued). Call inside the transaction that extends the test: the lock is held until it commits.
 */
export async function admitExtension(ctx: TxContext, account: Account, ask: ExtensionAsk): Promise<void> {
  const tx = ctx.db;
  await lockAdmission(tx);
  const problem = extensionProblem(await loadCapacityState(ctx), account, ask);
  if (problem) throw problem;
}

/** What extending would meet now, read without the lock (the Extend dialog): the refusal's words, or null. */
export async function extensionCapacity(
  deps: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  account: Account,
  ask: ExtensionAsk,
): Promise<string | null> {
  return extensionProblem(await loadCapacityState(deps), account, ask)?.message ?? null;
}
