// One simulated test of a cell: schedule from the product's generator, adverse traffic, the
// lagging counter sampled every 10 minutes, daily figures where the metric needs them, then
// every reading a creator would see. A measured shape's test first gets the washout the product
// sets from an earlier test on the channel, or is refused (earlier-test.ts); a 'plan' cell's test
// gets Variant 2 at the lift the product's plan promises for its video, or is refused when the plan
// says the shape cannot decide (plan-lift.ts).

import { samplingPeriodMinutes } from '../../src/capacity/cost-model';
import { generateSchedule } from '../../src/statistics/schedule';
import type { ScheduleSlot } from '../../src/statistics/schedule';
import { addDays, pacificDay } from '../../src/time/pacific';
import { washoutMinutes as defaultWashout } from '../../src/statistics/verdict';
import { calibrationHoursFor } from '../../src/title-tests/figures/video-noise';
import type { Cell, Shape } from './cells';
import { DAY_MS, liveEffects, MINUTE_MS, simulateTraffic } from './channel-traffic';
import { counterAt, sampledEvery } from './counter';
import { dailyFigures } from './daily-figures';
import type { DailyFigure } from './daily-figures';
import { assumedWashout, measuredWashout } from './earlier-test';
import type { WashoutChoice } from './earlier-test';
import { channelHistoryOf, historyOf } from './calibration-read';
import type { NoiseEstimate } from '../../src/statistics/noise-estimate';
import { channelNoiseOf, dialogViewsPerDay, planFor } from './plan-lift';
import type { PlannedTest, PlanViews } from './plan-lift';
import { observationsAt, storeTest } from './product-rows';
import { readTest } from './readings';
import type { ReadTest, TestPlan } from './readings';
import { Rng } from './rng';
import { drawVideo } from './traffic';
import type { Video } from './traffic';
import type { WinnerMetric } from '../../src/statistics/window-analysis';
import { metricLift, UNCHANGED } from './variant-effects';
import type { VariantEffect } from './variant-effects';
import { spentUntil } from '../spent-until';

/** Tests start at a random minute between 2 March and 30 November 2026 (both DST changes inside). */
const FIRST_START = Date.UTC(2026, 2, 2);
const START_SPAN_MINUTES = 273 * 24 * 60;

export interface TestOutcome {
  /** The creator's reading: the first daily "Winner", else the final reading's winner. */
  winnerWithLooks: number | null;
  finalWinner: number | null;
  finalVerdict: ReadTest['final']['verdict'];
  /** The title the product puts live at the end (the final reading's recommendation). */
  leftLive: number;
  /** Final lifts per title (index 0 = the original), NaN when the engine gave none. */
  lifts: { lift: number; low: number; high: number }[];
  readings: number;
  exceptions: number;
  finalThrew: boolean;
  firstError: string | null;
  /** A measured shape's washout (refused: the test never ran, the rest is empty); null otherwise. */
  washout: WashoutChoice | null;
  /** A 'plan' cell's plan (no lift: refused, the test never ran); null otherwise. */
  plan: PlannedTest | null;
  /** This test's true lift of each variant over the original on the metric. */
  truth: number[];
  /** Days from the start until the verdict's reading (a look that named a winner, or the final one). */
  days: number;
  /** Slots begun and title changes made until then (each slot reads the video; a change writes). */
  slots: number;
  switches: number;
}

/** The product never started the test: its windows too short for the lag, or a plan that cannot decide. */
export const wasRefused = (outcome: TestOutcome): boolean =>
  outcome.washout?.refused === true || (outcome.plan !== null && outcome.plan.lift === null);

function pacificDaysBetween(start: Date, end: Date): string[] {
  const days: string[] = [];
  const last = pacificDay(end);
  for (let day = pacificDay(start); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A test the product refused to start: no reading, the original stays. */
function refusedOutcome(
  titleCount: number,
  washout: WashoutChoice | null,
  plan: PlannedTest | null,
  truth: number[],
): TestOutcome {
  const nan = { lift: Number.NaN, low: Number.NaN, high: Number.NaN };
  return {
    winnerWithLooks: null,
    finalWinner: null,
    finalVerdict: 'inconclusive',
    leftLive: 0,
    lifts: Array.from({ length: titleCount }, () => nan),
    readings: 0,
    exceptions: 0,
    finalThrew: false,
    firstError: null,
    washout,
    plan,
    truth,
    days: 0,
    slots: 0,
    switches: 0,
  };
}

/**
 * A 'plan' cell's variants: Variant 2 moves the metric by the plan's lift (0 when refused), the
 * rest as the original. On a Short's views the click moves by more, so that with the feed's views,
 * which no variant touches, all views move by the plan's lift.
 */
function plannedEffects(
  titleCount: number,
  plan: PlannedTest,
  metric: WinnerMetric,
  video: Video,
): VariantEffect[] {
  const clickShare = metric === 'views' ? 1 - video.feedShare : 1;
  return Array.from({ length: titleCount }, (_, i) =>
    i === 1 ? { ctr: 1 + (plan.lift ?? 0) / clickShare, duration: 1 } : UNCHANGED,
  );
}

/** The true lift of a variant on the test's metric: on a Short's views, the feed's views dilute the click's. */
const trueLift = (effect: VariantEffect, metric: WinnerMetric, video: Video): number =>
  metricLift(effect, metric) * (metric === 'views' ? 1 - video.feedShare : 1);

/** One test's traffic, daily figures and stored rows, for the variants `effectsFor` gives the video drawn. */
function simulateRun(input: {
  shape: Shape;
  rng: Rng;
  start: Date;
  scheduleSeed: string;
  effectsFor: (video: Video) => VariantEffect[];
  washoutMinutes: number | null;
  /** The design starts after the product's calibration read (the original title live until then). */
  designStart?: Date;
}): { test: TestPlan; effects: VariantEffect[]; video: Video; slots: ScheduleSlot[] } {
  const { shape, rng, start, scheduleSeed } = input;
  const end = new Date(start.getTime() + shape.days * DAY_MS);
  const slots = generateSchedule({
    seed: scheduleSeed,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
    designStart: input.designStart,
  });
  let effects: VariantEffect[] = [];
  const { video, from, minutes, effect, samples } = simulateTraffic({
    traffic: shape.traffic,
    lag: shape.lag,
    rng,
    start,
    end,
    slots,
    // Views follow the clicks: the views counter moves with each variant's click-through.
    truth: (drawn) => {
      effects = input.effectsFor(drawn);
      return effects.map((e) => e.ctr - 1);
    },
  });
  let daily: DailyFigure[] = [];
  if (shape.daily) {
    const meanOf =
      (perMinute: Float64Array) =>
      (dayFrom: number, dayTo: number): number => {
        const a = Math.max(0, Math.round((dayFrom - from) / MINUTE_MS));
        const b = Math.min(minutes, Math.round((dayTo - from) / MINUTE_MS));
        let sum = 0;
        for (let m = a; m < b; m++) sum += perMinute[m] as number;
        return b > a ? sum / (b - a) : 1;
      };
    const durations = effects.map((e) => e.duration);
    daily = dailyFigures({
      features: shape.daily,
      traffic: shape.traffic,
      video,
      rng,
      days: pacificDaysBetween(start, end),
      ctrEffect: meanOf(effect),
      durationEffect: meanOf(liveEffects(slots, durations, from, minutes)),
    });
  }
  const windowsPerTitle = new Array<number>(shape.titleCount).fill(0);
  for (const slot of slots) if (slot.kind === 'window') windowsPerTitle[slot.titleIndex]! += 1;
  const test: TestPlan = {
    stored: storeTest({
      slots,
      titleCount: shape.titleCount,
      // The product reads the counter at its shape's cadence (10 min up to 4-hour views windows).
      samples: sampledEvery(
        samples.filter((s) => s.sampledAt.getTime() >= start.getTime() - 2 * 3_600_000),
        samplingPeriodMinutes({ rotationIntervalMinutes: shape.intervalMinutes, winnerMetric: shape.metric }),
      ),
      counterAt: (at) => counterAt(samples, at),
      daily,
      intervalMinutes: shape.intervalMinutes,
      metric: shape.metric,
      washoutMinutes: input.washoutMinutes,
    }),
    metric: shape.metric,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
    publishedAt: new Date(video.publishedAt),
    scheduleSeed,
    plannedUnitsPerTitle: Math.min(...windowsPerTitle),
    finalAt: Math.max(end.getTime(), ...daily.map((day) => day.availableAt)),
  };
  return { test, effects, video, slots };
}

/**
 * The channel's noise as the product reads it from its finished tests of the shape: one earlier
 * test on another video of the same channel (same traffic and figures, variants alike), ending
 * 1–14 days before `start`, all its windows in.
 */
function earlierChannelNoise(shape: Shape, runKey: string, start: Date): NoiseEstimate | null {
  const rng = new Rng(`${runKey}/earlier-noise`);
  const earlierEnd = start.getTime() - Math.round(rng.between(1, 14) * 1440) * MINUTE_MS;
  const { test } = simulateRun({
    shape,
    rng,
    start: new Date(earlierEnd - shape.days * DAY_MS),
    scheduleSeed: `${runKey}/earlier-noise-schedule`,
    effectsFor: () => Array.from({ length: shape.titleCount }, () => UNCHANGED),
    washoutMinutes: null,
  });
  return channelNoiseOf(observationsAt(test.stored, test.finalAt), shape);
}

/**
 * Hours the product reads the video before the first switch: a first test of sub-daily views
 * windows (video-noise.ts), on the views a day the dialog hands the plan.
 */
function calibrationHours(cell: Cell, viewsPerDay: number, washoutMinutes: number): number {
  if (cell.shape.earlierTest || cell.scenario === 'plan-channel') return 0;
  return calibrationHoursFor(
    { winnerMetric: cell.shape.metric, rotationIntervalMinutes: cell.shape.intervalMinutes },
    viewsPerDay,
    washoutMinutes,
  );
}

export function simulateTest(cell: Cell, runKey: string, planViews: PlanViews = 'lifetime'): TestOutcome {
  const { shape } = cell;
  const trafficRng = (): { rng: Rng; start: Date } => {
    const rng = new Rng(`${runKey}/traffic`);
    const start = new Date(FIRST_START + Math.floor(rng.uniform() * START_SPAN_MINUTES) * MINUTE_MS);
    return { rng, start };
  };
  const { rng, start } = trafficRng();
  // From its own stream: drawing it first leaves this test's traffic as it was. A first test on
  // the channel has no measured lag: the product assumes an hour (earlier-test.ts).
  const washout = shape.earlierTest
    ? measuredWashout(shape, shape.earlierTest, runKey, start)
    : assumedWashout(shape);
  if (washout.refused) {
    const truth = (cell.effects ?? []).map((e) => metricLift(e, shape.metric));
    return refusedOutcome(shape.titleCount, washout, null, truth);
  }
  // The video this run draws (its traffic's first draws), as the dialog sees it: its views a day.
  const drawn = drawVideo(shape.traffic, trafficRng().rng, start.getTime());
  const hours = calibrationHours(
    cell,
    dialogViewsPerDay(drawn, shape, start, planViews),
    washout.minutes ?? defaultWashout(shape.intervalMinutes),
  );
  const designStart = hours > 0 ? new Date(start.getTime() + hours * 3_600_000) : undefined;
  const channel = cell.scenario === 'plan-channel' ? earlierChannelNoise(shape, runKey, start) : null;
  const run = (effectsFor: (video: Video) => VariantEffect[], draws: Rng) =>
    simulateRun({
      shape,
      rng: draws,
      start,
      scheduleSeed: `${runKey}/schedule`,
      effectsFor,
      washoutMinutes: washout.minutes,
      designStart,
    });
  let planned: PlannedTest | null = null;
  let effects: VariantEffect[] | null = cell.effects;
  if (effects === null) {
    // What the product reads before the first switch: the same video and draws, every variant as
    // the original until then (the counter through the calibration hours), and its daily history.
    const calibration = run(
      () => Array.from({ length: shape.titleCount }, () => UNCHANGED),
      trafficRng().rng,
    );
    const until = designStart?.getTime() ?? start.getTime();
    const readings = calibration.test.stored.samples
      .filter(
        (sample) => sample.sampledAt.getTime() >= start.getTime() && sample.sampledAt.getTime() <= until,
      )
      .map((sample) => ({ at: sample.sampledAt, viewCount: sample.viewCount }));
    planned = planFor(shape, calibration.video, start, {
      views: planViews,
      channel,
      history: historyOf(shape, calibration.video, runKey, start),
      readings,
      channelVideos: channelHistoryOf(shape, runKey, start),
      designStart,
      washoutMinutes: washout.minutes ?? defaultWashout(shape.intervalMinutes),
    });
    effects = plannedEffects(shape.titleCount, planned, shape.metric, calibration.video);
  }
  const chosen = effects;
  const { test: plan, slots, video } = run(() => chosen, rng);
  const truth = chosen.map((e) => trueLift(e, shape.metric, video));
  if (planned && planned.lift === null) return refusedOutcome(shape.titleCount, null, planned, truth);
  const { interim, final } = readTest(plan);
  const all = final === interim.at(-1) ? interim : [...interim, final];
  const firstWinner = interim.find((reading) => reading.verdict === 'winner');
  const spent = spentUntil(slots, final.at);
  return {
    winnerWithLooks: firstWinner ? firstWinner.winnerTitleIndex : final.winnerTitleIndex,
    finalWinner: final.winnerTitleIndex,
    finalVerdict: final.verdict,
    leftLive: final.recommendedTitleIndex,
    lifts: final.lifts,
    readings: all.length,
    exceptions: all.filter((reading) => reading.threw).length,
    finalThrew: final.threw,
    firstError: all.find((reading) => reading.error !== null)?.error ?? null,
    washout,
    plan: planned,
    truth,
    days: (Math.min(final.at, plan.finalAt) - start.getTime()) / DAY_MS,
    ...spent,
  };
}
