// One data point per window (STATISTICS.md §2): y_w = a_day + h_slot + θ_title + ε_w,
// fitted by least squares; θ is each title's effect relative to the original (title 0).

import type { Matrix } from './cholesky';
import { conservativeCovariance, fitLinearModel } from './linear-model';
import type { CovarianceSource } from './linear-model';
import { pacificParts, pacificSlotOfDay } from './pacific-time';

export interface WindowObservation {
  titleIndex: number;
  startsAt: Date;
  endsAt: Date;
  /** Hours measured in the window after the washout. */
  measuredHours: number;
  /** Views gained in the measured part of the window. */
  views: number;
  impressions?: number;
  clicks?: number;
  avgViewDurationSec?: number;
}

export type WinnerMetric = 'ctr' | 'views' | 'combined';
export type Response = 'views' | 'ctr' | 'avd';

export interface TitleEffects {
  /** θ for titles 1 … k−1 relative to the original, on the log (or log-odds) scale. */
  estimate: number[];
  covariance: Matrix;
  df: number;
  windowsUsed: number;
  covarianceSource: CovarianceSource | 'sum of views and view duration';
}

export interface EffectOptions {
  titleCount: number;
  intervalMinutes: number;
  /** For the log(age) term of daily windows; without it age counts from a day before the first window. */
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
    if (response === 'avd') return (w.avgViewDurationSec ?? 0) > 0 && w.views > 0;
    return true;
  });
  return usable.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function responseValue(w: WindowObservation, response: Response): number {
  if (response === 'views') return Math.log((w.views + 0.5) / w.measuredHours);
  if (response === 'avd') return Math.log(w.avgViewDurationSec ?? Number.NaN);
  const impressions = w.impressions ?? 0;
  const clicks = Math.min(w.clicks ?? 0, impressions);
  // Empirical log-odds: +0.5 keeps windows with 0 clicks finite.
  return Math.log((clicks + 0.5) / (impressions - clicks + 0.5));
}

/** Maps the distinct values of a key to dummy columns, the first level being the reference. */
function levels(keys: number[]): Map<number, number> {
  const sorted = [...new Set(keys)].sort((a, b) => a - b);
  return new Map(sorted.slice(1).map((key, i) => [key, i]));
}

export interface Design {
  rows: Float64Array[];
  y: number[];
  weights: number[];
  /** Columns of θ for titles 1 … k−1. */
  titleColumns: number[];
  /** Newey–West lag: 2 for sub-daily windows (neighbouring hours share bursts), 1 for daily. */
  maxLag: number;
}

/**
 * The regression design for one response. Sub-daily windows get day and hour-slot effects;
 * daily windows (one per day, so day effects would absorb everything) get effects for blocks
 * of `titleCount` days plus a log(age) trend for the decay within a block (§2). An age term is
 * added beside it: an exponential decay is linear in age on the log scale, which log(age) alone
 * mis-fits enough to bias θ (seen in the validation study); the pair covers both shapes for one df.
 */
export function buildDesign(
  data: readonly WindowObservation[],
  response: Response,
  options: EffectOptions,
): Design {
  const { titleCount, intervalMinutes } = options;
  const daily = intervalMinutes >= 1440;
  const days = data.map((w) => pacificParts(w.startsAt).dayNumber);
  const firstDay = Math.min(...days);
  const timeKeys = daily ? days.map((day) => Math.floor((day - firstDay) / titleCount)) : days;
  const slotKeys = daily ? [] : data.map((w) => pacificSlotOfDay(w.startsAt, intervalMinutes));
  const origin = options.publishedAt?.getTime() ?? (data[0]?.startsAt.getTime() ?? 0) - DAY_MS;
  const timeLevels = levels(timeKeys);
  const slotLevels = levels(slotKeys);
  // Column order matters: aliased columns are dropped left to right, and titles come last so an
  // unidentifiable title is reported as such instead of silently absorbing a day effect.
  const timeStart = 1;
  const slotStart = timeStart + timeLevels.size;
  const ageStart = slotStart + slotLevels.size;
  const titleStart = ageStart + (daily ? 2 : 0);
  const p = titleStart + titleCount - 1;

  const design: Design = {
    rows: [],
    y: [],
    weights: [],
    titleColumns: Array.from({ length: titleCount - 1 }, (_, i) => titleStart + i),
    maxLag: daily ? 1 : 2,
  };
  data.forEach((w, i) => {
    if (!Number.isInteger(w.titleIndex) || w.titleIndex < 0 || w.titleIndex >= titleCount) {
      throw new RangeError(`window title index ${w.titleIndex} outside 0…${titleCount - 1}`);
    }
    const row = new Float64Array(p);
    row[0] = 1;
    const time = timeLevels.get(timeKeys[i] as number);
    if (time !== undefined) row[timeStart + time] = 1;
    const slot = daily ? undefined : slotLevels.get(slotKeys[i] as number);
    if (slot !== undefined) row[slotStart + slot] = 1;
    if (daily) {
      const midpoint = (w.startsAt.getTime() + w.endsAt.getTime()) / 2;
      const ageDays = Math.max(midpoint - origin, 3_600_000) / DAY_MS;
      row[ageStart] = Math.log(ageDays);
      row[ageStart + 1] = ageDays;
    }
    if (w.titleIndex > 0) row[titleStart + w.titleIndex - 1] = 1;
    design.rows.push(row);
    design.y.push(responseValue(w, response));
    // View duration is an average over the window's views: weight it by them.
    design.weights.push(response === 'avd' ? w.views : 1);
  });
  return design;
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
  const fit = fitLinearModel(design.rows, design.y, design.weights);
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

/**
 * combined = watch time per hour: θ_views + θ_AVD (views already carry CTR). The two fits are
 * treated as independent, so their covariances add; per-window view counts and the average
 * duration of those views have largely separate noise, and a positive correlation would make
 * the interval somewhat too narrow — a known, documented approximation.
 */
export function combineEffects(views: TitleEffects, duration: TitleEffects): TitleEffects {
  return {
    estimate: views.estimate.map((value, i) => value + (duration.estimate[i] as number)),
    covariance: views.covariance.map((row, a) =>
      row.map((value, b) => value + ((duration.covariance[a] as number[])[b] as number)),
    ),
    df: Math.min(views.df, duration.df),
    windowsUsed: Math.min(views.windowsUsed, duration.windowsUsed),
    covarianceSource: 'sum of views and view duration',
  };
}
