// Reading a video's traffic before a test changes anything (docs/statistics.md, "Calibration"), so
// the forecast it confirms before the first switch rests on this video, not on an assumption:
// - its daily history, as YouTube reports it (views, impressions, clicks, watch time per Pacific
//   day): the noise of one day around the engine's own trend in the video's age, and how fast its
//   traffic decays;
// - its public view counter, read every 10 minutes for the hours before the first switch: the
//   noise of one hour around a smooth daily curve and its correlation from hour to hour, which give
//   the noise of a window of any length.

import { pivotedCholesky, solveWithCholesky, type Matrix } from './cholesky';
import { fitLinearModel } from './linear-model';
import { type NoiseEstimate, estimateTrafficNoise } from './noise-estimate';
import type { WindowObservation, WinnerMetric } from './window-analysis';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** One Pacific day of the video before the test, as the daily import stores it. */
export interface HistoryDay {
  /** Start of the Pacific day. */
  startsAt: Date;
  /** Views (YouTube Analytics); null for a day only the reach report covers. */
  views: number | null;
  impressions: number | null;
  /** Impressions click-through rate as a fraction. */
  impressionsCtr: number | null;
  /** Minutes watched. */
  minutesWatched: number | null;
}

/** A reading of the public view counter. */
export interface CounterReading {
  at: Date;
  viewCount: number;
}

/** The daily history as the engine's daily units, all under the original title. */
/**
 * A day's views: YouTube Analytics' count, or for a day only the reach report covers (another video
 * of the channel) the clicks of its impressions — the views that move with the title, whose day-to-day
 * noise is what a views test measures.
 */
const viewsOf = (day: HistoryDay): number =>
  day.views ??
  (day.impressions !== null && day.impressionsCtr !== null
    ? Math.round(day.impressions * day.impressionsCtr)
    : 0);

function historyUnits(days: readonly HistoryDay[], metric: WinnerMetric): WindowObservation[] {
  const usable = days.filter((day) =>
    metric === 'views'
      ? viewsOf(day) > 0
      : metric === 'ctr'
        ? (day.impressions ?? 0) > 0 && day.impressionsCtr !== null
        : (day.impressions ?? 0) > 0 && (day.minutesWatched ?? 0) > 0,
  );
  return usable.map((day) => {
    const impressions = day.impressions ?? undefined;
    const clicks =
      impressions !== undefined && day.impressionsCtr !== null
        ? Math.round(impressions * day.impressionsCtr)
        : undefined;
    return {
      titleIndex: 0,
      startsAt: day.startsAt,
      endsAt: new Date(day.startsAt.getTime() + DAY_MS),
      measuredHours: 24,
      views: viewsOf(day),
      impressions,
      clicks,
      watchTimeSec: day.minutesWatched === null ? undefined : day.minutesWatched * 60,
    };
  });
}

/** The noise of one day of the metric around the engine's trend, from the video's daily history. */
export function dailyNoise(days: readonly HistoryDay[], metric: WinnerMetric): NoiseEstimate | null {
  try {
    return estimateTrafficNoise(historyUnits(days, metric), metric, 1440, 1);
  } catch {
    return null;
  }
}

/**
 * The noise of one day pooled over a channel's videos (each around its own trend, weighted by its
 * degrees of freedom): for a video too young to have a history of its own, its channel's.
 */
export function pooledDailyNoise(
  videos: readonly (readonly HistoryDay[])[],
  metric: WinnerMetric,
): NoiseEstimate | null {
  let squares = 0;
  let df = 0;
  for (const days of videos) {
    const estimate = dailyNoise(days, metric);
    if (!estimate) continue;
    squares += estimate.noise * estimate.noise * estimate.df;
    df += estimate.df;
  }
  return df > 0 ? { noise: Math.sqrt(squares / df), df } : null;
}

/** The last days of history a decay is read from: the decay now, not the video's first days'. */
const DECAY_DAYS = 7;

/**
 * Days in which the video's daily views halve now (Infinity when flat or growing), from its last
 * week of history; null with fewer than 4 days. A young video's decay slows as it ages, so the
 * recent slope is the faster end of what the test will see.
 */
export function halfLifeDays(days: readonly HistoryDay[]): number | null {
  const usable = days
    .filter((day): day is HistoryDay & { views: number } => (day.views ?? 0) > 0)
    .slice(-DECAY_DAYS);
  if (usable.length < 4) return null;
  const t0 = usable[0]!.startsAt.getTime();
  const fit = fitLinearModel(
    usable.map((day) => Float64Array.from([1, (day.startsAt.getTime() - t0) / DAY_MS])),
    usable.map((day) => Math.log(day.views)),
  );
  return halfLifeOf(fit.coefficients[1] ?? 0);
}

/** The half-life of traffic whose log falls by `slope` a day. */
const halfLifeOf = (slope: number): number => (slope < 0 ? Math.LN2 / -slope : Number.POSITIVE_INFINITY);

/** Views in each whole hour between the first and the last reading, from the counter interpolated at the hours. */
function hourlyViews(readings: readonly CounterReading[]): { at: number; views: number }[] {
  const sorted = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());
  if (sorted.length < 2) return [];
  const counterAt = (t: number): number => {
    let i = 1;
    while (i < sorted.length - 1 && sorted[i]!.at.getTime() < t) i++;
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    const span = b.at.getTime() - a.at.getTime();
    const share = span > 0 ? Math.min(1, Math.max(0, (t - a.at.getTime()) / span)) : 0;
    return a.viewCount + share * (b.viewCount - a.viewCount);
  };
  const first = Math.ceil(sorted[0]!.at.getTime() / HOUR_MS) * HOUR_MS;
  const last = sorted[sorted.length - 1]!.at.getTime();
  const hours: { at: number; views: number }[] = [];
  for (let t = first; t + HOUR_MS <= last; t += HOUR_MS)
    hours.push({ at: t, views: Math.max(0, counterAt(t + HOUR_MS) - counterAt(t)) });
  return hours;
}

/** The hour-to-hour noise the counter shows: its standard deviation per hour and its lag-1 correlation. */
export interface HourlyNoise {
  /** Log-scale noise of one hour beyond whole counts. */
  noise: number;
  /** Correlation of neighbouring hours' noise (−0.5 … 0.95). */
  correlation: number;
  df: number;
  /** Views a day over the readings. */
  viewsPerDay: number;
  /** Days in which the views halve, from the readings' trend (Infinity when flat or growing). */
  halfLifeDays: number;
}

/** Fewest whole hours of readings the counter's noise is read from. */
export const MIN_CALIBRATION_HOURS = 12;

/**
 * Correlations the AR(1) fit tries for neighbouring hours' noise (−0.5 … 0.9): negative ones too,
 * so that the estimate of a correlation near 0 is not pushed up by the grid's floor.
 */
const CORRELATIONS = Array.from({ length: 29 }, (_, i) => -0.5 + i * 0.05);

/**
 * Least squares of y on X after the Prais–Winsten transform for AR(1) noise of correlation ρ:
 * the residual sum of squares and the log-determinant of X*ᵀX* (the restricted likelihood needs
 * both), or null when the columns are aliased.
 */
function praisWinsten(rows: readonly Float64Array[], y: readonly number[], rho: number) {
  const head = Math.sqrt(1 - rho * rho);
  const tx = rows.map((row, i) =>
    i === 0
      ? row.map((value) => head * value)
      : row.map((value, j) => value - rho * (rows[i - 1]![j] as number)),
  );
  const ty = y.map((value, i) => (i === 0 ? head * value : value - rho * (y[i - 1] as number)));
  const fit = fitLinearModel(tx, ty);
  if (fit.dropped.length > 0 || !(fit.df > 0)) return null;
  const p = fit.kept.length;
  const gram: Matrix = Array.from({ length: p }, (_, a) =>
    Array.from({ length: p }, (_, b) =>
      tx.reduce((sum, row) => sum + (row[a] as number) * (row[b] as number), 0),
    ),
  );
  const { lower } = pivotedCholesky(gram, 0);
  const logDet = lower.reduce((sum, row, k) => sum + 2 * Math.log(row[k] as number), 0);
  return { rss: fit.sigma2 * fit.df, df: fit.df, logDet };
}

/**
 * The noise of one hour of views around a smooth curve — a level, a trend and the daily cycle (24
 * and 12 hours) — less the part whole counts explain, and the correlation of neighbouring hours.
 * A smooth curve through a day of correlated hours follows part of their noise, so the noise is
 * fitted as AR(1) by restricted likelihood (over a grid of correlations) rather than read off the
 * residuals. Null with fewer than MIN_CALIBRATION_HOURS hours of readings or no views.
 */
export function hourlyNoise(readings: readonly CounterReading[]): HourlyNoise | null {
  const hours = hourlyViews(readings);
  if (hours.length < MIN_CALIBRATION_HOURS) return null;
  const views = hours.reduce((sum, hour) => sum + hour.views, 0);
  if (!(views > 0)) return null;
  const t0 = hours[0]!.at;
  const harmonics = hours.length >= 20 ? 2 : hours.length >= 16 ? 1 : 0;
  const rows = hours.map((hour) => {
    const t = (hour.at - t0) / HOUR_MS;
    const row = [1, t / 24];
    for (let h = 1; h <= harmonics; h++) {
      const angle = (2 * Math.PI * h * (hour.at / HOUR_MS)) / 24;
      row.push(Math.sin(angle), Math.cos(angle));
    }
    return Float64Array.from(row);
  });
  const y = hours.map((hour) => Math.log(hour.views + 0.5));
  let best: { rho: number; df: number; score: number } | null = null;
  for (const rho of CORRELATIONS) {
    const fit = praisWinsten(rows, y, rho);
    if (!fit || fit.df < 5) continue;
    // Restricted log-likelihood, up to a constant.
    const score =
      -0.5 * fit.df * Math.log(fit.rss / fit.df) + 0.5 * Math.log(1 - rho * rho) - 0.5 * fit.logDet;
    if (!best || score > best.score) best = { rho, df: fit.df, score };
  }
  const plain = fitLinearModel(rows, y);
  if (!best || !(plain.df >= 5)) return null;
  // The curve's own residuals, scaled by what a curve leaves of AR(1) noise of that correlation:
  // E[RSS] = σ²·tr((I − H)·R(ρ)), so σ² = RSS / tr((I − H)·R(ρ)).
  const total = (plain.sigma2 * plain.df) / leftByCurve(rows, best.rho);
  const countPart = hours.reduce((sum, hour) => sum + 1 / (hour.views + 0.5), 0) / hours.length;
  const variance = Math.max(total - countPart, 0);
  // The counts' share of the variance is independent hour to hour: it dilutes the correlation.
  const correlation = variance > 0 ? Math.max(-0.5, Math.min(0.95, (best.rho * total) / variance)) : 0;
  // The trend column is in days: its coefficient is the log change a day.
  const trend = plain.kept.includes(1) ? (plain.coefficients[1] ?? 0) : 0;
  return {
    noise: Math.sqrt(variance),
    correlation,
    df: best.df,
    viewsPerDay: (views / hours.length) * 24,
    halfLifeDays: halfLifeOf(trend),
  };
}

/** tr((I − H)·R(ρ)) for the curve's columns X (H its hat matrix, R the AR(1) correlations of the hours). */
function leftByCurve(rows: readonly Float64Array[], rho: number): number {
  const n = rows.length;
  const p = (rows[0] as Float64Array).length;
  const correlation = (i: number, j: number): number => rho ** Math.abs(i - j);
  const xtx: Matrix = Array.from({ length: p }, (_, a) =>
    Array.from({ length: p }, (_, b) =>
      rows.reduce((sum, row) => sum + (row[a] as number) * (row[b] as number), 0),
    ),
  );
  const xtrx: Matrix = Array.from({ length: p }, (_, a) =>
    Array.from({ length: p }, (_, b) => {
      let sum = 0;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++)
          sum += (rows[i]![a] as number) * correlation(i, j) * (rows[j]![b] as number);
      return sum;
    }),
  );
  // tr(H·R) = tr((XᵀX)⁻¹·XᵀRX): solve column by column.
  const { lower } = pivotedCholesky(xtx, 0);
  let trace = 0;
  for (let b = 0; b < p; b++) {
    const column = xtrx.map((row) => row[b] as number);
    trace += solveWithCholesky(lower, column)[b] as number;
  }
  return n - trace;
}

/**
 * The noise of one window as the engine sees it, from the noise of one hour and its correlation
 * (AR(1)). A window counts its views from the washout to its end, so its response is the mean of
 * those hours, each weighted by the minutes measured in it. Where the engine fits a level per
 * Pacific day (windows of up to 4 hours), it sees the window less the mean of its day's windows,
 * times k/(k − 1) for the k windows of a day: its residual variance divides by the degrees of
 * freedom left, which gives back what a day's level takes of independent noise. Longer windows are
 * not levelled per day: for them this is the window's deviation from its day's mean alone, and the
 * day's own swing around the trend comes from the daily history (video-noise.ts adds it), so no
 * hour is counted twice.
 */
export function windowNoise(
  hourly: Pick<HourlyNoise, 'noise' | 'correlation'>,
  intervalMinutes: number,
  washoutMinutes: number,
): number {
  const hours = Math.max(1, Math.round(intervalMinutes / 60));
  const perDay = Math.max(1, Math.floor(1440 / intervalMinutes));
  // Minutes measured in each hour of a window.
  const weights = Array.from({ length: hours }, (_, h) =>
    Math.max(0, (h + 1) * 60 - Math.max(h * 60, washoutMinutes)),
  );
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (!(total > 0)) return hourly.noise;
  const rho = hourly.correlation;
  // Covariance of windows a and b of a day, in units of an hour's variance.
  const between = (a: number, b: number): number => {
    let sum = 0;
    for (let i = 0; i < hours; i++)
      for (let j = 0; j < hours; j++)
        sum += (weights[i] as number) * (weights[j] as number) * rho ** Math.abs((a - b) * hours + i - j);
    return sum / (total * total);
  };
  if (perDay === 1) return hourly.noise * Math.sqrt(between(0, 0));
  const cov = Array.from({ length: perDay }, (_, a) =>
    Array.from({ length: perDay }, (_, b) => between(a, b)),
  );
  const dayMean = cov.reduce((sum, row) => sum + row.reduce((s, c) => s + c, 0), 0) / (perDay * perDay);
  let share = 0;
  for (let a = 0; a < perDay; a++) {
    const row = cov[a] as number[];
    share += (row[a] as number) + dayMean - (2 * row.reduce((s, c) => s + c, 0)) / perDay;
  }
  share /= perDay;
  // The engine fits a level per day for windows of up to 4 hours (window-analysis.ts, baselineModel).
  if (intervalMinutes <= 240) share *= perDay / (perDay - 1);
  return hourly.noise * Math.sqrt(Math.max(share, 0));
}
