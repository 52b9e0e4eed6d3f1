// The noise of one unit of a test (a window, or a day for per-day metrics) on this video's traffic:
// its traffic noise (measured or assumed) and the noise of whole counts, which grows as a recent
// upload's traffic decays (docs/statistics.md, "Forecast"). The plan's table is scaled by it.

import { assumedTrafficNoise } from './assumed-noise';
import { normalQuantile } from './distributions';
import {
  TYPICAL_HALF_LIFE_DAYS,
  VIEWS_FROM_IMPRESSIONS,
  type ForecastNoise,
  type ForecastShape,
} from './forecast-inputs';
import { washoutMinutes as defaultWashoutMinutes } from './verdict';
import { RESPONSE_OF, type Response } from './window-analysis';

/**
 * Variance of one unit's response from whole counts: log of a Poisson count has variance ≈ 1/λ;
 * CTR's log-odds ≈ 1/clicks; watch time per impression ≈ 1/views (the duration varies per hour).
 */
export function countVariance(
  response: Response,
  intervalMinutes: number,
  viewsPerDay: number,
  washoutMinutes = defaultWashoutMinutes(intervalMinutes),
  clicksPerDay?: number,
): number {
  const perDay = Math.max(viewsPerDay, 1e-6);
  if (response === 'views') return 1 / (perDay * (Math.max(intervalMinutes - washoutMinutes, 1) / 1440));
  // Clicks carry a day's CTR and watch time per impression; without them, most views are clicks.
  return 1 / Math.max(clicksPerDay ?? perDay * VIEWS_FROM_IMPRESSIONS, 1e-6);
}

/** The share of a recent upload's traffic left `days` into the test (no decay without a finite half-life). */
export function decayLeft(days: number, halfLifeDays: number): number {
  return Number.isFinite(halfLifeDays) && halfLifeDays > 0 ? 2 ** (-Math.max(days, 0) / halfLifeDays) : 1;
}

/** Points of the test at which the decaying traffic's count noise is taken. */
const DECAY_POINTS = 24;

/**
 * The noise of one unit over the test: its traffic noise and the count noise of the video's traffic,
 * which grows as a recent upload's traffic decays. The engine weighs each unit by its precision
 * (baseline.ts, precisionWeights), so what the test's precision sees is the mean precision over the
 * test — a unit's noise is 1/mean(1/variance), not the mean variance.
 */
export function unitNoiseOf(shape: ForecastShape, noise: ForecastNoise, trafficNoise: number): number {
  const response = RESPONSE_OF[shape.metric];
  const halfLife = noise.halfLifeDays ?? TYPICAL_HALF_LIFE_DAYS;
  let precision = 0;
  for (let i = 0; i < DECAY_POINTS; i++) {
    const days = ((i + 0.5) / DECAY_POINTS) * shape.durationDays;
    const left = decayLeft(days, halfLife);
    const clicks = noise.clicksPerDay === undefined ? undefined : noise.clicksPerDay * left;
    const count = countVariance(
      response,
      shape.intervalMinutes,
      noise.viewsPerDay * left,
      noise.washoutMinutes,
      clicks,
    );
    precision += 1 / (trafficNoise * trafficNoise + count);
  }
  return Math.sqrt(DECAY_POINTS / precision);
}

/** The traffic noise of one unit: measured on the channel or the video, else assumed for the shape. */
export function trafficNoiseOf(shape: ForecastShape, noise: ForecastNoise): number {
  return noise.trafficNoise ?? assumedTrafficNoise(shape.intervalMinutes, RESPONSE_OF[shape.metric]);
}

/** Points at which an uncertain noise is averaged over (quantiles of its χ² distribution). */
const NOISE_POINTS = 15;

/**
 * The traffic noises a forecast averages over: the measured value, spread by the χ² uncertainty of
 * an estimate from `df` degrees of freedom (σ² = s²·df / χ²_df at evenly spaced quantiles), or the
 * value alone.
 */
export function noiseDraws(noise: number, df: number | undefined): number[] {
  if (df === undefined || !Number.isFinite(df) || df > 500) return [noise];
  return Array.from({ length: NOISE_POINTS }, (_, i) => {
    const p = (i + 0.5) / NOISE_POINTS;
    // Wilson–Hilferty: χ²_df quantile ≈ df·(1 − 2/(9df) + z·√(2/(9df)))³.
    const z = normalQuantile(p);
    const chi = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
    return noise * Math.sqrt(df / Math.max(chi, 1e-6));
  });
}
