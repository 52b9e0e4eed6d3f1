// What a forecast is asked (a test's shape) and what it knows of the video's traffic, with the
// typical video it assumes where it knows nothing (docs/statistics.md, "Forecast").

import type { WinnerMetric } from './window-analysis';

/** The video a plan assumes when it knows nothing of its traffic: the validation study's default channel (median). */
export const TYPICAL_VIEWS_PER_DAY = 5000;
/** Share of a video's views that come from impressions (the rest: links, embeds, end screens). */
export const VIEWS_FROM_IMPRESSIONS = 0.75;
/**
 * A recent upload's traffic decays, so the count noise of a test's later units is larger than
 * today's views suggest. Without a measured decay (the video's last week of views, or its counter's
 * trend before the first switch) the plan assumes the typical half-life of a recent upload.
 */
export const TYPICAL_HALF_LIFE_DAYS = 6;
export interface ForecastShape {
  intervalMinutes: number;
  metric: WinnerMetric;
  titleCount: number;
  durationDays: number;
  start: Date;
  /** Where the design may start, when the test first reads the video's traffic (a calibration); default the start. */
  designStart?: Date;
}

/** Where the traffic noise a forecast uses comes from. */
export type NoiseSource = 'channel' | 'video' | 'assumed';

export interface ForecastNoise {
  viewsPerDay: number;
  /** The traffic noise of one unit (log scale) measured on the channel or the video; null or absent: assumed. */
  trafficNoise?: number | null;
  /** Degrees of freedom of that measurement (its uncertainty widens the forecast); absent: exact. */
  noiseDf?: number;
  /** Where the measurement comes from (with trafficNoise): the channel's finished tests, or this video. */
  source?: Exclude<NoiseSource, 'assumed'>;
  /** How fast the video's traffic halves (default: the typical recent upload). */
  halfLifeDays?: number;
  /** The clicks of its impressions a day, when known: a CTR or watch-time unit's count noise (default 75% of the views). */
  clicksPerDay?: number;
  /** Minutes not counted after each switch (views windows; default a tenth of the window, at least 15). */
  washoutMinutes?: number;
}
