// The plan a test promises when it first switches (docs/statistics.md, "Forecast" and
// "Calibration"), as engine/forecast-confirmation.ts confirms it: the video's own noise from what
// the product read before the first switch (calibration-read.ts) — its counter through the
// calibration hours, its daily history, else its channel's other videos' reach rows — else the
// pessimistic assumption; the views a day from that reading, else what the create dialog hands the
// plan (lifetime views over the age). The study's tests are their channel's first, so no finished
// test of the channel lends its noise. Mirrors bench/adverse/plan-lift.ts.

import { estimateViewsPerDay } from '../../src/shared/video-traffic';
import { isMeasuredPerDay } from '../../src/shared/test-shapes';
import { chanceOfVerdict, forecastShape } from '../../src/statistics/forecast';
import type { ForecastNoise, ForecastShape, NoiseSource } from '../../src/statistics/forecast-inputs';
import { washoutMinutes } from '../../src/statistics/verdict';
import { videoNoise } from '../../src/title-tests/figures/video-noise';
import { trafficBetween } from '../../src/youtube-simulator/traffic-model';
import type { TitleTruth, VideoTruth } from '../../src/youtube-simulator/traffic-model';
import type { Shape } from '../stats-simulation';
import { channelHistories, counterReadings, videoHistory } from './calibration-read';
import { HOUR_MS, originalSpan } from './video';
import type { Channel } from './video';

export interface StudyPlan {
  /** The plan's detectable lift (80% chance to name it the winner); null: it says the shape cannot decide. */
  lift: number | null;
  /** Days from the start until half the tests at that lift have their verdict; null without one. */
  daysToVerdict: number | null;
  source: NoiseSource;
  /** Views a day the plan was given, and the video's expected views over the day before the start. */
  viewsPerDay: number;
  currentViewsPerDay: number;
  /** What the plan was made of, for its chance at other lifts. */
  shape: ForecastShape;
  noise: ForecastNoise;
}

/** The plan's chance that a test names Title 2, truly better by `lift`, the winner. */
export function promisedChance(plan: StudyPlan, lift: number): number {
  return chanceOfVerdict(plan.shape, plan.noise, lift);
}

/** The views a day the create dialog hands the plan: the video's lifetime views over its age. */
export function dialogViewsPerDay(video: VideoTruth, original: TitleTruth, start: Date): number {
  const before = originalSpan(video, original, start);
  return (
    estimateViewsPerDay(
      {
        viewCount: Math.round(trafficBetween(video, before, video.publishedAt, start).views),
        publishedAt: video.publishedAt,
      },
      start,
    ) ?? 0
  );
}

export function planOnVideo(input: {
  shape: Shape;
  video: VideoTruth;
  original: TitleTruth;
  start: Date;
  /** Where the design starts after the calibration read; absent: at the start. */
  designStart: Date | undefined;
  channel: Channel;
  run: string;
}): StudyPlan {
  const { shape, video, original, start, designStart, channel, run } = input;
  const washout = washoutMinutes(shape.intervalMinutes);
  const readings = counterReadings(video, original, start, designStart ?? start, run);
  const days = videoHistory(video, original, start, run);
  const channelVideos = isMeasuredPerDay(shape.metric) ? channelHistories(run, start, channel) : [];
  const read = videoNoise(
    { winnerMetric: shape.metric, rotationIntervalMinutes: shape.intervalMinutes },
    { days, readings, channel: channelVideos },
    washout,
  );
  const before = originalSpan(video, original, start);
  const viewsPerDay = read?.viewsPerDay ?? dialogViewsPerDay(video, original, start);
  const planShape: ForecastShape = {
    intervalMinutes: shape.intervalMinutes,
    metric: shape.metric,
    titleCount: shape.titleCount,
    durationDays: shape.days,
    start,
    designStart,
  };
  const noise: ForecastNoise = {
    viewsPerDay,
    washoutMinutes: washout,
    halfLifeDays: read?.halfLifeDays ?? undefined,
    clicksPerDay: read?.clicksPerDay ?? undefined,
    trafficNoise: read?.noise ?? null,
    noiseDf: read?.df,
    source: 'video',
  };
  const plan = forecastShape(planShape, noise);
  return {
    lift: plan.minimumDetectableLift,
    daysToVerdict: plan.daysToVerdict,
    source: plan.noiseSource,
    viewsPerDay,
    currentViewsPerDay: trafficBetween(video, before, new Date(start.getTime() - 24 * HOUR_MS), start).views,
    shape: planShape,
    noise,
  };
}
