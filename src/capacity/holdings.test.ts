import { describe, expect, it } from 'vitest';
import { accountAllotment, placeQueue, type AdmittedTest, type CapacityState } from './admission';
import { reservedUnits, samplingUnitsPerDay, unitsPerSwitch } from './cost-model';
import { heldAtMost, HoldLine, holdsOf, readingUnits } from './holdings';

const now = new Date('2026-11-23T18:00:00Z'); // 10:00 Pacific
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const twoHour = { rotationIntervalMinutes: 120, winnerMetric: 'views' as const };
const at = (days: number) => new Date(now.getTime() + days * DAY);

describe('what a test holds over its days', () => {
  it('holds its sampling and restore while it reads its video, its full reservation from its first switch', () => {
    expect(readingUnits(twoHour)).toBeCloseTo(samplingUnitsPerDay(twoHour) + unitsPerSwitch('titles'), 9);
    expect(holdsOf(twoHour, 0, 5 * DAY, 2 * DAY)).toEqual([
      { from: 0, until: 2 * DAY, units: readingUnits(twoHour) },
      { from: 2 * DAY, until: 5 * DAY, units: reservedUnits(twoHour) },
    ]);
    // No read: the full reservation from the start; a read longer than the test: never more.
    expect(holdsOf(twoHour, 0, 5 * DAY)).toEqual([
      { from: 0, until: 5 * DAY, units: reservedUnits(twoHour) },
    ]);
    expect(holdsOf(twoHour, 0, DAY, 2 * DAY)).toEqual([
      { from: 0, until: DAY, units: readingUnits(twoHour) },
    ]);
  });

  it('adds holds into a line whose peak over any stretch is the most held in it', () => {
    const line = new HoldLine();
    line.add([{ from: 0, until: 10, units: 5 }]);
    line.add([{ from: 5, until: 15, units: 3 }]);
    expect(line.peak(0, 5)).toBe(5);
    expect(line.peak(0, 6)).toBe(8);
    expect(line.peak(10, 20)).toBe(3);
    expect(line.peak(15, 20)).toBe(0);
    expect(line.peak(-5, 0)).toBe(0);
    expect(line.fits([{ from: 10, until: 20, units: 7 }], 10)).toBe(true);
    expect(line.fits([{ from: 9, until: 20, units: 7 }], 10)).toBe(false);
    // Where it falls after a moment: the only moments something waiting may newly fit.
    expect(line.fallsAfter(0)).toEqual([10, 15]);
    line.add([{ from: 5, until: 15, units: 3 }], -1);
    expect(line.peak(0, 20)).toBe(5);
  });
});

describe('admission over the days ahead', () => {
  // One account whose cap carries one 2-hour test at its full reservation, not two.
  const cap = reservedUnits(twoHour) * 1.5;
  const base: CapacityState = {
    now,
    resetsAt: new Date('2026-11-24T08:00:00Z'),
    testsPool: cap / 0.2,
    engineBudgetToday: 1_000_000,
    engineSpentToday: 0,
    engineRemainingToday: 0,
    admitted: [],
    queued: [],
  };
  const running = (id: string, startDays: number, readDays: number, endDays: number): AdmittedTest => ({
    id,
    accountId: 'creator',
    plan: 'authority',
    shape: twoHour,
    startsAt: at(startDays),
    readUntil: at(startDays + readDays),
    endsAt: at(endDays),
  });
  const asked = (id: string, readDays: number, days = 5) => ({
    id,
    accountId: 'creator',
    plan: 'authority' as const,
    shape: twoHour,
    queuedAt: now,
    durationMs: days * DAY,
    readMs: readDays * DAY,
  });

  it('starts a test that reads its video now beside one that ends before its first switch', () => {
    expect(accountAllotment(base, 'authority')).toBeCloseTo(cap, 6);
    const state = { ...base, admitted: [running('ending', -4, 2, 1)] };
    expect(placeQueue({ ...state, queued: [asked('reads', 2)] })).toEqual([{ id: 'reads', start: true }]);
    // Without a read it would switch beside the running test: it waits for that test's end.
    expect(placeQueue({ ...state, queued: [asked('switches', 0)] })).toEqual([
      { id: 'switches', start: false, blockedBy: 'account', expectedStartAt: at(1), ahead: 0 },
    ]);
  });

  it('expects a waiting test to start its read as early as its first switch finds room', () => {
    const state = { ...base, admitted: [running('ending', -2, 2, 3)] };
    // The running test ends in 3 days; a test reading 2 days may start 1 day from now.
    expect(placeQueue({ ...state, queued: [asked('reads', 2)] })).toEqual([
      { id: 'reads', start: false, blockedBy: 'account', expectedStartAt: at(1), ahead: 0 },
    ]);
  });

  it('keeps room for a running test that is still reading: a new test must fit beside its switching', () => {
    const state = { ...base, admitted: [running('reading', -1, 2, 4)] };
    // It holds little today, but switches from tomorrow to its end in 4 days.
    expect(heldAtMost(state.admitted, now)).toBeCloseTo(reservedUnits(twoHour), 6);
    expect(placeQueue({ ...state, queued: [asked('long', 0)] })).toEqual([
      { id: 'long', start: false, blockedBy: 'account', expectedStartAt: at(4), ahead: 0 },
    ]);
    // A test done before the running one's first switch fits now.
    expect(placeQueue({ ...state, queued: [asked('short', 0, 0.5)] })).toEqual([
      { id: 'short', start: true },
    ]);
  });
});
