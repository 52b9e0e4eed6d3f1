import type { CapacityPlan } from '../shared/capacity-shares';
import type { AdmittedTest, QueuedTest } from './admission';
import { reservedUnits, samplingUnitsPerDay, unitsPerSwitch, type TestShape } from './cost-model';

// What a test holds of its plan's share and its account's cap, day by day over its life
// (docs/capacity.md, "What a test holds"). A first test of a channel reads its video's counter for
// a day or two before its first switch: meanwhile it spends only its share of sampling, so it holds
// that and its restore, and its day's switching from the hour its design starts. Admission checks a
// new test's holds against every future hour of the running tests' holds, never only today's.

/** A stretch of a test's life and the units a day it holds through it. Times in ms. */
export interface Hold {
  from: number;
  until: number;
  units: number;
}

/** What a test holds a day while it reads its video before the first switch: sampling and the restore. */
export function readingUnits(shape: TestShape): number {
  return samplingUnitsPerDay(shape) + unitsPerSwitch(shape.kind);
}

/**
 * A test's holds from `start` to `end`: its reading units until `readUntil` (the hour its design
 * starts; a switch never comes earlier), its full reservation from then on.
 */
export function holdsOf(shape: TestShape, start: number, end: number, readUntil = start): Hold[] {
  const switchesFrom = Math.min(end, Math.max(start, readUntil));
  const holds: Hold[] = [];
  if (switchesFrom > start) holds.push({ from: start, until: switchesFrom, units: readingUnits(shape) });
  if (end > switchesFrom) holds.push({ from: switchesFrom, until: end, units: reservedUnits(shape) });
  return holds;
}

const DAY_MS = 86_400_000;

/**
 * What a test holding these would spend between `from` and `until`: each hold's daily units, less
 * the restore every hold keeps in reserve, over the hours it overlaps, and the restore once (it is
 * spent when the test ends, not every day). A test still reading its video spends only its sampling.
 */
export function spendBetween(holds: Hold[], shape: TestShape, from: number, until: number): number {
  const restore = unitsPerSwitch(shape.kind);
  let units = restore;
  for (const hold of holds) {
    const overlap = Math.min(hold.until, until) - Math.max(hold.from, from);
    if (overlap > 0) units += ((hold.units - restore) * overlap) / DAY_MS;
  }
  return units;
}

const EPSILON = 1e-9;

/**
 * The units a day held over time by a group of tests (a plan's or an account's): a step function,
 * kept as the times where it changes and the level from each of them on. Before the first time it
 * holds nothing.
 */
export class HoldLine {
  private readonly times: number[] = [];
  private readonly levels: number[] = [];

  /** Index of the last change at or before `at` (-1 before the first). */
  private indexAt(at: number): number {
    let low = 0;
    let high = this.times.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.times[mid]! <= at) low = mid + 1;
      else high = mid;
    }
    return low - 1;
  }

  /** Makes `at` a change point (with the level already held there) and returns its index. */
  private split(at: number): number {
    const index = this.indexAt(at);
    if (index >= 0 && this.times[index] === at) return index;
    this.times.splice(index + 1, 0, at);
    this.levels.splice(index + 1, 0, index >= 0 ? this.levels[index]! : 0);
    return index + 1;
  }

  add(holds: Hold[], sign: 1 | -1 = 1): void {
    for (const hold of holds) {
      if (hold.until <= hold.from) continue;
      const first = this.split(hold.from);
      const last = this.split(hold.until);
      for (let index = first; index < last; index++) this.levels[index]! += sign * hold.units;
    }
  }

  /** The most held at any moment of [from, until). */
  peak(from: number, until: number): number {
    let index = this.indexAt(from);
    let most = index >= 0 ? this.levels[index]! : 0;
    for (index++; index < this.times.length && this.times[index]! < until; index++)
      most = Math.max(most, this.levels[index]!);
    return most;
  }

  /** Whether these holds, added, keep the line within `limit` at every moment. */
  fits(holds: Hold[], limit: number): boolean {
    return holds.every((hold) => this.peak(hold.from, hold.until) + hold.units <= limit + EPSILON);
  }

  /** The times after `from` at which the level falls: the only moments a waiting test may newly fit. */
  fallsAfter(from: number): number[] {
    const falls: number[] = [];
    for (let index = Math.max(0, this.indexAt(from) + 1); index < this.times.length; index++) {
      const before = index > 0 ? this.levels[index - 1]! : 0;
      if (this.levels[index]! < before - EPSILON) falls.push(this.times[index]!);
    }
    return falls;
  }
}

/** The holds of a running test from its start to its end (at least until now: an overdue test holds until it ends). */
export function admittedHolds(test: AdmittedTest, now: Date): Hold[] {
  const start = test.startsAt?.getTime() ?? now.getTime();
  const end = Math.max(test.endsAt.getTime(), now.getTime() + 1);
  return holdsOf(test.shape, start, end, test.readUntil?.getTime() ?? start);
}

/**
 * The most these running tests hold together on any day from now (what a plan's or an account's
 * share has taken): their full reservations once they switch, less while some still read.
 */
export function heldAtMost(tests: AdmittedTest[], now: Date): number {
  const line = new HoldLine();
  for (const test of tests) line.add(admittedHolds(test, now));
  return line.peak(now.getTime(), Infinity);
}

/** The holds of a waiting test were it to start at `at`. */
export function queuedHolds(test: QueuedTest, at: number): Hold[] {
  return holdsOf(test.shape, at, at + test.durationMs, at + (test.readMs ?? 0));
}

/** Each plan's and each account's line of holds over the days ahead. */
export class Holdings {
  private readonly plans = new Map<CapacityPlan, HoldLine>();
  private readonly accounts = new Map<string, HoldLine>();

  constructor(
    admitted: AdmittedTest[],
    now: Date,
    /** What a plan's tests together, and one account's of that plan, may hold a day. */
    private readonly allotments: {
      plan: (plan: CapacityPlan) => number;
      account: (plan: CapacityPlan) => number;
    },
  ) {
    for (const test of admitted) this.add(test, admittedHolds(test, now));
  }

  private line<K>(lines: Map<K, HoldLine>, key: K): HoldLine {
    let line = lines.get(key);
    if (!line) lines.set(key, (line = new HoldLine()));
    return line;
  }

  add(test: { plan: CapacityPlan; accountId: string }, holds: Hold[]): void {
    this.line(this.plans, test.plan).add(holds);
    this.line(this.accounts, test.accountId).add(holds);
  }

  accountFits(test: QueuedTest, holds: Hold[]): boolean {
    return this.line(this.accounts, test.accountId).fits(holds, this.allotments.account(test.plan));
  }

  planFits(test: QueuedTest, holds: Hold[]): boolean {
    return this.line(this.plans, test.plan).fits(holds, this.allotments.plan(test.plan));
  }

  /**
   * The earliest moment from `from` at which the test fits its plan and its account: `from` itself,
   * or a moment at which a hold ends, or its read would end, as one of its lines falls.
   */
  earliestFit(test: QueuedTest, from: number): number | null {
    const read = test.readMs ?? 0;
    const falls = [
      ...this.line(this.plans, test.plan).fallsAfter(from),
      ...this.line(this.accounts, test.accountId).fallsAfter(from),
    ];
    const candidates = [from, ...falls, ...falls.map((at) => at - read)]
      .filter((at) => at >= from)
      .sort((a, b) => a - b);
    for (const at of candidates) {
      const holds = queuedHolds(test, at);
      if (this.accountFits(test, holds) && this.planFits(test, holds)) return at;
    }
    return null;
  }
}
