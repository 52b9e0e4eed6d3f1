import { describe, expect, it } from 'vitest';
import { countedViews, rotationFigures } from './rotation-figures';
import { maxReadingGapMinutes, windowStandings, type StandingInputs } from './counted-windows';
import type { RotationRow } from '../records/title-test-records';
import { windowObservations } from './window-observations';

// The one rule for which windows count (counted-windows.ts): the verdict's inputs and every figure.

const T0 = Date.UTC(2026, 10, 23, 8); // 00:00 Pacific
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
/** A counter that gains `perHour` views an hour, from 1,000 at T0. */
const counter = (minutes: number, perHour = 60) => 1000 + Math.round((minutes * perHour) / 60);

function rotation(
  slot: number,
  fields: Partial<RotationRow> & { from: number; to: number; plannedTo?: number; titleIndex?: number },
): RotationRow {
  const { from, to, plannedTo = to, titleIndex = slot % 2, ...rest } = fields;
  const row = {
    id: `rotation-${slot}`,
    testId: 'test',
    slot,
    kind: 'window' as const,
    block: 0,
    variantId: `variant-${titleIndex}`,
    plannedStart: at(from),
    plannedEnd: at(plannedTo),
    status: 'applied' as const,
    activatedAt: at(from),
    endedAt: at(to),
    titleConfirmed: true,
    viewsAtStart: counter(from),
    viewsAtEnd: counter(to),
    ...rest,
  };
  return row satisfies Partial<RotationRow> as RotationRow;
}

/** A sample every `every` minutes over [from, to], skipping those in `gaps`. */
function samples(from: number, to: number, every = 10, gaps: [number, number][] = [], perHour = 60) {
  const rows = [];
  for (let minute = from; minute <= to; minute += every) {
    if (gaps.some(([start, end]) => minute > start && minute < end)) continue;
    rows.push({ sampledAt: at(minute), viewCount: counter(minute, perHour) });
  }
  return rows;
}

const hourly = (rotations: RotationRow[], extra: Partial<StandingInputs> = {}) =>
  windowStandings({
    rotations,
    samples: samples(0, 48 * 60),
    intervalMinutes: 60,
    winnerMetric: 'views',
    ...extra,
  });

describe('which windows count', () => {
  it('a whole window counts, read after the washout', () => {
    const [standing] = hourly([rotation(1, { from: 60, to: 120 })]);
    expect(standing).toMatchObject({ count: 'counted', exclusion: null, reason: null, views: 60 });
    // 15 minutes ignored after the switch: 45 views over 0.75 hours.
    expect(standing!.analysedViews).toBeCloseTo(45, 6);
    expect(standing!.analysedHours).toBeCloseTo(0.75, 6);
  });

  it('the lead-in and the tail never count', () => {
    const standings = hourly([
      rotation(0, { from: 0, to: 60, kind: 'lead-in' }),
      rotation(1, { from: 60, to: 120 }),
      rotation(2, { from: 120, to: 150, kind: 'tail' }),
    ]);
    expect(standings.map((standing) => [standing.count, standing.exclusion])).toEqual([
      ['excluded', 'lead-in'],
      ['counted', null],
      ['excluded', 'tail'],
    ]);
    expect(standings[0]!.reason).toMatch(/^Before the schedule’s first window/);
  });

  it('a window a pause cut short is left out, and its views are read at the pause, not from the counter now', () => {
    // Issue 24, item 6: paused 23 minutes into an hourly window, resumed, the test ran on for days.
    // The counter read afterwards grew by thousands; the window's views are those up to the pause.
    const paused = rotation(1, { from: 60, to: 83, plannedTo: 120, viewsAtEnd: null });
    const next = rotation(2, { from: 120, to: 180 });
    const standings = hourly([paused, next], { currentViews: counter(48 * 60) });
    expect(standings[0]).toMatchObject({ count: 'excluded', exclusion: 'too-short', views: 23 });
    expect(standings[0]!.reason).toBe(
      'The test was paused 23 minutes after this title went live, so only 8 minutes were measured, of the 45 minutes a whole window measures (the first 15 minutes after a switch are ignored). A part window is not compared with whole ones.',
    );
    const figures = rotationFigures({
      standings,
      daily: [],
      now: at(48 * 60),
      intervalMinutes: 60,
    });
    expect(figures.map((figure) => figure.views)).toEqual([23, 60]);
    // Every total leaves out what the verdict leaves out.
    expect(countedViews(figures)).toBe(60);
  });

  it('a pause within the washout measured nothing (4-hour windows ignore 24 minutes)', () => {
    const standings = windowStandings({
      rotations: [
        rotation(1, { from: 240, to: 263, plannedTo: 480, viewsAtEnd: null }),
        rotation(2, { from: 480, to: 720 }),
      ],
      samples: samples(0, 48 * 60),
      intervalMinutes: 240,
      winnerMetric: 'views',
    });
    expect(standings[0]!.exclusion).toBe('too-short');
    expect(standings[0]!.reason).toBe(
      'The test was paused 23 minutes after this title went live, within the first 24 minutes after a switch, which are ignored, so nothing was measured. A part window is not compared with whole ones.',
    );
  });

  it('a window whose switch came late is left out when less than half of it was measured', () => {
    const [late, onTime] = hourly([
      rotation(1, { from: 60, to: 120, activatedAt: at(95), viewsAtStart: counter(95) }),
      rotation(2, { from: 120, to: 180, activatedAt: at(130), viewsAtStart: counter(130) }),
    ]);
    expect(late!.exclusion).toBe('too-short');
    expect(late!.reason).toMatch(
      /^This title went live 35 minutes late and the window ended 25 minutes after/,
    );
    // 10 minutes late: 35 of 45 minutes measured, it counts.
    expect(onTime!.count).toBe('counted');
    expect(onTime!.analysedHours).toBeCloseTo(35 / 60, 6);
  });

  it('views interpolated across a long gap in the counter are left out of a views test only', () => {
    // No sample from 0:40 to 3:20 (a quota outage): the 2:00 window's start (2:15) falls between
    // the sample at 0:40 and its end's switch read at 3:00.
    const rotations = [
      rotation(1, { from: 120, to: 180, viewsAtStart: null }),
      rotation(2, { from: 240, to: 300 }),
    ];
    const gappy = samples(0, 48 * 60, 10, [[40, 200]]);
    const views = windowStandings({ rotations, samples: gappy, intervalMinutes: 60, winnerMetric: 'views' });
    expect(views[0]).toMatchObject({ count: 'excluded', exclusion: 'counter-gap' });
    expect(views[0]!.reason).toBe(
      'The view counter went unread for 2 h 20 min around its start (more than 20 minutes), so its views cannot be told from its neighbours’.',
    );
    expect(views[1]!.count).toBe('counted');
    expect(maxReadingGapMinutes({ rotationIntervalMinutes: 60, winnerMetric: 'views' })).toBe(20);
  });

  it('a window closed by a pause waits for the next count; once the test has ended without one it is left out', () => {
    const paused = rotation(1, { from: 60, to: 115, plannedTo: 120, viewsAtEnd: null });
    const beforePause = samples(0, 110);
    expect(hourly([paused], { samples: beforePause })[0]).toMatchObject({ count: 'pending', views: null });
    expect(hourly([paused], { samples: beforePause, testEnded: true })[0]).toMatchObject({
      count: 'excluded',
      exclusion: 'no-reading',
    });
    // The next count reads its end: 55 minutes live, 40 of 45 measured, so it counts.
    const counted = hourly([paused])[0]!;
    expect(counted).toMatchObject({ count: 'counted', views: 55 });
    expect(counted.analysedViews).toBeCloseTo(40, 6);
  });

  it('the live window is pending, with its views so far from the newest count', () => {
    const live = rotation(1, { from: 60, to: 120, endedAt: null, viewsAtEnd: null });
    expect(hourly([live], { currentViews: counter(90) })[0]).toMatchObject({ count: 'pending', views: 30 });
  });

  it('the verdict reads exactly the counted windows', () => {
    const rotations = [
      rotation(0, { from: 0, to: 60, kind: 'lead-in' }),
      rotation(1, { from: 60, to: 120 }),
      rotation(2, { from: 120, to: 143, plannedTo: 180, viewsAtEnd: null }),
      rotation(3, { from: 180, to: 240 }),
    ];
    const variants = [0, 1].map((position) => ({ id: `variant-${position}`, position }));
    const observations = windowObservations({
      rotations,
      variants: variants as never,
      samples: samples(0, 48 * 60) as never,
      daily: [],
      intervalMinutes: 60,
      winnerMetric: 'views',
    });
    const counted = hourly(rotations).filter((standing) => standing.count === 'counted');
    expect(observations.map((observation) => observation.startsAt)).toEqual(
      counted.map((standing) => standing.rotation.plannedStart),
    );
    expect(observations.map((observation) => observation.views)).toEqual(
      counted.map((standing) => standing.analysedViews),
    );
  });
});
