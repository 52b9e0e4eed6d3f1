// The plan the product shows before a test of this shape on this video starts (docs/statistics.md,
// "Plan"): the create dialog estimates the video's views a day as its lifetime views over its age
// (estimateViewsPerDay), and forecastShape turns that into the lift the test finds 8 times in 10,
// with typical noise ('plan' cells: the channel has no finished test of the shape) or the noise of
// the channel's finished test of the shape ('plan-channel' cells), as forecast.service reads it.
// The cell puts Variant 2 at exactly that lift, so its power checks the plan's promise.

import { estimateViewsPerDay } from '../../src/shared/video-traffic';
import { estimateTrafficNoise, forecastShape } from '../../src/statistics/forecast';
import type { WindowObservation } from '../../src/statistics/window-analysis';
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
  /** The channel's noise per unit the plan used; null: typical noise. */
  trafficNoise: number | null;
}

/** The channel's noise from a finished test's windows, as forecast.service's channelNoise reads it (null: typical). */
export function channelNoiseOf(history: readonly WindowObservation[], shape: Shape): number | null {
  if (history.length === 0) return null;
  const titleCount = Math.max(...history.map((window) => window.titleIndex)) + 1;
  try {
    const noise = estimateTrafficNoise(history, shape.metric, shape.intervalMinutes, titleCount);
    return noise !== null && Number.isFinite(noise) ? noise : null;
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

export function planFor(
  shape: Shape,
  video: Video,
  start: Date,
  options: { views: PlanViews; trafficNoise: number | null },
): PlannedTest {
  const at = start.getTime();
  const viewCount = Math.round(expectedViews(video, shape, video.publishedAt, at));
  const currentViewsPerDay = expectedViews(video, shape, at - 24 * HOUR_MS, at);
  const viewsPerDay =
    options.views === 'current'
      ? currentViewsPerDay
      : (estimateViewsPerDay({ viewCount, publishedAt: new Date(video.publishedAt) }, start) ?? 0);
  const plan = forecastShape(
    {
      intervalMinutes: shape.intervalMinutes,
      metric: shape.metric,
      titleCount: shape.titleCount,
      durationDays: shape.days,
      start,
    },
    { viewsPerDay, trafficNoise: options.trafficNoise },
  );
  return {
    lift: plan.minimumDetectableLift,
    viewsPerDay,
    currentViewsPerDay,
    trafficNoise: options.trafficNoise,
  };
}
