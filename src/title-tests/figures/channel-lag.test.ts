import { describe, expect, it } from 'vitest';
import type { LagEstimate } from '../../statistics/lag';
import {
  lagProblem,
  measuredViewsFactor,
  shortestIntervalFor,
  switchWindowsOf,
  washoutFor,
  washoutNote,
} from './channel-lag';
import type { RotationRow, TestRecord } from '../records/title-test-records';

// The washout a channel's measured lag sets, and the windows it refuses (channel-lag.ts).

/** A sharp lag: the views let go of the previous title at once (half-way and clear alike). */
const lag = (minutes: number, atLeast = false): LagEstimate => ({
  minutes,
  atLeast,
  clearMinutes: minutes,
  clearAtLeast: atLeast,
  shares: [],
  switches: 40,
});
const views = (rotationIntervalMinutes: number) => ({
  rotationIntervalMinutes,
  winnerMetric: 'views' as const,
});

describe('the washout from the measured lag', () => {
  it('is the default rule without a measured lag, or when the lag is shorter', () => {
    expect([60, 120, 240, 1440].map((interval) => washoutFor(interval, null))).toEqual([15, 15, 24, 144]);
    expect(washoutFor(60, lag(8))).toBe(15);
    expect(washoutFor(480, lag(40))).toBe(48);
  });

  it('covers the lag in whole 10 minutes, at most 2 hours', () => {
    expect(washoutFor(120, lag(45.2))).toBe(50);
    expect(washoutFor(120, lag(50))).toBe(50);
    expect(washoutFor(480, lag(170))).toBe(120);
    expect(washoutFor(1440, lag(170))).toBe(144);
  });

  it('refuses windows with less than half left after the lag, in plain words', () => {
    expect(lagProblem(views(60), lag(30))).toBeNull();
    expect(lagProblem(views(120), lag(45))).toBeNull();
    expect(lagProblem(views(60), lag(45.2))).toBe(
      'On this channel, views keep following the previous title for about 45 minutes after a switch, so 1-hour windows would measure mostly the old title. Choose 2-hour windows or longer.',
    );
    // A lag the earlier test's windows never saw the end of is planned for the longest washout.
    expect(lagProblem(views(120), lag(50, true))).toMatch(
      /2-hour windows .* Choose 4-hour windows or longer\.$/,
    );
    expect(lagProblem(views(240), lag(50, true))).toBeNull();
    expect(washoutFor(240, lag(50, true))).toBe(120);
    expect(lagProblem(views(60), lag(50, true))).toMatch(/for at least 50 minutes after a switch/);
    // A spread-out lag: half-way at 30 minutes, clear from 50; the washout covers the clear time.
    const spread: LagEstimate = { ...lag(30), clearMinutes: 50 };
    expect(washoutFor(120, spread)).toBe(50);
    expect(lagProblem(views(60), spread)).toMatch(/for about 50 minutes after a switch/);
    // Beyond the 2-hour washout the lag itself decides: 4-hour windows are too short for 2½ hours.
    expect(lagProblem(views(240), lag(150))).toMatch(/4-hour windows .* Choose 8-hour windows or longer\.$/);
    expect(shortestIntervalFor('views', lag(61))).toBe(240);
    expect(shortestIntervalFor('ctr', lag(170))).toBe(1440);
    expect(lagProblem({ rotationIntervalMinutes: 1440, winnerMetric: 'ctr' }, lag(170))).toBeNull();
  });

  it('tells the plan how much of each window is left to measure', () => {
    expect(measuredViewsFactor(60, 15)).toBe(1);
    expect(measuredViewsFactor(120, 50)).toBeCloseTo(70 / 105, 9);
    expect(washoutNote(120, lag(45))).toBe(
      ' Each window is measured from 50 minutes after its switch: on this channel, views keep following the previous title for about 45 minutes.',
    );
    expect(washoutNote(120, lag(10))).toBe('');
    expect(washoutNote(120, null)).toBe('');
  });
});

describe('a finished test’s windows, in 10-minute bins since each switch', () => {
  const T0 = Date.UTC(2026, 10, 23, 8);
  const at = (minutes: number) => new Date(T0 + minutes * 60_000);
  /** 60 views an hour, from 1,000 at T0. */
  const counter = (minutes: number) => 1000 + minutes;
  const rotation = (slot: number, from: number, to: number, fields: Partial<RotationRow> = {}) =>
    ({
      id: `rotation-${slot}`,
      testId: 'test',
      slot,
      kind: 'window',
      block: 0,
      variantId: `variant-${slot % 2}`,
      plannedStart: at(from),
      plannedEnd: at(to),
      status: 'applied',
      activatedAt: at(from),
      endedAt: at(to),
      viewsAtStart: counter(from),
      viewsAtEnd: counter(to),
      ...fields,
    }) satisfies Partial<RotationRow> as RotationRow;
  const record = (rotations: RotationRow[], shape: Parameters<typeof lagProblem>[0] = views(60)) =>
    ({
      test: shape,
      variants: [0, 1].map((position) => ({ id: `variant-${position}`, position })),
      rotations,
    }) as unknown as Pick<TestRecord, 'test' | 'variants' | 'rotations'>;
  const samples = Array.from({ length: 19 }, (_, index) => ({
    sampledAt: at(index * 10 + 5),
    viewCount: counter(index * 10 + 5),
  }));

  it('reads each window’s views per bin, and the title before its switch', () => {
    const windows = switchWindowsOf(
      record([
        rotation(0, 0, 60, { kind: 'lead-in' }),
        rotation(1, 60, 120),
        rotation(2, 120, 150, { viewsAtEnd: null }),
        // After a pause: the title before it is not known to have been live until the switch.
        rotation(3, 170, 180),
      ]),
      samples,
    );
    expect(windows).toEqual([
      { titleIndex: 1, previousTitleIndex: 0, binViews: [10, 10, 10, 10, 10, 10] },
      { titleIndex: 0, previousTitleIndex: 1, binViews: [10, 10, 10] },
      { titleIndex: 1, previousTitleIndex: null, binViews: [10] },
    ]);
  });

  it('leaves out tests whose counter was not read every 10 minutes', () => {
    expect(switchWindowsOf(record([rotation(1, 60, 120)], views(480)), samples)).toEqual([]);
    expect(
      switchWindowsOf(
        record([rotation(1, 60, 120)], { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' }),
        samples,
      ),
    ).toEqual([]);
  });
});
