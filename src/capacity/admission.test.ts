import { describe, expect, it } from 'vitest';
import {
  accountAllotment,
  longestHoldMs,
  neverFits,
  placeQueue,
  planAllotment,
  type CapacityState,
} from './admission';
import {
  dailyUnits,
  reservedUnits,
  RESTORE_RESERVE_UNITS,
  samplingPeriodMinutes,
  unitsPerSwitch,
  type TestShape,
} from './cost-model';
import { holdsOf, spendBetween } from './holdings';

const now = new Date('2026-11-23T18:00:00Z'); // 10:00 Pacific
const resetsAt = new Date('2026-11-24T08:00:00Z');
const DAY = 86_400_000;
const hourly = { rotationIntervalMinutes: 60, winnerMetric: 'views' as const };
const daily = { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' as const };
const dailyThumbnails = { ...daily, kind: 'thumbnails' as const };
const hourlyThumbnails = { ...hourly, kind: 'thumbnails' as const };
const hourlyPackages = { ...hourly, kind: 'packages' as const };

function state(overrides: Partial<CapacityState> = {}): CapacityState {
  return {
    now,
    resetsAt,
    testsPool: 1_000_000,
    engineBudgetToday: 1_000_000,
    engineSpentToday: 0,
    engineRemainingToday: 0,
    admitted: [],
    queued: [],
    ...overrides,
  };
}

/** What a 7-day test of this shape starting now spends before the reset, its restore included. */
const todayOf = (shape: TestShape, readMs = 0) =>
  spendBetween(
    holdsOf(shape, now.getTime(), now.getTime() + 7 * DAY, now.getTime() + readMs),
    shape,
    now.getTime(),
    resetsAt.getTime(),
  );

const queued = (
  id: string,
  accountId: string,
  plan: 'free' | 'pro' | 'authority',
  shape: TestShape = hourly,
) => ({
  id,
  accountId,
  plan,
  shape,
  queuedAt: now,
  durationMs: 7 * DAY,
});

describe('the cost of a test', () => {
  it('is its rotations at read + update (51 units) and its share of sampling at its cadence', () => {
    expect(dailyUnits(hourly)).toBeCloseTo(24 * 51 + 144 / 50, 6);
    expect(dailyUnits(daily)).toBeCloseTo(51 + 24 / 50, 6);
    expect(samplingPeriodMinutes({ rotationIntervalMinutes: 480, winnerMetric: 'views' })).toBe(30);
    expect(reservedUnits(hourly)).toBeCloseTo(dailyUnits(hourly) + RESTORE_RESERVE_UNITS, 6);
  });

  it('counts a thumbnail switch as read + thumbnails.set (51) and a package switch as read + both writes (101)', () => {
    expect(unitsPerSwitch('titles')).toBe(51);
    expect(unitsPerSwitch('thumbnails')).toBe(51);
    expect(unitsPerSwitch('packages')).toBe(101);
    // Sampling goes by the cadence, whatever the kind: a daily CTR test's counter hourly.
    expect(dailyUnits(dailyThumbnails)).toBeCloseTo(51 + 24 / 50, 6);
    expect(dailyUnits(hourlyThumbnails)).toBeCloseTo(24 * 51 + 144 / 50, 6);
    expect(dailyUnits(hourlyPackages)).toBeCloseTo(24 * 101 + 144 / 50, 6);
    // The restore reserve is one switch of the kind: a package puts back the title and the image.
    expect(reservedUnits(dailyThumbnails)).toBeCloseTo(51 + 24 / 50 + 51, 6);
    expect(reservedUnits(hourlyPackages)).toBeCloseTo(24 * 101 + 144 / 50 + 101, 6);
  });
});

describe('admission', () => {
  it('starts what fits and queues what does not, never past an account’s cap', () => {
    const pool = state({ testsPool: 100_000 });
    const cap = accountAllotment(pool, 'authority');
    const perAccount = Math.floor(cap / reservedUnits(hourly));
    const heavy = Array.from({ length: perAccount + 3 }, (_, i) => queued(`h${i}`, 'heavy', 'authority'));
    const placements = placeQueue({ ...pool, queued: [...heavy, queued('f1', 'free-user', 'free')] });
    expect(placements.filter((entry) => entry.start).map((entry) => entry.id)).toEqual([
      ...heavy.slice(0, perAccount).map((test) => test.id),
      'f1',
    ]);
    const waiting = placements.find((entry) => entry.id === `h${perAccount}`);
    expect(waiting).toMatchObject({ start: false, blockedBy: 'account' });
  });

  it('keeps each plan within its share, first come first served within the plan', () => {
    const pool = state({ testsPool: 20_000 });
    const perPlan = Math.floor(planAllotment(pool, 'pro') / reservedUnits(hourly));
    // Many Pro accounts with one hourly test each: the plan's share, not an account's cap, binds.
    const pros = Array.from({ length: perPlan + 2 }, (_, i) => queued(`p${i}`, `pro-${i}`, 'pro'));
    const small = queued('small', 'pro-late', 'pro', daily);
    const placements = placeQueue({ ...pool, queued: [...pros, small] });
    expect(placements.filter((entry) => entry.start)).toHaveLength(perPlan);
    // The daily test would fit, but it came after a waiting hourly one of its plan: it waits too.
    expect(placements.at(-1)).toMatchObject({ id: 'small', start: false, blockedBy: 'plan', ahead: 2 });
  });

  it('lets an account at its cap wait without holding up its plan’s line', () => {
    const pool = state({ testsPool: 20_000 });
    const running = (id: string, accountId: string, shape: TestShape) => ({
      id,
      accountId,
      plan: 'authority' as const,
      shape,
      endsAt: new Date(now.getTime() + 7 * DAY),
    });
    const admitted = [
      ...[0, 1, 2].map((i) => running(`heavy${i}`, 'heavy', hourly)),
      ...[0, 1, 2].map((i) => running(`other${i}`, `other-${i}`, hourly)),
      ...Array.from({ length: 8 }, (_, i) => running(`daily${i}`, `daily-${i}`, daily)),
    ];
    // The heavy account's next hourly test passes its own cap (and its plan's room): it waits for
    // its own tests; the small test behind it still fits the plan and starts.
    const placements = placeQueue({
      ...pool,
      admitted,
      queued: [queued('heavy-next', 'heavy', 'authority'), queued('late', 'newcomer', 'authority', daily)],
    });
    const placement = (id: string) => placements.find((entry) => entry.id === id);
    expect(placement('heavy-next')).toMatchObject({ start: false, blockedBy: 'account' });
    expect(placement('late')).toMatchObject({ start: true });
  });

  it('serves a plan’s line fairly: the account holding least goes first, ties by arrival', () => {
    const pool = state({ testsPool: 20_000 });
    const perPlan = Math.floor(planAllotment(pool, 'authority') / reservedUnits(hourly));
    // The share is full of the heavy account's and another's tests; the heavy account queued two
    // more before a newcomer and a second account arrived.
    const admitted = Array.from({ length: perPlan }, (_, i) => ({
      id: `run${i}`,
      accountId: i < 2 ? 'heavy' : `other-${i}`,
      plan: 'authority' as const,
      shape: hourly,
      endsAt: new Date(now.getTime() + (i + 1) * DAY),
    }));
    const late = (id: string, accountId: string, hours: number) => ({
      ...queued(id, accountId, 'authority'),
      queuedAt: new Date(now.getTime() + hours * 3_600_000),
    });
    const placements = placeQueue({
      ...pool,
      admitted,
      queued: [
        late('h1', 'heavy', 0),
        late('h2', 'heavy', 1),
        late('new', 'newcomer', 2),
        late('second', 'other-2', 3),
      ],
    });
    expect(placements.map((entry) => entry.id)).toEqual(['new', 'second', 'h1', 'h2']);
    const starts = placements.map((entry) => !entry.start && entry.expectedStartAt?.getTime());
    // Each starts as the running tests end, one day apart, in the line's order.
    expect(starts).toEqual([1, 2, 3, 4].map((days) => now.getTime() + days * DAY));
    expect(placements.map((entry) => !entry.start && entry.ahead)).toEqual([0, 1, 2, 3]);
  });

  it('lets no account starve another by refilling its plan’s share (ordinary accounts start in the first turnover)', () => {
    const pool = state({ testsPool: 20_000 });
    const perPlan = Math.floor(planAllotment(pool, 'authority') / reservedUnits(hourly));
    // Three heavy accounts queue twenty 4-day tests each; an hour later eight ordinary accounts queue one.
    const test = (id: string, accountId: string, hours: number) => ({
      ...queued(id, accountId, 'authority'),
      queuedAt: new Date(now.getTime() + hours * 3_600_000),
      durationMs: 4 * DAY,
    });
    let waiting = [
      ...['a', 'b', 'c'].flatMap((heavy) =>
        Array.from({ length: 20 }, (_, i) => test(`${heavy}${i}`, heavy, 0)),
      ),
      ...Array.from({ length: 8 }, (_, i) => test(`ordinary${i}`, `ordinary-${i}`, 1)),
    ];
    let running: CapacityState['admitted'] = [];
    const startedAt = new Map<string, number>();
    // Admission passes every 6 hours for 8 days: tests end on their end dates, the queue is placed.
    for (let clock = now.getTime(); clock < now.getTime() + 8 * DAY; clock += 6 * 3_600_000) {
      running = running.filter((entry) => entry.endsAt.getTime() > clock);
      const placements = placeQueue({ ...pool, now: new Date(clock), admitted: running, queued: waiting });
      for (const placement of placements.filter((entry) => entry.start)) {
        const started = waiting.find((entry) => entry.id === placement.id)!;
        startedAt.set(started.id, clock);
        running.push({ ...started, endsAt: new Date(clock + started.durationMs) });
      }
      waiting = waiting.filter((entry) => !startedAt.has(entry.id));
    }
    expect(perPlan).toBeLessThan(3 * 20);
    for (let i = 0; i < 8; i++)
      expect(startedAt.get(`ordinary${i}`), `ordinary${i}`).toBeLessThanOrEqual(now.getTime() + 4 * DAY);
  });

  it('expects a waiting test to start when running tests of its plan end', () => {
    const pool = state({ testsPool: 20_000 });
    const perPlan = Math.floor(planAllotment(pool, 'free') / reservedUnits(hourly));
    const admitted = Array.from({ length: perPlan }, (_, i) => ({
      id: `run${i}`,
      accountId: `free-${i}`,
      plan: 'free' as const,
      shape: hourly,
      endsAt: new Date(now.getTime() + (i + 1) * DAY),
    }));
    const [placement] = placeQueue({ ...pool, admitted, queued: [queued('next', 'free-new', 'free')] });
    expect(placement).toMatchObject({ start: false, blockedBy: 'plan' });
    expect(placement!.start === false && placement!.expectedStartAt?.toISOString()).toBe(
      admitted[0]!.endsAt.toISOString(),
    );
  });

  it('waits for the reset when today’s quota is spent, and refuses what could never fit', () => {
    const spent = state({ engineSpentToday: 999_500 });
    expect(placeQueue({ ...spent, queued: [queued('late', 'a', 'pro')] })[0]).toMatchObject({
      start: false,
      blockedBy: 'today',
      expectedStartAt: resetsAt,
    });
    expect(neverFits({ testsPool: 5_000 }, 'free', hourly)).toBe(true);
    expect(neverFits({ testsPool: 5_000 }, 'free', daily)).toBe(false);
  });

  it('fits fewer package tests than title tests in an account’s cap', () => {
    const pool = state({ testsPool: 100_000 });
    const cap = accountAllotment(pool, 'authority');
    const perAccount = Math.floor(cap / reservedUnits(hourlyPackages));
    // Sanity of the fixture: a title test of the same cadence would fit where the next package waits.
    expect(perAccount * reservedUnits(hourlyPackages) + reservedUnits(hourly)).toBeLessThanOrEqual(cap);
    const packages = Array.from({ length: perAccount + 1 }, (_, i) =>
      queued(`p${i}`, 'heavy', 'authority', hourlyPackages),
    );
    const placements = placeQueue({ ...pool, queued: packages });
    expect(placements.filter((entry) => entry.start)).toHaveLength(perAccount);
    expect(placements.at(-1)).toMatchObject({ start: false, blockedBy: 'account' });
  });

  it('keeps today’s room for each running test’s restore at its kind’s cost', () => {
    const titleToday = todayOf(hourly);
    const running = {
      id: 'package',
      accountId: 'a',
      plan: 'pro' as const,
      shape: hourlyPackages,
      endsAt: new Date(now.getTime() + 7 * DAY),
    };
    // Room for the running package's restore (101) and the new title test today, to the unit:
    const exact = state({ engineBudgetToday: Math.ceil(101 + titleToday), admitted: [running] });
    expect(placeQueue({ ...exact, queued: [queued('t', 'b', 'pro')] })[0]).toMatchObject({ start: true });
    // One unit less and it waits for the reset: the restore is not counted as a title's 51.
    const short = state({ engineBudgetToday: Math.ceil(101 + titleToday) - 1, admitted: [running] });
    expect(placeQueue({ ...short, queued: [queued('t', 'b', 'pro')] })[0]).toMatchObject({
      start: false,
      blockedBy: 'today',
    });
  });

  it('reserves a package test’s day at its kind’s cost: a title test of the same shape fits where it waits', () => {
    const packageToday = todayOf(hourlyPackages);
    const titleToday = todayOf(hourly);
    // 10:00 Pacific: 14 hours of the day left, then one switch of the kind in reserve.
    expect(packageToday).toBeCloseTo(((24 * 101 + 144 / 50) * 14) / 24 + 101, 6);
    const budget = state({ engineBudgetToday: Math.ceil(titleToday) });
    expect(placeQueue({ ...budget, queued: [queued('t', 'a', 'pro')] })[0]).toMatchObject({ start: true });
    expect(placeQueue({ ...budget, queued: [queued('p', 'a', 'pro', hourlyPackages)] })[0]).toMatchObject({
      start: false,
      blockedBy: 'today',
    });
  });
  it('counts a test that first reads its video at its sampling today: it starts where a switching one waits', () => {
    const twoHours = { rotationIntervalMinutes: 120, winnerMetric: 'views' as const };
    const readMs = 48 * 3_600_000;
    const reading = todayOf(twoHours, readMs);
    // 14 hours left today: a reading test spends its sampling share (144 passes / 50 a day) and
    // keeps its restore; a switching one 12 switches a day on top.
    expect(reading).toBeCloseTo(((144 / 50) * 14) / 24 + 51, 6);
    expect(todayOf(twoHours)).toBeGreaterThan(reading + 300);
    const budget = state({ engineBudgetToday: Math.ceil(reading) });
    const test = { ...queued('r', 'a', 'pro', twoHours), readMs };
    expect(placeQueue({ ...budget, queued: [test] })[0]).toMatchObject({ start: true });
    expect(placeQueue({ ...budget, queued: [{ ...test, readMs: 0 }] })[0]).toMatchObject({
      start: false,
      blockedBy: 'today',
    });
  });
});

describe('fair shares (docs/decisions/0040)', () => {
  // The default quota's pool: 10,000 units less the reads pool and sampling's rounding.
  const pool = 0.9 * 10_000 - 144;
  const plans = ['free', 'pro', 'authority'] as const;
  const kinds = ['titles', 'thumbnails', 'packages'] as const;
  const intervals = [60, 120, 240, 480, 720, 1440];
  /** The costliest shape of a kind one account of the plan may run on the pool. */
  const greediest = (plan: (typeof plans)[number], kind: (typeof kinds)[number]) =>
    intervals
      .map((rotationIntervalMinutes) => ({ rotationIntervalMinutes, winnerMetric: 'views' as const, kind }))
      .find((shape) => !neverFits({ testsPool: pool }, plan, shape))!;

  it('starts the next account of a plan at once beside the greediest, whatever the shape', () => {
    for (const plan of plans)
      for (const kind of kinds) {
        const shape = greediest(plan, kind);
        const placements = placeQueue(
          state({
            testsPool: pool,
            admitted: [
              { id: 'greedy', accountId: 'greedy', plan, shape, endsAt: new Date(now.getTime() + 60 * DAY) },
            ],
            queued: [{ ...queued('next', 'next', plan, shape), durationMs: 60 * DAY }],
          }),
        );
        expect(placements, `${plan} ${kind}`).toEqual([{ id: 'next', start: true }]);
      }
  });

  it('lets a test that holds over a quarter of its plan’s share run 14 days at most, and any other any length', () => {
    expect(longestHoldMs({ testsPool: pool }, 'free', hourly)).toBe(14 * DAY);
    expect(longestHoldMs({ testsPool: pool }, 'free', { ...hourly, rotationIntervalMinutes: 120 })).toBe(
      14 * DAY,
    );
    expect(
      longestHoldMs({ testsPool: pool }, 'free', { ...hourly, rotationIntervalMinutes: 480 }),
    ).toBeNull();
    expect(longestHoldMs({ testsPool: pool }, 'free', daily)).toBeNull();
    expect(longestHoldMs({ testsPool: pool }, 'authority', hourly)).toBe(14 * DAY);
    expect(
      longestHoldMs({ testsPool: pool }, 'authority', { ...hourly, rotationIntervalMinutes: 120 }),
    ).toBeNull();
  });

  it('gives a queued test an expected start within the long holds’ 14 days, not months', () => {
    // Two Free accounts hold the Free share with 2-hour tests of at most 14 days; a third waits.
    const twoHourly = { ...hourly, rotationIntervalMinutes: 120 };
    const placements = placeQueue(
      state({
        testsPool: pool,
        admitted: ['a', 'b'].map((accountId) => ({
          id: accountId,
          accountId,
          plan: 'free' as const,
          shape: twoHourly,
          endsAt: new Date(now.getTime() + 14 * DAY),
        })),
        queued: [{ ...queued('third', 'c', 'free', twoHourly), durationMs: 14 * DAY }],
      }),
    );
    expect(placements[0]).toMatchObject({ id: 'third', start: false, blockedBy: 'plan' });
    const wait = (placements[0] as { expectedStartAt: Date }).expectedStartAt.getTime() - now.getTime();
    expect(wait).toBeLessThanOrEqual(14 * DAY);
  });
});
