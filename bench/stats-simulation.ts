// The simulation behind the validation study (bench/stats.ts): title tests run through the
// simulator's traffic model with the real schedule generator and washout, measured only as
// YouTube measures them (view counters per window; impressions, CTR and watch time per Pacific
// day, 2–3 days late; whole counts), and read as the product reads them: every day at 02:00
// Pacific with the winner bar of that look, stopping at the first look that names a winner, else
// at the final reading. A first views test with windows under a day reads the video's counter for
// its calibration hours first (the original title live until the design starts); the plan it
// then promises comes from what it read (stats/plan.ts). Naive per-title pooling on the side.

import { samplingUnitsPerDay, unitsPerSwitch } from '../src/capacity/cost-model';
import { isMeasuredPerDay } from '../src/shared/test-shapes';
import type { WinnerMetric } from '../src/shared/test-shapes';
import type { NoiseSource } from '../src/statistics/forecast-inputs';
import { dailyLookTimes, unitReadyAt } from '../src/statistics/look-schedule';
import { naiveAnalysis } from './stats/naive';
import { Random } from '../src/statistics/random';
import { generateSchedule } from '../src/statistics/schedule';
import type { ScheduleSlot } from '../src/statistics/schedule';
import { analyzeTest, washoutMinutes } from '../src/statistics/verdict';
import type { TestVerdict } from '../src/statistics/verdict';
import type { WindowObservation } from '../src/statistics/window-analysis';
import { winnerBarAt } from '../src/title-tests/figures/look-bars';
import { calibrationHoursFor } from '../src/title-tests/figures/video-noise';
import { trafficBetween } from '../src/youtube-simulator/traffic-model';
import type { TitleSpan, TitleTruth, VideoTruth } from '../src/youtube-simulator/traffic-model';
import { dialogViewsPerDay, planOnVideo, promisedChance } from './stats/plan';
import { DAY_MS, drawVideo, HOUR_MS, originalTitle, VIEW_DURATION_SEC } from './stats/video';
import type { Channel } from './stats/video';
import { spentUntil } from './spent-until';

export { SMALL_CHANNEL_VIEWS_PER_DAY } from './stats/video';
export type { Channel } from './stats/video';

export interface Shape {
  intervalMinutes: number;
  metric: WinnerMetric;
  titleCount: number;
  days: number;
}

/** The instant the study's plans start at; its tests start at random times in the 60 days after 2 Feb 2026. */
export const PLAN_START = new Date(Date.UTC(2026, 1, 2, 17, 20));

/** A true lift of Title 2: a number (0.05 = +5%), or the lift the test's own plan promises to find. */
export type LiftChoice = number | 'plan';

export interface Scenario {
  /** True lift of Title 2 (index 1) on the test's metric; the other titles equal the original. */
  lift: LiftChoice;
}

/** Hours a first test of this shape reads the counter of a video with `viewsPerDay` views a day before its design starts. */
export function calibrationHours(shape: Shape, viewsPerDay: number): number {
  return calibrationHoursFor(
    { winnerMetric: shape.metric, rotationIntervalMinutes: shape.intervalMinutes },
    viewsPerDay,
    washoutMinutes(shape.intervalMinutes),
  );
}

/**
 * Title truths. A views lift comes from a CTR change alone: external views dilute it, so the CTR
 * change needed for views ×(1+x) is (1+x)(ctr + e) − e, with e = external views per impression.
 * A watch-time-per-impression lift comes from view duration alone, which scales it exactly.
 */
function titleTruths(shape: Shape, lift: number, video: VideoTruth, original: TitleTruth): TitleTruth[] {
  const external = video.externalViewsPerHour / video.baseImpressionsPerHour;
  const { ctr } = original;
  return Array.from({ length: shape.titleCount }, (_, i) => {
    if (i !== 1) return original;
    if (shape.metric === 'ctr') return { ctr: ctr * (1 + lift), avgViewDurationSec: VIEW_DURATION_SEC };
    if (shape.metric === 'combined') return { ctr, avgViewDurationSec: VIEW_DURATION_SEC * (1 + lift) };
    return { ctr: (1 + lift) * (ctr + external) - external, avgViewDurationSec: VIEW_DURATION_SEC };
  });
}

/** A measured window, with when the product has its data (a window at its end; a day's figures three days late). */
export interface MeasuredWindow extends WindowObservation {
  availableAt: number;
}

/** One simulated test's schedule and its windows, measured as the product measures them. */
function measureTest(input: {
  shape: Shape;
  video: VideoTruth;
  titles: TitleTruth[];
  start: Date;
  end: Date;
  designStart: Date | undefined;
  random: Random;
  run: string;
}): { windows: MeasuredWindow[]; slots: ScheduleSlot[] } {
  const { shape, video, titles, start, end, random } = input;
  const slots = generateSchedule({
    seed: `${input.run}/schedule`,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
    designStart: input.designStart,
  });
  const spans: TitleSpan[] = [
    { from: video.publishedAt, to: start, title: titles[0] as TitleTruth },
    ...slots.map((slot) => ({
      from: slot.startsAt,
      to: slot.endsAt,
      title: titles[slot.titleIndex] as TitleTruth,
    })),
  ];
  const daily = isMeasuredPerDay(shape.metric);
  const washoutMs = washoutMinutes(shape.intervalMinutes) * 60_000;
  const windows: MeasuredWindow[] = [];
  slots.forEach((slot, i) => {
    if (slot.kind !== 'window') return;
    const from = new Date(slot.startsAt.getTime() + washoutMs);
    const nearby = spans.slice(i, i + 2);
    const measured = trafficBetween(video, nearby, from, slot.endsAt);
    const window: MeasuredWindow = {
      titleIndex: slot.titleIndex,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      measuredHours: (slot.endsAt.getTime() - from.getTime()) / HOUR_MS,
      views: random.poisson(measured.views),
      availableAt: unitReadyAt(slot, daily).getTime(),
    };
    if (daily) {
      // The whole Pacific day as YouTube reports it: the reach report (impressions, CTR) for day d
      // appears on d+2 at 06:00 and Analytics (watch time) on d+2; the product imports at 01:30.
      const day = trafficBetween(video, nearby, slot.startsAt, slot.endsAt);
      const impressions = random.poisson(day.impressions);
      const clicks = Math.min(impressions, random.poisson(day.clicks));
      const dayViews = random.poisson(day.views);
      const minutesWatched = Math.round((dayViews * (day.watchTimeSec / Math.max(day.views, 1e-9))) / 60);
      window.impressions = impressions;
      window.clicks = clicks;
      window.watchTimeSec = minutesWatched * 60;
    }
    windows.push(window);
  });
  return { windows, slots };
}

/** What the test's plan said when it first switched. */
export interface PlanOutcome {
  lift: number | null;
  /** The plan's chance that this test names Title 2 the winner at its true lift; null with identical titles. */
  promised: number | null;
  daysToVerdict: number | null;
  source: NoiseSource;
  viewsPerDay: number;
  currentViewsPerDay: number;
}

export interface Outcome {
  /** A 'plan' lift whose plan says the shape cannot decide: the test never ran, the rest is empty. */
  refused: boolean;
  /** Title 2's true lift in this test. */
  truth: number;
  plan: PlanOutcome;
  /** The verdict's reading: the first daily look that named a winner, else the final reading. */
  verdict: TestVerdict['verdict'];
  winner: number | null;
  /** Title 2's estimated lift in that reading, with its 95% interval. */
  lift: number;
  liftLow: number;
  liftHigh: number;
  /** The winner came from a daily look before the end. */
  early: boolean;
  naiveWinner: number | null;
  /** Days from the start to the verdict's reading; slots begun and title switches until then. */
  days: number;
  slots: number;
  switches: number;
  /** YouTube quota units spent until then: reads, writes, the restore and the counter's sampling. */
  units: number;
  /** A reading threw (read as the product reads it: inconclusive, the original stays). */
  threw: boolean;
}

/**
 * The quota a test spent until its verdict, at the floor the cost model sets (src/capacity): every
 * slot begun reads the video, every change writes, the end puts the original back, and the counter
 * is sampled at the shape's cadence.
 */
function unitsSpent(shape: Shape, spent: { slots: number; switches: number }, days: number): number {
  const perSwitch = unitsPerSwitch('titles');
  const sampling = samplingUnitsPerDay({
    rotationIntervalMinutes: shape.intervalMinutes,
    winnerMetric: shape.metric,
    kind: 'titles',
  });
  return spent.slots + spent.switches * (perSwitch - 1) + perSwitch + sampling * Math.min(days, shape.days);
}

const NO_LIFT = { lift: Number.NaN, liftLow: Number.NaN, liftHigh: Number.NaN };

/** One simulated test, planned, measured and read as the product does. */
export function runTest(
  shape: Shape,
  scenario: Scenario,
  channel: Channel,
  run: string,
  draws: number,
): Outcome {
  // One seed string per purpose: generators built from one string with different integer keys
  // are not independent enough for a study (schedules and noise from one seed correlated).
  const random = new Random(`${run}/measure`);
  const start = new Date(Date.UTC(2026, 1, 2) + Math.floor(random.uniform() * 60 * 24 * 60) * 60_000);
  const { video, ctr } = drawVideo(random, start, run, channel);
  const original = originalTitle(ctr);
  const end = new Date(start.getTime() + shape.days * DAY_MS);
  // A first test of the channel: views windows under a day read the counter first.
  const hours = calibrationHours(shape, dialogViewsPerDay(video, original, start));
  const designStart = hours > 0 ? new Date(start.getTime() + hours * HOUR_MS) : undefined;
  const plan = planOnVideo({ shape, video, original, start, designStart, channel, run });
  const truth = scenario.lift === 'plan' ? plan.lift : scenario.lift;
  const planOutcome: PlanOutcome = {
    lift: plan.lift,
    promised: truth !== null && truth > 0 ? promisedChance(plan, truth) : null,
    daysToVerdict: plan.daysToVerdict,
    source: plan.source,
    viewsPerDay: plan.viewsPerDay,
    currentViewsPerDay: plan.currentViewsPerDay,
  };
  if (truth === null)
    return {
      refused: true,
      truth: Number.NaN,
      plan: planOutcome,
      verdict: 'inconclusive',
      winner: null,
      ...NO_LIFT,
      early: false,
      naiveWinner: null,
      days: 0,
      slots: 0,
      switches: 0,
      units: 0,
      threw: false,
    };

  const titles = titleTruths(shape, truth, video, original);
  const { windows, slots } = measureTest({ shape, video, titles, start, end, designStart, random, run });
  const planned = slots.filter((slot) => slot.kind === 'window').length / shape.titleCount;
  const looked = {
    test: { winnerMetric: shape.metric, endDate: end },
    rotations: slots.map((slot) => ({
      kind: slot.kind,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
    })),
  };
  // The segment the schedule's design was drawn on, as the product recovers it from its rotations.
  const firstWindow = slots.find((slot) => slot.kind === 'window');
  const segments = [{ start: firstWindow?.startsAt ?? designStart ?? start, end }];
  let threw = false;
  const readAt = (at: number, isFinal: boolean): TestVerdict | null => {
    try {
      return analyzeTest({
        windows: windows.filter((w) => w.availableAt <= at),
        titleCount: shape.titleCount,
        metric: shape.metric,
        intervalMinutes: shape.intervalMinutes,
        isFinal,
        winnerBar: winnerBarAt(looked, new Date(at), isFinal),
        seed: run,
        scheduleSegments: segments,
        draws,
        publishedAt: video.publishedAt,
        plannedUnitsPerTitle: planned,
      });
    } catch {
      threw = true;
      return null;
    }
  };
  let decision: TestVerdict | null = null;
  let decidedAt = Number.NaN;
  let early = false;
  // A look that sees no unit more than the one before reads the same data with the same bar
  // (look-bars.ts), so it cannot name a winner the one before did not: skipped.
  let seen = 0;
  for (const look of dailyLookTimes(start, end)) {
    const at = look.getTime();
    const ready = windows.filter((w) => w.availableAt <= at).length;
    if (ready === seen) continue;
    seen = ready;
    const reading = readAt(at, false);
    if (reading?.verdict === 'winner') {
      decision = reading;
      decidedAt = at;
      early = true;
      break;
    }
  }
  if (!decision) {
    // The final reading once every window is in (for daily metrics, when the last day's figures arrive).
    decidedAt = Math.max(end.getTime(), ...windows.map((w) => w.availableAt));
    decision = readAt(decidedAt, true);
  }
  const title2 = decision?.titles.find((title) => title.titleIndex === 1);
  const naive = naiveAnalysis(windows, shape.titleCount, shape.metric === 'views' ? 'views' : 'ctr', {
    seed: run,
    draws,
  });
  const days = (decidedAt - start.getTime()) / DAY_MS;
  const spent = spentUntil(slots, decidedAt);
  return {
    refused: false,
    truth,
    plan: planOutcome,
    verdict: decision?.verdict ?? 'inconclusive',
    winner: decision?.verdict === 'winner' ? decision.winnerTitleIndex : null,
    ...(title2 ? { lift: title2.lift, liftLow: title2.liftLow, liftHigh: title2.liftHigh } : NO_LIFT),
    early,
    naiveWinner: naive.winnerTitleIndex,
    days,
    ...spent,
    units: unitsSpent(shape, spent, days),
    threw,
  };
}
