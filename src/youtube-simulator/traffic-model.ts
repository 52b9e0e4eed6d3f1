// Ground-truth traffic for the built-in YouTube simulator and the validation study: how
// many impressions, clicks, views and seconds watched a video accrued over any time range,
// given which title was live when. Pure and deterministic: hour h of a video always has the
// same noise, so repeated queries agree, counters only grow, and ranges add up exactly.

import { pacificParts } from '../time/pacific';
import { Random } from '../statistics/random';

export interface VideoTruth {
  videoId: string;
  publishedAt: Date;
  /** Impressions per hour at publication, averaged over the daily cycle. */
  baseImpressionsPerHour: number;
  decayHalfLifeDays: number;
  /** 0 … 1: relative swing of the daily cycle, peaking in the Pacific evening. */
  dailyAmplitude: number;
  /** Standard deviation of the hourly log-normal noise. */
  noise: number;
  /**
   * Views per hour that do not come from impressions (links, embeds, end screens) at
   * publication; title-independent. They follow the same decay and daily cycle as impressions
   * (an audience that ages with the video), so a CTR change moves views by a constant ratio.
   */
  externalViewsPerHour: number;
  seed: string;
  /** Minutes after a switch during which feeds still show the previous title (default 0). */
  carryoverMinutes?: number;
  /**
   * 0 … 1: share of the traffic noise that persists over ~6 hours (trending bursts, a share
   * elsewhere) instead of being independent per hour (default 0).
   */
  persistentNoiseShare?: number;
}

export interface TitleTruth {
  /** Click-through rate of impressions, e.g. 0.05. */
  ctr: number;
  avgViewDurationSec: number;
}

export interface TitleSpan {
  from: Date;
  to: Date;
  title: TitleTruth;
}

export interface Traffic {
  impressions: number;
  clicks: number;
  views: number;
  watchTimeSec: number;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const PEAK_PACIFIC_HOUR = 19;
const PERSISTENCE_HOURS = 6;

/** Independent standard normals of one hour: traffic, CTR, external views, duration, persistent. */
function hourShocks(seed: string, hour: number): number[] {
  const random = new Random(seed, hour);
  return [random.normal(), random.normal(), random.normal(), random.normal(), random.normal()];
}

interface HourRates {
  impressions: number;
  /** Multiplier of the title's CTR this hour. */
  ctrFactor: number;
  external: number;
  /** Multiplier of the title's view duration this hour. */
  durationFactor: number;
}

function hourRates(video: VideoTruth, hour: number, shocks: (hour: number) => number[]): HourRates {
  const midpoint = hour * HOUR_MS + HOUR_MS / 2;
  const ageDays = Math.max(0, (midpoint - video.publishedAt.getTime()) / DAY_MS);
  const { hour: pacificHour } = pacificParts(midpoint);
  const cycle =
    1 + video.dailyAmplitude * Math.cos((2 * Math.PI * (pacificHour + 0.5 - PEAK_PACIFIC_HOUR)) / 24);
  const envelope = Math.pow(2, -ageDays / video.decayHalfLifeDays) * cycle;

  const [traffic, ctr, external, duration] = shocks(hour) as [number, number, number, number];
  let persistent = 0;
  for (let lag = 0; lag < PERSISTENCE_HOURS; lag++)
    persistent += (shocks(hour - lag)[4] as number) / Math.sqrt(PERSISTENCE_HOURS);
  const share = Math.min(1, Math.max(0, video.persistentNoiseShare ?? 0));
  const sd = video.noise;
  // exp(sd·z − sd²/2) has mean 1, so the noise does not change expected traffic.
  const logNormal = (z: number, scale: number): number => Math.exp(scale * z - (scale * scale) / 2);
  const mixed = (z: number): number => Math.sqrt(1 - share) * z + Math.sqrt(share) * persistent;
  return {
    impressions: video.baseImpressionsPerHour * envelope * logNormal(mixed(traffic), sd),
    ctrFactor: logNormal(ctr, sd / 2),
    external: video.externalViewsPerHour * envelope * logNormal(mixed(external), sd),
    durationFactor: logNormal(duration, sd / 2),
  };
}

/** The spans as they reach viewers: the first minutes after a switch still show the old title. */
function effectiveSpans(spans: readonly TitleSpan[], carryoverMs: number): TitleSpan[] {
  const sorted = [...spans].sort((a, b) => a.from.getTime() - b.from.getTime());
  if (carryoverMs <= 0) return sorted;
  const pieces: TitleSpan[] = [];
  sorted.forEach((span, i) => {
    const previous = sorted[i - 1];
    const start = span.from.getTime();
    if (previous && previous.to.getTime() === start && previous.title !== span.title) {
      const cachedUntil = Math.min(start + carryoverMs, span.to.getTime());
      pieces.push({ from: span.from, to: new Date(cachedUntil), title: previous.title });
      if (cachedUntil < span.to.getTime())
        pieces.push({ from: new Date(cachedUntil), to: span.to, title: span.title });
    } else {
      pieces.push(span);
    }
  });
  return pieces;
}

/**
 * Traffic accrued in [from, to). Rates are constant within each UTC hour (Pacific hours are
 * whole UTC hours), so partial hours are pro-rated and traffic over [a, c) equals [a, b) + [b, c).
 * Nothing accrues before publication. Every instant after publication in the range must be
 * covered by a span; pass the spans around the range (the one before it too, for carryover).
 */
export function trafficBetween(
  video: VideoTruth,
  spans: readonly TitleSpan[],
  from: Date,
  to: Date,
): Traffic {
  const total: Traffic = { impressions: 0, clicks: 0, views: 0, watchTimeSec: 0 };
  const start = Math.max(from.getTime(), video.publishedAt.getTime());
  const end = to.getTime();
  if (!(end > start)) return total;
  const cache = new Map<number, number[]>();
  const shocks = (hour: number): number[] => {
    let value = cache.get(hour);
    if (!value) {
      value = hourShocks(video.seed, hour);
      cache.set(hour, value);
    }
    return value;
  };
  let covered = 0;
  for (const span of effectiveSpans(spans, (video.carryoverMinutes ?? 0) * 60_000)) {
    const spanStart = Math.max(start, span.from.getTime());
    const spanEnd = Math.min(end, span.to.getTime());
    if (spanEnd <= spanStart) continue;
    covered += spanEnd - spanStart;
    for (let hour = Math.floor(spanStart / HOUR_MS); hour * HOUR_MS < spanEnd; hour++) {
      const hours = (Math.min(spanEnd, (hour + 1) * HOUR_MS) - Math.max(spanStart, hour * HOUR_MS)) / HOUR_MS;
      const rates = hourRates(video, hour, shocks);
      const impressions = rates.impressions * hours;
      const clicks = impressions * span.title.ctr * rates.ctrFactor;
      const views = clicks + rates.external * hours;
      total.impressions += impressions;
      total.clicks += clicks;
      total.views += views;
      total.watchTimeSec += views * span.title.avgViewDurationSec * rates.durationFactor;
    }
  }
  // Overlapping spans would double count and gaps would silently lose traffic.
  if (Math.abs(covered - (end - start)) > 1) {
    throw new RangeError(`title spans cover ${covered} ms of the ${end - start} ms asked for`);
  }
  return total;
}

/**
 * A stable pseudo-random truth for any title text, so titles typed by a user in the simulator
 * have a ground truth: CTR between 2% and 10% (most near 6%), view duration 40–70% of the video.
 */
export function titleTruthFor(titleText: string, videoSeed: string, videoDurationSec: number): TitleTruth {
  const random = new Random(`${videoSeed}\u0000${titleText.trim()}`);
  const ctr = 0.02 + 0.08 * ((random.uniform() + random.uniform()) / 2);
  const avgViewDurationSec = videoDurationSec * (0.4 + 0.3 * random.uniform());
  return { ctr, avgViewDurationSec };
}

/**
 * A stable pseudo-random effect of a custom thumbnail on click-through, from its bytes' SHA-256:
 * a multiplier of the title's CTR between 0.7 and 1.3 (most near 1). The video's generated
 * original has no image hash and a multiplier of exactly 1.
 */
export function thumbnailCtrMultiplier(videoSeed: string, imageSha256: string): number {
  const random = new Random(`${videoSeed}\u0000thumbnail\u0000${imageSha256}`);
  return 0.7 + 0.6 * ((random.uniform() + random.uniform()) / 2);
}
