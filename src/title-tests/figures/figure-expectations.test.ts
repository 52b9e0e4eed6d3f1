import { describe, expect, it } from 'vitest';
import { generateSchedule } from '../../statistics/schedule';
import {
  analyticsFiguresExpectedAt,
  figureExpectations,
  nextDailyCollection,
  nextViewSample,
  reachFiguresExpectedAt,
} from './figure-expectations';
import type { RotationRow, TitleTestRow } from '../records/title-test-records';

// November: Pacific time is UTC−8, so 01:30 Pacific is 09:30 UTC.
describe('when figures are expected', () => {
  it('view counts: the next pass of the test’s cadence (10 minutes for short windows, hourly for daily ones)', () => {
    const hourly = { rotationIntervalMinutes: 60, winnerMetric: 'views' as const };
    const daily = { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' as const };
    expect(nextViewSample(new Date('2026-11-23T15:44:10Z'), hourly).toISOString()).toBe(
      '2026-11-23T15:50:00.000Z',
    );
    expect(nextViewSample(new Date('2026-11-23T15:50:00Z'), hourly).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
    expect(nextViewSample(new Date('2026-11-23T15:44:10Z'), daily).toISOString()).toBe(
      '2026-11-23T16:00:00.000Z',
    );
  });

  it('the daily collection: the next 01:30 Pacific', () => {
    expect(nextDailyCollection(new Date('2026-11-23T09:00:00Z')).toISOString()).toBe(
      '2026-11-23T09:30:00.000Z',
    );
    expect(nextDailyCollection(new Date('2026-11-23T09:30:00Z')).toISOString()).toBe(
      '2026-11-24T09:30:00.000Z',
    );
    // Summer: 01:30 Pacific is 08:30 UTC.
    expect(nextDailyCollection(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-02T08:30:00.000Z',
    );
  });

  it('Analytics serves a day two days later, collected at 01:30 that day', () => {
    expect(analyticsFiguresExpectedAt('2026-11-23').toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });

  it('the reach report appears at 06:00 two days later, so CTR is collected the next night', () => {
    expect(reachFiguresExpectedAt('2026-11-23').toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });
});

/** A test created at `now` as create-test.service stores it, with its generated schedule. */
function newTest(now: Date, titleCount: number, intervalMinutes: number, days: number) {
  const end = new Date(now.getTime() + days * 86_400_000);
  const test = {
    status: 'active',
    kind: 'titles',
    winnerMetric: intervalMinutes === 1440 ? 'ctr' : 'views',
    rotationIntervalMinutes: intervalMinutes,
    startDate: now,
    endDate: end,
    endedAt: null,
    finalFiguresDueAt: null,
    verdict: null,
    appliedTitle: null,
  } as unknown as TitleTestRow;
  const schedule = generateSchedule({
    seed: 'expectations',
    titleCount,
    intervalMinutes,
    start: now,
    end,
  }).map(
    (slot) =>
      ({
        slot: slot.slot,
        kind: slot.kind,
        status: 'planned',
        plannedStart: slot.startsAt,
        plannedEnd: slot.endsAt,
        activatedAt: null,
        endedAt: null,
      }) as unknown as RotationRow,
  );
  return { test, schedule };
}

describe('before the first rotation', () => {
  // 07:39 in Los Angeles.
  const now = new Date('2026-11-23T15:39:00Z');

  it('an hourly test of 3 titles waits for a block of the Pacific day: 09:00, not the next hour', () => {
    const { test, schedule } = newTest(now, 3, 60, 7);
    const expected = figureExpectations(
      { test, titleCount: 3, schedule, daily: [], averageCtr: null, averageViewDuration: null },
      now,
    );
    expect(expected.firstRotation?.at).toBe('2026-11-23T17:00:00.000Z');
    expect(expected.firstRotation?.reason).toMatch(
      /^Titles rotate in blocks of 3 windows of 1 hour, .*\(every 3 hours from midnight\).* The first block starts at 09:00 Pacific time\. Until then Title 1 \(the baseline\) is live/,
    );
    // A views test is decided at its end; the first view count comes at the next 10-minute mark.
    expect(expected.verdictAt).toBe(test.endDate.toISOString());
    expect(expected.verdictDeadline).toBeNull();
    expect(expected.nextViewSampleAt).toBe('2026-11-23T15:40:00.000Z');
  });

  it('an hourly test of 5 titles (24 slots do not divide into blocks of 5) waits for the next hour', () => {
    const { test, schedule } = newTest(now, 5, 60, 7);
    const expected = figureExpectations(
      { test, titleCount: 5, schedule, daily: [], averageCtr: null, averageViewDuration: null },
      now,
    );
    expect(expected.firstRotation?.at).toBe('2026-11-23T16:00:00.000Z');
    expect(expected.firstRotation?.reason).toMatch(
      /^Windows of 1 hour start on the Pacific clock \(every hour from midnight, .*\), so the first starts at 08:00 Pacific time\./,
    );
  });

  it('a daily CTR test waits for Pacific midnight; its verdict for the last day’s reach report', () => {
    const { test, schedule } = newTest(now, 2, 1440, 14);
    const expected = figureExpectations(
      { test, titleCount: 2, schedule, daily: [], averageCtr: null, averageViewDuration: null },
      now,
    );
    expect(expected.firstRotation?.at).toBe('2026-11-24T08:00:00.000Z');
    // The last full window is Pacific Dec 6 (the end, 07:39 on Dec 7, cuts a tail): its CTR is
    // in at 01:30 Pacific on Dec 9; the deadline is the end plus four days.
    expect(expected.verdictAt).toBe('2026-12-09T09:30:00.000Z');
    expect(expected.verdictDeadline).toBe('2026-12-11T15:39:00.000Z');
    // The first (partial) day's figures: Analytics on Nov 25, the reach report's on Nov 26.
    expect(expected.durationAt).toBe('2026-11-25T09:30:00.000Z');
    expect(expected.ctrAt).toBe('2026-11-26T09:30:00.000Z');
  });
});
