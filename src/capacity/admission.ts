import {
  CAPACITY_SHARES,
  LONG_HOLD_DAYS,
  LONG_HOLD_PART,
  type CapacityPlan,
} from '../shared/capacity-shares';
import { reservedUnits, unitsPerSwitch, type TestShape } from './cost-model';
import { admittedHolds, Holdings, queuedHolds, spendBetween } from './holdings';

// Who may start now, in one place (docs/capacity.md). Pure: the state is loaded by
// capacity-state.ts, and every decision (creating, the admission pass, the forecasts) runs here.

export interface AdmittedTest {
  id: string;
  accountId: string;
  plan: CapacityPlan;
  shape: TestShape;
  endsAt: Date;
  /** When it started (absent: it holds from now). */
  startsAt?: Date;
  /** Until when it reads its video before the first switch (holdings.ts); absent: it switches from its start. */
  readUntil?: Date;
}

export interface QueuedTest {
  id: string;
  accountId: string;
  plan: CapacityPlan;
  shape: TestShape;
  /** Arrival: the queue's order within a plan. */
  queuedAt: Date;
  durationMs: number;
  /** A new test asked to start later than now: checked over its own days. */
  startsAt?: Date;
  /** How long after its start it reads its video before the first switch (its stored plan's calibration). */
  readMs?: number;
  /** A running test asking to run on past its end: served after every waiting test of its plan. */
  extension?: boolean;
}

export interface CapacityState {
  now: Date;
  /** When today's quota resets (Pacific midnight). */
  resetsAt: Date;
  /** What admitted tests together may reserve per day: the quota less the reads pool and sampling's rounding. */
  testsPool: number;
  /** What jobs may spend today: the quota less the reads pool. */
  engineBudgetToday: number;
  /** What the ledger shows jobs spent today (real accounts only). */
  engineSpentToday: number;
  /** The admitted tests' projected spend from now to the reset (their planned rotations and sampling). */
  engineRemainingToday: number;
  admitted: AdmittedTest[];
  /** In arrival order. */
  queued: QueuedTest[];
}

export type Blocker = 'plan' | 'account' | 'today';

export type Placement =
  | { id: string; start: true }
  | { id: string; start: false; blockedBy: Blocker; expectedStartAt: Date | null; ahead: number };

export const planAllotment = (state: Pick<CapacityState, 'testsPool'>, plan: CapacityPlan) =>
  state.testsPool * CAPACITY_SHARES[plan].planShare;
export const accountAllotment = (state: Pick<CapacityState, 'testsPool'>, plan: CapacityPlan) =>
  state.testsPool * CAPACITY_SHARES[plan].accountCap;

/** A shape one account of the plan could never run, however empty the deployment: refused, not queued. */
export function neverFits(
  state: Pick<CapacityState, 'testsPool'>,
  plan: CapacityPlan,
  shape: TestShape,
): boolean {
  return reservedUnits(shape) > accountAllotment(state, plan);
}

/**
 * The longest a test of this shape may run, in ms (start to end), or null when any length may: a
 * test that reserves more than LONG_HOLD_PART of its plan's share holds it LONG_HOLD_DAYS at most.
 */
export function longestHoldMs(
  state: Pick<CapacityState, 'testsPool'>,
  plan: CapacityPlan,
  shape: TestShape,
): number | null {
  return reservedUnits(shape) > planAllotment(state, plan) * LONG_HOLD_PART
    ? LONG_HOLD_DAYS * 86_400_000
    : null;
}

function sumBy<T>(items: T[], key: (item: T) => string, value: (item: T) => number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

/**
 * Each plan's line, served fairly (docs/capacity.md, "Admission and the queue"): the next of a
 * plan's waiting tests is the one whose account holds the least of the share, counting its running
 * tests, those this pass starts, and, to order the tests that wait, those it already has ahead of
 * them in line. Ties go by arrival. So an account that queues many tests gets one turn in each round
 * and cannot keep refilling its plan's share while another account's first test waits. An
 * extension is served after every waiting test of its plan.
 */
class PlanLines {
  private readonly lines = new Map<CapacityPlan, QueuedTest[]>();
  private readonly inLine = new Map<string, number>();

  constructor(
    queued: QueuedTest[],
    /** What each account's running tests reserve, kept up to date by the pass. */
    private readonly held: Map<string, number>,
  ) {
    for (const test of queued) {
      const line = this.lines.get(test.plan) ?? [];
      line.push(test);
      this.lines.set(test.plan, line);
    }
  }

  /** Takes the plan's next test out of its line (the line is in arrival order: the first least wins ties). */
  next(plan: CapacityPlan): QueuedTest {
    const line = this.lines.get(plan)!;
    const rank = (test: QueuedTest) =>
      (test.extension ? Infinity : 0) +
      (this.held.get(test.accountId) ?? 0) +
      (this.inLine.get(test.accountId) ?? 0);
    let best = 0;
    let bestRank = rank(line[0]!);
    for (let index = 1; index < line.length; index++) {
      const candidate = rank(line[index]!);
      if (candidate < bestRank) [best, bestRank] = [index, candidate];
    }
    return line.splice(best, 1)[0]!;
  }

  /** The test waits: its units count toward its account's place in the rest of the line. */
  waits(test: QueuedTest): void {
    this.inLine.set(test.accountId, (this.inLine.get(test.accountId) ?? 0) + reservedUnits(test.shape));
  }
}

/**
 * One admission pass over the queue: each test starts when its account's cap, its plan's share and
 * today's remaining quota all have room for it, on every day of its life (holdings.ts: a test that
 * first reads its video holds little until its first switch). Plans take their turns in the order
 * their tests arrived; within a plan the line is served fairly (PlanLines). Once a test waits for
 * its plan's share, the rest of its plan's line waits behind it (a stream of small tests can never
 * starve a large one). A test that waits for its own account's cap or for today's reset does not
 * hold up anyone else. Each waiting test gets its expected start, in the line's order.
 */
export function placeQueue(state: CapacityState): Placement[] {
  const holdings = new Holdings(state.admitted, state.now, {
    plan: (plan) => planAllotment(state, plan),
    account: (plan) => accountAllotment(state, plan),
  });
  // The line's order goes by what each account reserves at its worst (its tests' full reservations).
  const ranks = sumBy(
    state.admitted,
    (test) => test.accountId,
    (test) => reservedUnits(test.shape),
  );
  let today =
    state.engineSpentToday +
    state.engineRemainingToday +
    state.admitted.reduce((total, test) => total + unitsPerSwitch(test.shape.kind), 0);
  const planBlocked = new Set<CapacityPlan>();
  const lines = new PlanLines(state.queued, ranks);
  const placements: Placement[] = [];
  for (const { plan } of state.queued) {
    const test = lines.next(plan);
    const holds = queuedHolds(test, Math.max(state.now.getTime(), test.startsAt?.getTime() ?? 0));
    // Today's part of it: a test that reads its video first spends only its sampling meanwhile.
    const todayUnits = spendBetween(holds, test.shape, state.now.getTime(), state.resetsAt.getTime());
    let blockedBy: Blocker | null = null;
    // An account at its cap waits for its own tests whatever its plan has: it holds up nobody.
    if (!holdings.accountFits(test, holds)) blockedBy = 'account';
    else if (planBlocked.has(test.plan) || !holdings.planFits(test, holds)) blockedBy = 'plan';
    else if (today + todayUnits > state.engineBudgetToday) blockedBy = 'today';
    if (blockedBy === null) {
      holdings.add(test, holds);
      ranks.set(test.accountId, (ranks.get(test.accountId) ?? 0) + reservedUnits(test.shape));
      today += todayUnits;
      placements.push({ id: test.id, start: true });
      continue;
    }
    if (blockedBy === 'plan') planBlocked.add(test.plan);
    lines.waits(test);
    placements.push({ id: test.id, start: false, blockedBy, expectedStartAt: null, ahead: 0 });
  }
  // The holdings now hold the admitted tests and those this pass starts: the replay starts from them.
  return withExpectedStarts(state, placements, holdings);
}

/** A test asking to run on past its end: its account, plan and shape, and how long from now it would run. */
export interface ExtensionRequest {
  id: string;
  accountId: string;
  plan: CapacityPlan;
  shape: TestShape;
  /** From now to the new end. */
  durationMs: number;
}

/**
 * Where an extension stands (docs/capacity.md, "Extending a test"): the test is placed like a new
 * arrival, at the back of the queue, with its own reservation counted as free (it is the one
 * asking). The tests already waiting, in particular those of its plan waiting for the units its
 * end would release, come first. A running test's part of today is already in the forecast, so
 * only what it spends after its old end and before the reset is added to today. Start means the
 * extension fits.
 */
export function placeExtension(state: CapacityState, request: ExtensionRequest): Placement {
  const own = state.admitted.find((test) => test.id === request.id);
  // Its own spend before the reset (its sampling alone while it still reads), its restore aside.
  const ownToday = own
    ? spendBetween(
        admittedHolds(own, state.now),
        own.shape,
        state.now.getTime(),
        Math.min(own.endsAt.getTime(), state.resetsAt.getTime()),
      ) - unitsPerSwitch(own.shape.kind)
    : 0;
  const replay: CapacityState = {
    ...state,
    // Leaving the admitted list also takes its restore reserve out of today's sum.
    admitted: state.admitted.filter((test) => test.id !== request.id),
    engineRemainingToday: Math.max(0, state.engineRemainingToday - ownToday),
    queued: [
      ...state.queued,
      {
        ...request,
        queuedAt: state.now,
        extension: true,
        // Asked before its first switch, it still reads its video until then.
        readMs: Math.max(0, (own?.readUntil?.getTime() ?? 0) - state.now.getTime()),
      },
    ],
  };
  return placeQueue(replay).find((placement) => placement.id === request.id)!;
}

/**
 * When each waiting test should start: a replay of the future in which running tests end on their
 * end dates and waiting tests start, in queue order, at the first moment their plan's and account's
 * holds leave room for theirs on every day they would run (and no earlier than the plan's test
 * ahead of them); each then holds its part of the future for those behind it. Today's reset lets a
 * test waiting on today's quota start at midnight. Null when nothing ever makes room.
 */
function withExpectedStarts(state: CapacityState, placements: Placement[], holdings: Holdings): Placement[] {
  const byId = new Map(state.queued.map((test) => [test.id, test]));
  const planFloor = new Map<CapacityPlan, number>();
  const aheadInPlan = new Map<CapacityPlan, number>();
  return placements.map((placement) => {
    if (placement.start) return placement;
    const test = byId.get(placement.id)!;
    const ahead = aheadInPlan.get(test.plan) ?? 0;
    aheadInPlan.set(test.plan, ahead + 1);
    const from = Math.max(
      (placement.blockedBy === 'today' ? state.resetsAt : state.now).getTime(),
      planFloor.get(test.plan) ?? -Infinity,
    );
    const at = holdings.earliestFit(test, from);
    if (at === null) return { ...placement, expectedStartAt: null, ahead };
    holdings.add(test, queuedHolds(test, at));
    if (placement.blockedBy === 'plan') planFloor.set(test.plan, at);
    return { ...placement, expectedStartAt: new Date(at), ahead };
  });
}
