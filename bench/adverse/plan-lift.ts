// The plan a test of this shape on this video promises when it first switches (docs/statistics.md,
// "Forecast" and "Calibration"): the noise of the channel's finished test of the shape
// ('plan-channel' cells), else the video's own noise from what the product read before the first
// switch — its counter through the calibration hours, its daily history — as
// engine/forecast-confirmation.ts confirms it, else the pessimistic assumption; the views a day
// from the same reading, else what the create dialog hands the plan (lifetime views over the age).
// forecastShape turns that into the lift the test finds 8 times in 10. The cell puts Variant 2 at
// exactly that lift, so its power checks the plan's promise.

import { estimateViewsPerDay } from '../../src/shared/video-traffic';
import type { CounterReading, HistoryDay } from '../../src/statistics/calibration';
import { forecastShape } from '../../src/statistics/forecast';
import type { NoiseSource } from '../../src/statistics/forecast-inputs';
import { type NoiseEstimate, estimateTrafficNoise } from '../../src/statistics/noise-estimate';
import type { WindowObservation } from '../../src/statistics/window-analysis';
import { videoNoise } from '../../src/title-tests/figures/video-noise';
import type { Shape } from './shapes';
import { meanIntensity } from './traffic';
import type { Video } from './traffic';

const HOUR_MS = 3_600_000;

/**
 * Views a day the plan is given: what the dialog hands it (lifetime views ÷ age), or the video's
 * traffic over the day before the start (`--plan-views current`, to tell the two apart).
 */
export type PlanViews = 'lifetime' | 'current';
export const PLAN_VIEWS: readonly PlanViews[] = ['lifetime', 'current'];

export interface PlannedTest {
  /** The plan's detectable lift; null when the plan says the shape cannot decide (creation refuses it). */
  lift: number | null;
  /** Views a day the dialog hands the plan: lifetime views ÷ age. */
  viewsPerDay: number;
  /** The video's expected views over the day before the start: its traffic now. */
  currentViewsPerDay: number;
  /** The noise per unit the plan used; null: the pessimistic assumption. */
  trafficNoise: number | null;
  source: NoiseSource;
  /** Days from the start until the verdict at that lift, for half of the tests; null without one. */
  daysToVerdict: number | null;
}

/** The channel's noise from a finished test's windows, as forecast.service's channelNoise reads it (null: typical). */
export function channelNoiseOf(history: readonly WindowObservation[], shape: Shape): NoiseEstimate | null {
  if (history.length === 0) return null;
  const titleCount = Math.max(...history.map((window) => window.titleIndex)) + 1;
  try {
    return estimateTrafficNoise(history, shape.metric, shape.intervalMinutes, titleCount);
  } catch {
    return null;
  }
}

/** Expected views from `from` to `to`, hour by hour (the daily and weekly cycles included). */
function expectedViews(video: Video, shape: Shape, from: number, to: number): number {
  let views = 0;
  for (let at = from; at < to; at += HOUR_MS) {
    const step = Math.min(HOUR_MS, to - at);
    views += meanIntensity(video, shape.traffic, at + step / 2) * (step / 60_000);
  }
  return views;
}

/** Views a day the plan is given (PlanViews) for a test starting at `start`. */
export function dialogViewsPerDay(video: Video, shape: Shape, start: Date, views: PlanViews): number {
  const at = start.getTime();
  if (views === 'current') return expectedViews(video, shape, at - 24 * HOUR_MS, at);
  const viewCount = Math.round(expectedViews(video, shape, video.publishedAt, at));
  return estimateViewsPerDay({ viewCount, publishedAt: new Date(video.publishedAt) }, start) ?? 0;
}

export function planFor(
  shape: Shape,
  video: Video,
  start: Date,
  options: {
    views: PlanViews;
    channel: NoiseEstimate | null;
    /** What the product read of the video before the first switch. */
    history: readonly HistoryDay[];
    readings: readonly CounterReading[];
    /** The reach rows of the channel's other videos. */
    channelVideos: readonly (readonly HistoryDay[])[];
    designStart?: Date;
    washoutMinutes: number;
  },
): PlannedTest {
  const currentViewsPerDay = dialogViewsPerDay(video, shape, start, 'current');
  const dialogViews = dialogViewsPerDay(video, shape, start, options.views);
  const read = options.channel
    ? null
    : videoNoise(
        { winnerMetric: shape.metric, rotationIntervalMinutes: shape.intervalMinutes },
        { days: options.history, readings: options.readings, channel: options.channelVideos },
        options.washoutMinutes,
      );
  const viewsPerDay = read?.viewsPerDay ?? dialogViews;
  const measured = options.channel ?? read;
  const plan = forecastShape(
    {
      intervalMinutes: shape.intervalMinutes,
      metric: shape.metric,
      titleCount: shape.titleCount,
      durationDays: shape.days,
      start,
      designStart: options.designStart,
    },
    {
      viewsPerDay,
      washoutMinutes: options.washoutMinutes,
      halfLifeDays: read?.halfLifeDays ?? undefined,
      clicksPerDay: read?.clicksPerDay ?? undefined,
      trafficNoise: measured?.noise ?? null,
      noiseDf: measured?.df,
      source: options.channel ? 'channel' : 'video',
    },
  );
  return {
    lift: plan.minimumDetectableLift,
    viewsPerDay,
    currentViewsPerDay,
    trafficNoise: measured?.noise ?? null,
    source: plan.noiseSource,
    daysToVerdict: plan.daysToVerdict,
  };
}
