// One data point per unit (docs/statistics.md): y_u = trend + slot effects + θ_title + ε_u,
// fitted by least squares; θ is each title's effect relative to Title 1 (index 0). A unit is a
// rotation window for views, and a Pacific day for CTR and watch time per impression, which
// YouTube reports only per day.

import type { Matrix } from './cholesky';
import { conservativeCovariance, fitLinearModel } from './linear-model';
import type { CovarianceSource, LinearFit } from './linear-model';
import { pacificParts, pacificSlotOfDay } from '../time/pacific';

export interface WindowObservation {
  titleIndex: number;
  startsAt: Date;
  endsAt: Date;
  /** Hours measured in the window after the washout. */
  measuredHours: number;
  /** Views gained in the measured part of the window. */
  views: number;
  /** Whole-day windows only: the day's impressions, clicks and seconds watched, as YouTube reports them. */
  impressions?: number;
  clicks?: number;
  watchTimeSec?: number;
}

export type WinnerMetric = 'ctr' | 'views' | 'combined';
/** views: log views per hour; ctr: log-odds of clicks per impression; watch: log seconds watched per impression. */
export type Response = 'views' | 'ctr' | 'watch';

export const RESPONSE_OF: Record<WinnerMetric, Response> = { views: 'views', ctr: 'ctr', combined: 'watch' };

export interface TitleEffects {
  /** θ for titles 1 … k−1 relative to the original, on the log (or log-odds) scale. */
  estimate: number[];
  covariance: Matrix;
  df: number;
  windowsUsed: number;
  covarianceSource: CovarianceSource;
}

export interface EffectOptions {
  titleCount: number;
  intervalMinutes: number;
  /** For the age terms of long windows; without it age counts from a day before the first window. */
  publishedAt?: Date;
}

export type EffectResult = { ok: true; effects: TitleEffects } | { ok: false; reason: string };

const DAY_MS = 86_400_000;

/** Windows that carry the data a response needs, in time order (Newey–West lags follow it). */
export function usableWindows(
  windows: readonly WindowObservation[],
  response: Response,
): WindowObservation[] {
  const usable = windows.filter((w) => {
    if (!(w.measuredHours > 0)) return false;
    if (response === 'ctr') return (w.impressions ?? 0) > 0 && w.clicks !== undefined;
    if (response === 'watch') return (w.impressions ?? 0) > 0 && (w.watchTimeSec ?? 0) > 0;
    return true;
  });
  return usable.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function responseValue(w: WindowObservation, response: Response): number {
  if (response === 'views') return Math.log((w.views + 0.5) / w.measuredHours);
  const impressions = w.impressions ?? 0;
  if (response === 'watch') return Math.log((w.watchTimeSec ?? 0) / impressions);
  const clicks = Math.min(w.clicks ?? 0, impressions);
  // Empirical log-odds: +0.5 keeps days with 0 clicks finite.
  return Math.log((clicks + 0.5) / (impressions - clicks + 0.5));
}

/** Maps the distinct values of a key to dummy columns, the first level being the reference. */
function levels(keys: number[]): Map<number, number> {
  const sorted = [...new Set(keys)].sort((a, b) => a - b);
  return new Map(sorted.slice(1).map((key, i) => [key, i]));
}

/**
 * How a shape models the video's moving baseline. Short windows (6+ a day) get a fixed effect
 * per day, which removes the decay and the day's own swings exactly. Long windows would spend
 * most of their few degrees of freedom on day effects, so they model the decay with a smooth
 * trend instead (age and log age: exponential and power-law decays); the randomised, balanced
 * schedule keeps θ unbiased when the trend is imperfect, and the misfit shows up as noise.
 * CTR and watch time per impression do not decay with age the way views do: a linear drift.
 */
export function baselineModel(
  intervalMinutes: number,
  response: Response,
): { dayEffects: boolean; ageTerms: 0 | 1 | 2 } {
  const perDay = (24 * 60) / intervalMinutes;
  if (perDay >= 6) return { dayEffects: true, ageTerms: 0 };
  return { dayEffects: false, ageTerms: response === 'views' ? 2 : 1 };
}

export interface Design {
  rows: Float64Array[];
  y: number[];
  /** Columns of θ for titles 1 … k−1. */
  titleColumns: number[];
  /** Newey–West lag: 2 for sub-daily windows (neighbouring hours share bursts), 1 for daily. */
  maxLag: number;
}

/** The regression design for one response (see baselineModel for the baseline terms). */
export function buildDesign(
  data: readonly WindowObservation[],
  response: Response,
  options: EffectOptions,
): Design {
  const { titleCount, intervalMinutes } = options;
  const model = baselineModel(intervalMinutes, response);
  const perDay = (24 * 60) / intervalMinutes;
  const dayKeys = model.dayEffects ? data.map((w) => pacificParts(w.startsAt).dayNumber) : [];
  const slotKeys = perDay > 1 ? data.map((w) => pacificSlotOfDay(w.startsAt, intervalMinutes)) : [];
  const origin = options.publishedAt?.getTime() ?? (data[0]?.startsAt.getTime() ?? 0) - DAY_MS;
  const dayLevels = levels(dayKeys);
  const slotLevels = levels(slotKeys);
  // Column order matters: aliased columns are dropped left to right, and titles come last so an
  // unidentifiable title is reported as such instead of silently absorbing a baseline term.
  const dayStart = 1;
  const slotStart = dayStart + dayLevels.size;
  const ageStart = slotStart + slotLevels.size;
  const titleStart = ageStart + model.ageTerms;
  const p = titleStart + titleCount - 1;

  const design: Design = {
    rows: [],
    y: [],
    titleColumns: Array.from({ length: titleCount - 1 }, (_, i) => titleStart + i),
    maxLag: perDay > 1 ? 2 : 1,
  };
  data.forEach((w, i) => {
    if (!Number.isInteger(w.titleIndex) || w.titleIndex < 0 || w.titleIndex >= titleCount) {
      throw new RangeError(`window title index ${w.titleIndex} outside 0…${titleCount - 1}`);
    }
    const row = new Float64Array(p);
    row[0] = 1;
    const day = model.dayEffects ? dayLevels.get(dayKeys[i] as number) : undefined;
    if (day !== undefined) row[dayStart + day] = 1;
    const slot = perDay > 1 ? slotLevels.get(slotKeys[i] as number) : undefined;
    if (slot !== undefined) row[slotStart + slot] = 1;
    if (model.ageTerms > 0) {
      const midpoint = (w.startsAt.getTime() + w.endsAt.getTime()) / 2;
      const ageDays = Math.max(midpoint - origin, 3_600_000) / DAY_MS;
      row[ageStart] = ageDays;
      if (model.ageTerms === 2) row[ageStart + 1] = Math.log(ageDays);
    }
    if (w.titleIndex > 0) row[titleStart + w.titleIndex - 1] = 1;
    design.rows.push(row);
    design.y.push(responseValue(w, response));
  });
  return design;
}

/**
 * Views are counts, and a small channel's windows hold a handful of views: the log of so few
 * views is biased towards zero (a true +20% read as +14% on 2 views an hour). So views are fitted
 * as a count model with a log link — E[V] = hours · exp(Xβ) — by iteratively reweighted least
 * squares with negative-binomial weights μ / (1 + αμ): Poisson-like for few views, equal weights
 * on the log scale (the plain model) for many. α, the traffic variance beyond the count noise,
 * is re-estimated by moments at each step. The final weighted fit carries the working residuals,
 * so the classical and Newey–West covariances apply to it unchanged (quasi-likelihood).
 */
function fitViewCounts(design: Design, data: readonly WindowObservation[]): LinearFit {
  let fit = fitLinearModel(design.rows, design.y);
  let alpha = 0.05;
  for (let step = 0; step < 12; step++) {
    const beta = fit.kept.map((column) => fit.coefficients[column] as number);
    const z: number[] = [];
    const weights: number[] = [];
    let excess = 0;
    data.forEach((w, i) => {
      const row = design.rows[i] as Float64Array;
      let eta = 0;
      fit.kept.forEach((column, k) => (eta += (row[column] as number) * (beta[k] as number)));
      const mu = Math.max(Math.exp(eta) * w.measuredHours, 1e-6);
      excess += ((w.views - mu) ** 2 - mu) / (mu * mu);
      z.push(eta + (w.views - mu) / mu);
      weights.push(mu / (1 + alpha * mu));
    });
    alpha = Math.max(1e-4, excess / Math.max(1, fit.df));
    const next = fitLinearModel(design.rows, z, weights);
    const change = Math.max(
      ...next.kept.map((column) =>
        Math.abs((next.coefficients[column] as number) - (fit.coefficients[column] as number)),
      ),
    );
    fit = next;
    if (change < 1e-7) break;
  }
  return fit;
}

/** Estimates the title effects for one response, with the conservative covariance of §2. */
export function estimateTitleEffects(
  windows: readonly WindowObservation[],
  response: Response,
  options: EffectOptions,
): EffectResult {
  const data = usableWindows(windows, response);
  if (data.length === 0) return { ok: false, reason: `no windows with ${response} data yet` };
  const design = buildDesign(data, response, options);
  const fit = response === 'views' ? fitViewCounts(design, data) : fitLinearModel(design.rows, design.y);
  const missing = design.titleColumns.filter((column) => fit.dropped.includes(column));
  if (missing.length > 0) {
    const first = design.titleColumns[0] as number;
    const names = missing.map((column) => `Title ${column - first + 2}`).join(', ');
    return { ok: false, reason: `${names} cannot be compared yet (no windows the model can use)` };
  }
  if (fit.df < 1) return { ok: false, reason: 'not enough windows to estimate the noise yet' };
  const { covariance, source } = conservativeCovariance(fit, design.titleColumns, design.maxLag);
  return {
    ok: true,
    effects: {
      estimate: design.titleColumns.map((column) => fit.coefficients[column] as number),
      covariance,
      df: fit.df,
      windowsUsed: data.length,
      covarianceSource: source,
    },
  };
}

/** Pooled CTR of the original title: the baseline that turns odds ratios into CTR ratios. */
export function originalCtr(windows: readonly WindowObservation[]): number {
  let clicks = 0;
  let impressions = 0;
  for (const w of usableWindows(windows, 'ctr')) {
    if (w.titleIndex !== 0) continue;
    clicks += w.clicks ?? 0;
    impressions += w.impressions ?? 0;
  }
  return impressions > 0 ? clicks / impressions : 0;
}

/**
 * The CTR model works in log-odds, so exp(θ) is an odds ratio; creators read "CTR +5%" as a
 * ratio of CTRs. At baseline CTR p the odds ratio R means CTR ratio R / (1 − p + p·R) (slightly
 * smaller than R; the difference is 0.3 points at +5% and p = 5%).
 */
export function oddsRatioToCtrRatio(oddsRatio: number, baselineCtr: number): number {
  return oddsRatio / (1 - baselineCtr + baselineCtr * oddsRatio);
}
