// The simulation behind the validation study (bench/stats.ts): title tests run through the
// simulator's traffic model with the real schedule generator and washout, measured only as
// YouTube measures them (view counters per window; impressions, CTR and watch time per Pacific
// day, 2–3 days late; whole counts), analysed by the engine as the product would, and by naive
// per-title pooling, against known truths.

import { isMeasuredPerDay } from '../src/shared/test-shapes';
import type { WinnerMetric } from '../src/shared/test-shapes';
import { naiveAnalysis } from '../src/statistics/naive';
import { Random } from '../src/statistics/random';
import { generateSchedule } from '../src/statistics/schedule';
import { analyzeTest, washoutMinutes } from '../src/statistics/verdict';
import type { TestVerdict } from '../src/statistics/verdict';
import type { WindowObservation } from '../src/statistics/window-analysis';
import { addDays, pacificDay, pacificDayStart } from '../src/time/pacific';
import { trafficBetween } from '../src/youtube-simulator/traffic-model';
import type { TitleSpan, TitleTruth, VideoTruth } from '../src/youtube-simulator/traffic-model';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The daily metrics job runs at 01:30 Pacific. */
const DAILY_JOB_MS = 1.5 * HOUR_MS;

export interface Shape {
  intervalMinutes: number;
  metric: WinnerMetric;
  titleCount: number;
  days: number;
}

/** The instant the study's plans start at; its tests start at random times in the 60 days after 2 Feb 2026. */
export const PLAN_START = new Date(Date.UTC(2026, 1, 2, 17, 20));

export type Channel = 'default' | 'small';
/** The small channel: about this many views a day on the tested video when the test starts. */
export const SMALL_CHANNEL_VIEWS_PER_DAY = 50;

export interface Scenario {
  /** True lift of Title 2 (index 1) on the test's metric; the other titles equal the original. */
  lift: number;
}

/** A plausible video, drawn per run: traffic level, decay, daily swing and noise. */
function drawVideo(
  random: Random,
  start: Date,
  run: string,
  channel: Channel,
): { video: VideoTruth; ctr: number } {
  const ctr = 0.03 + 0.05 * random.uniform();
  const publishedAt = new Date(start.getTime() - (0.5 + 9.5 * random.uniform()) * DAY_MS);
  const decayHalfLifeDays = 2 + 12 * random.uniform();
  const externalShare = 0.1 + 0.4 * random.uniform(); // external views per view from impressions
  let base = 1500 * Math.exp(random.uniform() * Math.log(20)); // 1,500–30,000 impressions/h at publication
  if (channel === 'small') {
    // Scale so the video gets about 50 views a day when the test starts.
    const ageAtStart = (start.getTime() - publishedAt.getTime()) / DAY_MS;
    const perImpression = ctr * (1 + externalShare);
    base = SMALL_CHANNEL_VIEWS_PER_DAY / 24 / perImpression / Math.pow(2, -ageAtStart / decayHalfLifeDays);
  }
  return {
    ctr,
    video: {
      videoId: run,
      publishedAt,
      baseImpressionsPerHour: base,
      decayHalfLifeDays,
      dailyAmplitude: 0.2 + 0.4 * random.uniform(),
      noise: 0.15 + 0.25 * random.uniform(),
      externalViewsPerHour: base * ctr * externalShare,
      seed: `${run}/traffic`,
      carryoverMinutes: 15,
      persistentNoiseShare: 0.3,
    },
  };
}

/**
 * Title truths. A views lift comes from a CTR change alone: external views dilute it, so the CTR
 * change needed for views ×(1+x) is (1+x)(ctr + e) − e, with e = external views per impression.
 * A watch-time-per-impression lift comes from view duration alone, which scales it exactly.
 */
function titleTruths(shape: Shape, scenario: Scenario, video: VideoTruth, ctr: number): TitleTruth[] {
  const external = video.externalViewsPerHour / video.baseImpressionsPerHour;
  const duration = 300;
  return Array.from({ length: shape.titleCount }, (_, i) => {
    if (i !== 1) return { ctr, avgViewDurationSec: duration };
    if (shape.metric === 'ctr') return { ctr: ctr * (1 + scenario.lift), avgViewDurationSec: duration };
    if (shape.metric === 'combined') return { ctr, avgViewDurationSec: duration * (1 + scenario.lift) };
    return { ctr: (1 + scenario.lift) * (ctr + external) - external, avgViewDurationSec: duration };
  });
}

/** A Poisson count (normal approximation above 50), as YouTube's whole counts are. */
function poisson(random: Random, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * random.normal()));
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random.uniform(); product > limit; product *= random.uniform()) count++;
  return count;
}

/** A measured window, with when the product would have its data (daily figures arrive late). */
export interface MeasuredWindow extends WindowObservation {
  availableAt: number;
}

/** One simulated test: the schedule's windows, measured as the product measures them. */
export function simulateTest(shape: Shape, scenario: Scenario, channel: Channel, run: string) {
  // One seed string per purpose: generators built from one string with different integer keys
  // are not independent enough for a study (schedules and noise from one seed correlated).
  const random = new Random(`${run}/measure`);
  const start = new Date(Date.UTC(2026, 1, 2) + Math.floor(random.uniform() * 60 * 24 * 60) * 60_000);
  const { video, ctr } = drawVideo(random, start, run, channel);
  const titles = titleTruths(shape, scenario, video, ctr);
  const end = new Date(start.getTime() + shape.days * DAY_MS);
  const slots = generateSchedule({
    seed: `${run}/schedule`,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
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
      views: poisson(random, measured.views),
      availableAt: slot.endsAt.getTime() + 10 * 60_000,
    };
    if (daily) {
      // The whole Pacific day as YouTube reports it: the reach report (impressions, CTR) for day d
      // appears on d+2 at 06:00 and Analytics (watch time) on d+2; the product imports at 01:30.
      const day = trafficBetween(video, nearby, slot.startsAt, slot.endsAt);
      const impressions = poisson(random, day.impressions);
      const clicks = Math.min(impressions, poisson(random, day.clicks));
      const dayViews = poisson(random, day.views);
      const minutesWatched = Math.round((dayViews * (day.watchTimeSec / Math.max(day.views, 1e-9))) / 60);
      window.impressions = impressions;
      window.clicks = clicks;
      window.watchTimeSec = minutesWatched * 60;
      window.availableAt = pacificDayStart(addDays(pacificDay(slot.startsAt), 3)).getTime() + DAILY_JOB_MS;
    }
    windows.push(window);
  });
  return { windows, start, end, publishedAt: video.publishedAt, slots };
}

export interface Outcome {
  verdict: TestVerdict['verdict'];
  winner: number | null;
  /** Title 2's estimated lift from all windows (the final analysis), with its 95% interval. */
  lift: number;
  liftLow: number;
  liftHigh: number;
  /** The winner came from a daily reading before the planned end. */
  early: boolean;
  naiveWinner: number | null;
}

/**
 * The engine read every day at 02:00 Pacific, after the daily import (a creator who completes
 * the test at the first "Winner" stops there), and finally at the end — for daily metrics once
 * YouTube's figures of the last day are in, as the product waits for them. Naive at the end.
 */
export function runTest(
  shape: Shape,
  scenario: Scenario,
  channel: Channel,
  run: string,
  draws: number,
): Outcome {
  const { windows, start, end, publishedAt, slots } = simulateTest(shape, scenario, channel, run);
  const planned = slots.filter((slot) => slot.kind === 'window').length / shape.titleCount;
  const analyse = (at: number, isFinal: boolean): TestVerdict =>
    analyzeTest({
      windows: windows.filter((w) => w.availableAt <= at),
      titleCount: shape.titleCount,
      metric: shape.metric,
      intervalMinutes: shape.intervalMinutes,
      isFinal,
      seed: run,
      scheduleSegments: [{ start, end }],
      draws,
      publishedAt,
      plannedUnitsPerTitle: planned,
    });
  let stopped: TestVerdict | null = null;
  for (
    let look = pacificDayStart(addDays(pacificDay(start), 1)).getTime() + 2 * HOUR_MS;
    look < end.getTime() && !stopped;
    look = pacificDayStart(addDays(pacificDay(new Date(look)), 1)).getTime() + 2 * HOUR_MS
  ) {
    const interim = analyse(look, false);
    if (interim.verdict === 'winner') stopped = interim;
  }
  const final = analyse(Number.POSITIVE_INFINITY, true);
  const decision = stopped ?? final;
  const naive = naiveAnalysis(windows, shape.titleCount, shape.metric === 'views' ? 'views' : 'ctr', {
    seed: run,
    draws,
  });
  return {
    verdict: decision.verdict,
    winner: decision.verdict === 'winner' ? decision.winnerTitleIndex : null,
    lift: final.titles[1]?.lift ?? Number.NaN,
    liftLow: final.titles[1]?.liftLow ?? Number.NaN,
    liftHigh: final.titles[1]?.liftHigh ?? Number.NaN,
    early: stopped !== null,
    naiveWinner: naive.winnerTitleIndex,
  };
}
