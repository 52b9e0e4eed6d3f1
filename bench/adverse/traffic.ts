// The adverse traffic model: true views of one video per 10-minute bin, written apart from
// src/youtube-simulator. Every feature can be switched per cell (bench/adverse/cells.ts):
// a power-law decay after upload, a daily and a weekly cycle in the audience's own time zone,
// AR(1) hour noise on the log intensity, rare multi-hour recommendation bursts, gamma-mixed
// (negative-binomial) hours, carryover of the previous title, views that arrive hours after the
// impression that caused them (under the title shown at impression time), and for a Short, a
// share of views from the Shorts feed, which shows no title or thumbnail, with its own bursts.

import { gammaMultiplier, poisson } from './counts';
import type { Rng } from './rng';

export const BIN_MINUTES = 10;
export const BIN_MS = BIN_MINUTES * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface TrafficFeatures {
  /** Views a day when the test starts (before cycles and noise), drawn log-uniform in this range. */
  viewsPerDay: readonly [number, number];
  /** Days from upload to the test's start, uniform in this range: young videos decay fast. */
  ageDays: readonly [number, number];
  /** Daily swing: amplitude of the main daily harmonic (0 = flat). */
  dailySwing: number;
  /** Extra traffic on Saturday and Sunday, audience time (0.3 = +30%). */
  weekendBoost: number;
  /** AR(1) noise on the log intensity, one step per hour: stationary sd and lag-1 correlation. */
  hourNoise: { sd: number; rho: number } | null;
  /** Recommendation bursts: starts per day, a multiplier (log-uniform) and a length in hours. */
  spikes: { perDay: number; multiplier: readonly [number, number]; hours: readonly [number, number] } | null;
  /** Gamma shape of each hour's multiplier: hourly counts negative binomial; null = Poisson. */
  hourlyShape: number | null;
  /** Minutes the previous title keeps its effect after a switch (feeds cache the old title). */
  carryoverMinutes: number;
  /** A share of views arrive after their impression, exponentially delayed. */
  delayedViews: { share: number; meanHours: number } | null;
  /**
   * A Short: this share of its views (uniform in the range per video) comes from the Shorts feed,
   * where viewers swipe from Short to Short and never see a title or a thumbnail, so no variant
   * moves it; the feed has its own AR(1) hour noise (a Short takes off in the feed, or stops).
   */
  shortsFeed?: { share: readonly [number, number]; hourNoise: { sd: number; rho: number } } | null;
}

export interface Video {
  publishedAt: number;
  /** Views per minute at age zero, before cycles (so the start level matches the draw). */
  level: number;
  decayScaleDays: number;
  decayPower: number;
  swing: number;
  peakHour: number;
  secondPeakHour: number;
  utcOffsetHours: number;
  /** Share of the views from the Shorts feed, untouched by any variant (0 on a long video). */
  feedShare: number;
}

/** A video for one simulated test: its age, decay, level at `start`, cycle phase and time zone. */
export function drawVideo(features: TrafficFeatures, rng: Rng, start: number): Video {
  const ageAtStart = rng.between(features.ageDays[0], features.ageDays[1]);
  const decayScaleDays = rng.between(0.5, 3);
  const decayPower = rng.between(0.4, 1.2);
  const perMinute = rng.logBetween(features.viewsPerDay[0], features.viewsPerDay[1]) / 1440;
  return {
    publishedAt: start - ageAtStart * DAY_MS,
    level: perMinute / Math.pow(1 + ageAtStart / decayScaleDays, -decayPower),
    decayScaleDays,
    decayPower,
    swing: features.dailySwing * rng.between(0.6, 1.4),
    peakHour: rng.between(0, 24),
    secondPeakHour: rng.between(0, 24),
    utcOffsetHours: Math.floor(rng.between(-8, 10)),
    feedShare: features.shortsFeed
      ? rng.between(features.shortsFeed.share[0], features.shortsFeed.share[1])
      : 0,
  };
}

/** Expected views per minute at `at` with the original title and no noise. */
export function meanIntensity(video: Video, features: TrafficFeatures, at: number): number {
  const age = Math.max(0, at - video.publishedAt) / DAY_MS;
  const local = at + video.utcOffsetHours * HOUR_MS;
  const hour = (local / HOUR_MS) % 24;
  const daily =
    1 +
    video.swing * Math.sin((2 * Math.PI * (hour - video.peakHour)) / 24) +
    0.3 * video.swing * Math.sin((4 * Math.PI * (hour - video.secondPeakHour)) / 24);
  const weekday = (Math.floor(local / DAY_MS) + 4) % 7; // 1970-01-01 was a Thursday
  const weekly = weekday === 0 || weekday === 6 ? 1 + features.weekendBoost : 1;
  return video.level * Math.pow(1 + age / video.decayScaleDays, -video.decayPower) * daily * weekly;
}

/** Hour-level multipliers: AR(1) noise (mean one) times recommendation bursts. */
/** Mean-one AR(1) log-normal multipliers, one per hour. */
function ar1Multipliers(noise: { sd: number; rho: number }, rng: Rng, hours: number): Float64Array {
  const out = new Float64Array(hours);
  const { sd, rho } = noise;
  let x = sd * rng.normal();
  for (let h = 0; h < hours; h++) {
    out[h] = Math.exp(x - (sd * sd) / 2);
    x = rho * x + sd * Math.sqrt(1 - rho * rho) * rng.normal();
  }
  return out;
}

function hourMultipliers(features: TrafficFeatures, rng: Rng, hours: number): Float64Array {
  const out = features.hourNoise
    ? ar1Multipliers(features.hourNoise, rng, hours)
    : new Float64Array(hours).fill(1);
  if (features.spikes) {
    const { perDay, multiplier, hours: length } = features.spikes;
    const burst = new Float64Array(hours).fill(1);
    for (let h = 0; h < hours; h++) {
      if (rng.uniform() >= perDay / 24) continue;
      const size = rng.logBetween(multiplier[0], multiplier[1]);
      const span = Math.round(rng.between(length[0], length[1]));
      for (let j = h; j < Math.min(hours, h + span); j++) burst[j] = Math.max(burst[j] as number, size);
    }
    for (let h = 0; h < hours; h++) out[h] = (out[h] as number) * (burst[h] as number);
  }
  return out;
}

export interface ViewBins {
  /** Views that happened in each bin (whole counts). */
  counts: Int32Array;
  /** Their expectation given the hour noise and bursts (before gamma mixing and Poisson). */
  expected: Float64Array;
}

/**
 * True views per bin from `from` (a bin boundary) for `bins` bins. `liveEffect[m]` is the
 * multiplier of the title live during minute m after `from`; impressions see the title live
 * `carryoverMinutes` earlier, and delayed views keep the effect of their impression's minute.
 */
export function simulateViews(
  features: TrafficFeatures,
  video: Video,
  rng: Rng,
  from: number,
  liveEffect: Float64Array,
): ViewBins {
  const bins = Math.floor(liveEffect.length / BIN_MINUTES);
  const firstHour = Math.floor(from / HOUR_MS);
  const hourCount = Math.ceil((from + bins * BIN_MS) / HOUR_MS) - firstHour;
  const noise = hourMultipliers(features, rng, hourCount);
  const feed = features.shortsFeed ? ar1Multipliers(features.shortsFeed.hourNoise, rng, hourCount) : null;
  const mixing = Float64Array.from({ length: hourCount }, () => gammaMultiplier(rng, features.hourlyShape));
  const carry = Math.max(0, Math.round(features.carryoverMinutes));
  const delayed = features.delayedViews;
  const share = delayed ? delayed.share : 0;
  const keep = delayed ? (delayed.meanHours * 60) / (delayed.meanHours * 60 + BIN_MINUTES) : 0;
  let pending = 0;
  const counts = new Int32Array(bins);
  const expected = new Float64Array(bins);
  for (let b = 0; b < bins; b++) {
    const start = from + b * BIN_MS;
    const hour = Math.floor(start / HOUR_MS) - firstHour;
    let effect = 0;
    for (let m = b * BIN_MINUTES; m < (b + 1) * BIN_MINUTES; m++)
      effect += liveEffect[Math.max(0, m - carry)] as number;
    effect /= BIN_MINUTES;
    const intensity = meanIntensity(video, features, start + BIN_MS / 2) * BIN_MINUTES;
    // A Short's feed views move with the feed alone; the rest follow the variant live.
    const feedViews = feed ? intensity * video.feedShare * (feed[hour] as number) : 0;
    const impressionsViews = intensity * (1 - video.feedShare) * (noise[hour] as number) * effect;
    // Delayed views: a geometric queue (share·I in, (1 − keep) of the queue out per bin), so the
    // delay in bins is geometric with mean keep / (1 − keep) = meanHours · 60 / BIN_MINUTES.
    pending += share * impressionsViews;
    const arriving = (1 - keep) * pending;
    pending -= arriving;
    const mean = (1 - share) * impressionsViews + arriving + feedViews;
    expected[b] = mean;
    counts[b] = poisson(rng, mean * (mixing[hour] as number));
  }
  return { counts, expected };
}
