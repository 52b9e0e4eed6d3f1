// YouTube's daily figures for CTR and watch-time tests, as the adverse model draws them: a day's
// impressions (gamma-mixed Poisson around the video's traffic), a CTR per title with its lift and
// a day-level logit noise (overdispersion beyond binomial), binomial clicks, and watch seconds.
// Day d's figures arrive at the 01:30 Pacific import of day d + 3.

import { addDays, pacificDayStart } from '../../src/time/pacific';
import { binomial, gammaMultiplier, poisson } from './counts';
import type { Rng } from './rng';
import { meanIntensity, type TrafficFeatures, type Video } from './traffic';

/** The daily import runs at 01:30 Pacific. */
const IMPORT_AT_MS = 1.5 * 3_600_000;

export interface DailyFeatures {
  /** The original title's CTR, uniform in this range per test. */
  ctr: readonly [number, number];
  /** Standard deviation of a day's CTR on the logit scale (0 = binomial clicks only). */
  ctrLogitSd: number;
  /** Gamma shape of a day's impressions multiplier; null = Poisson impressions. */
  impressionsShape: number | null;
  viewDurationSec: number;
  /** Gamma shape of a day's average-view-duration multiplier (30: ±18% from day to day); default 30. */
  durationShape?: number;
}

/** One day as the daily import stores it (the columns the product's window code reads). */
export interface DailyFigure {
  day: string;
  views: number;
  impressions: number;
  impressionsCtr: number;
  estimatedMinutesWatched: number;
  averageViewDurationSec: number;
  /** When the product has this day's figures. */
  availableAt: number;
}

const logit = (p: number): number => Math.log(p / (1 - p));
const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * Figures for each Pacific day in `days`. `ctrEffect(dayStart, dayEnd)` and
 * `durationEffect(dayStart, dayEnd)` are the average multipliers of the variants live that day on
 * click-through and on view length (variant-effects.ts).
 */
export function dailyFigures(input: {
  features: DailyFeatures;
  traffic: TrafficFeatures;
  video: Video;
  rng: Rng;
  days: readonly string[];
  ctrEffect: (from: number, to: number) => number;
  durationEffect: (from: number, to: number) => number;
}): DailyFigure[] {
  const { features, traffic, video, rng } = input;
  const baseCtr = rng.between(features.ctr[0], features.ctr[1]);
  return input.days.map((day) => {
    const from = pacificDayStart(day).getTime();
    const to = pacificDayStart(addDays(day, 1)).getTime();
    let views = 0;
    for (let t = from; t < to; t += 600_000) views += meanIntensity(video, traffic, t + 300_000) * 10;
    // A Short's feed views come from no impression of its thumbnail: only the rest were clicked.
    const clicked = views * (1 - video.feedShare);
    const impressions = poisson(rng, (clicked / baseCtr) * gammaMultiplier(rng, features.impressionsShape));
    const titleCtr = Math.min(0.95, baseCtr * input.ctrEffect(from, to));
    const ctr = logistic(logit(titleCtr) + features.ctrLogitSd * rng.normal());
    const clicks = binomial(rng, impressions, ctr);
    const duration =
      features.viewDurationSec *
      input.durationEffect(from, to) *
      gammaMultiplier(rng, features.durationShape ?? 30);
    const seconds = clicks * duration;
    return {
      day,
      views: clicks,
      impressions,
      impressionsCtr: impressions > 0 ? clicks / impressions : 0,
      estimatedMinutesWatched: Math.round(seconds / 60),
      averageViewDurationSec: Math.round(duration),
      availableAt: pacificDayStart(addDays(day, 3)).getTime() + IMPORT_AT_MS,
    };
  });
}
