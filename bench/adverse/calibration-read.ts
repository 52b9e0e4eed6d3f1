// What the product reads of a video before a test's first switch (docs/statistics.md,
// "Calibration"), drawn from the adverse model: the video's daily figures for the four weeks before
// the start (views from its simulated views; impressions, CTR and watch time where the shape has
// daily figures), under the original title, on a stream of their own.

import type { HistoryDay } from '../../src/statistics/calibration';
import { HISTORY_DAYS } from '../../src/title-tests/figures/video-history';
import { addDays, pacificDay, pacificDayStart } from '../../src/time/pacific';
import { dailyFigures } from './daily-figures';
import { Rng } from './rng';
import type { Shape } from './shapes';
import { BIN_MS, drawVideo, simulateViews } from './traffic';
import type { Video } from './traffic';

/** The video's Pacific days before `start` (those after its upload), as the daily import stores them. */
export function historyOf(shape: Shape, video: Video, runKey: string, start: Date): HistoryDay[] {
  const rng = new Rng(`${runKey}/history`);
  const today = pacificDay(start);
  const first = addDays(today, -HISTORY_DAYS);
  const from = Math.max(pacificDayStart(first).getTime(), Math.ceil(video.publishedAt / BIN_MS) * BIN_MS);
  const to = pacificDayStart(today).getTime();
  if (to - from < BIN_MS) return [];
  const bins = Math.floor((to - from) / BIN_MS);
  const views = simulateViews(shape.traffic, video, rng, from, new Float64Array(bins * 10).fill(1));
  const days: string[] = [];
  for (let day = pacificDay(new Date(from)); day < today; day = addDays(day, 1)) days.push(day);
  const viewsOn = (day: string): number => {
    const a = pacificDayStart(day).getTime();
    const b = pacificDayStart(addDays(day, 1)).getTime();
    let sum = 0;
    for (let i = 0; i < bins; i++) {
      const at = from + i * BIN_MS;
      if (at >= a && at < b) sum += views.counts[i] as number;
    }
    return sum;
  };
  // A day the video was online for only part of is not a day of its traffic.
  const whole = days.filter((day) => pacificDayStart(day).getTime() >= from);
  const figures = shape.daily
    ? dailyFigures({
        features: shape.daily,
        traffic: shape.traffic,
        video,
        rng,
        days: whole,
        ctrEffect: () => 1,
        durationEffect: () => 1,
      })
    : null;
  return whole.map((day, i) => {
    const figure = figures?.[i];
    return {
      startsAt: pacificDayStart(day),
      views: figure ? figure.views : viewsOn(day),
      impressions: figure ? figure.impressions : null,
      impressionsCtr: figure ? figure.impressionsCtr : null,
      minutesWatched: figure ? figure.estimatedMinutesWatched : null,
    };
  });
}

/** The channel's other videos whose reach rows the product holds: how many, and how old. */
const CHANNEL_VIDEOS = 6;
const CHANNEL_VIDEO_AGE_DAYS = [5, 90] as const;

/** The CTR the reach rows of a views shape's channel show (its views are the clicks of its impressions). */
const VIEWS_SHAPE_CTR = 0.05;

/**
 * The reach rows of the channel's other videos for the four weeks before `start` (impressions and
 * CTR only: the reach report covers every video, YouTube Analytics only the tested one), each video
 * drawn from the shape's traffic at an age of its own: from the shape's daily figures where it has
 * them, else from its hourly views (the clicks of impressions at a fixed CTR).
 */
export function channelHistoryOf(shape: Shape, runKey: string, start: Date): HistoryDay[][] {
  const rng = new Rng(`${runKey}/channel-history`);
  const features = { ...shape.traffic, ageDays: CHANNEL_VIDEO_AGE_DAYS };
  const today = pacificDay(start);
  return Array.from({ length: CHANNEL_VIDEOS }, () => {
    const video = drawVideo(features, rng, start.getTime());
    const days: string[] = [];
    for (let day = addDays(today, -HISTORY_DAYS); day < today; day = addDays(day, 1))
      if (pacificDayStart(day).getTime() >= video.publishedAt) days.push(day);
    if (!shape.daily) {
      if (days.length === 0) return [];
      const from = pacificDayStart(days[0]!).getTime();
      const to = pacificDayStart(today).getTime();
      const bins = Math.floor((to - from) / BIN_MS);
      const views = simulateViews(shape.traffic, video, rng, from, new Float64Array(bins * 10).fill(1));
      return days.map((day) => {
        const a = Math.round((pacificDayStart(day).getTime() - from) / BIN_MS);
        const b = Math.round((pacificDayStart(addDays(day, 1)).getTime() - from) / BIN_MS);
        let clicks = 0;
        for (let i = a; i < Math.min(b, bins); i++) clicks += views.counts[i] as number;
        return {
          startsAt: pacificDayStart(day),
          views: null,
          impressions: Math.round(clicks / VIEWS_SHAPE_CTR),
          impressionsCtr: VIEWS_SHAPE_CTR,
          minutesWatched: null,
        };
      });
    }
    const figures = dailyFigures({
      features: shape.daily,
      traffic: shape.traffic,
      video,
      rng,
      days,
      ctrEffect: () => 1,
      durationEffect: () => 1,
    });
    return figures.map((figure) => ({
      startsAt: pacificDayStart(figure.day),
      views: null,
      impressions: figure.impressions,
      impressionsCtr: figure.impressionsCtr,
      minutesWatched: null,
    }));
  });
}
