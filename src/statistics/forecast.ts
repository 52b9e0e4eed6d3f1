// The power forecast, which the product calls "the plan" (docs/decisions/0031), shown before a
// test starts (docs/statistics.md): the smallest true lift this shape
// finds with 80% chance, computed for the design the engine will really fit — the stored
// schedule's units, the model's baseline terms and residual df, the winner bar — and the noise a
// unit of this shape carries on this channel. bench/stats.ts checks it against simulated tests.

import { isMeasuredPerDay, LARGE_DETECTABLE_LIFT } from '../shared/test-shapes';
import { pivotedCholesky } from './cholesky';
import { fitLinearModel, inverseGram } from './linear-model';
import type { LinearFit } from './linear-model';
import { generateSchedule } from './schedule';
import { power, powerDraws } from './forecast-power';
import { MINIMUMS } from './progress';
import { redrawnTitles } from './redraws';
import { FINAL_P_VALUE } from './verdict';
import { buildDesign, RESPONSE_OF, usableWindows } from './window-analysis';
import type { Design } from './window-analysis';
import type { Response, WindowObservation, WinnerMetric } from './window-analysis';
import { typicalTrafficNoise } from './typical-noise';

export const FORECAST_POWER = 0.8;
/**
 * The fewest residual degrees of freedom a shape must plan for to be offered. The engine reads a
 * verdict from 3 (its false-winner rate holds there), but the validation study showed the plan's
 * promise failing below 5: with 3–4 planned degrees of freedom, tests at the plan's detectable
 * lift were decided only 64–76% of the time, because so few units leave the noise estimate and
 * the decay trend too loose. From 5 on, 79–90%.
 */
export const FORECAST_MIN_DF = 5;
/** The channel a plan assumes when it knows nothing about the video's traffic: the validation study's default channel (median). */
export const TYPICAL_VIEWS_PER_DAY = 5000;
/** Share of a video's views that come from impressions (the rest: links, embeds, end screens). */
const VIEWS_FROM_IMPRESSIONS = 0.75;
/**
 * A recent upload's traffic decays, so the count noise of a test's later units is larger than
 * today's views suggest. Count noise goes as 1/views, so what matters is the mean of the inverse
 * traffic over the test: for traffic halving every h days, (2^(D/h) − 1) / ((D/h)·ln 2) times
 * today's. h is calibrated on the validation study's small channel (bench/calibrate-noise.ts), whose
 * videos are recent uploads halving every 2–14 days.
 */
export const TYPICAL_HALF_LIFE_DAYS = 6;

/** Mean of (today's traffic ÷ the traffic then) over a test of `days`, for the typical decay. */
export function inverseTrafficGrowth(days: number, halfLifeDays = TYPICAL_HALF_LIFE_DAYS): number {
  const halvings = days / halfLifeDays;
  return halvings > 0 ? (2 ** halvings - 1) / (halvings * Math.LN2) : 1;
}

export interface ForecastShape {
  intervalMinutes: number;
  metric: WinnerMetric;
  titleCount: number;
  durationDays: number;
  start: Date;
}

export interface ForecastNoise {
  viewsPerDay: number;
  /** The channel's own traffic noise per unit (from its past tests), or null for the typical value. */
  trafficNoise?: number | null;
  /** How fast the video's traffic halves (default: the typical recent upload). */
  halfLifeDays?: number;
}

export interface ShapeForecast {
  unitsPerTitle: number;
  /** Residual degrees of freedom of the final fit. */
  df: number;
  /** Standard deviation of one unit's response (traffic noise and count noise). */
  unitNoise: number;
  /** The lift (e.g. 0.08 = +8%) found with 80% chance; null when the shape cannot decide. */
  minimumDetectableLift: number | null;
  /** Why it cannot decide, when it cannot. */
  problem: string | null;
}

/**
 * Variance of one unit's response from whole counts: log of a Poisson count has variance ≈ 1/λ;
 * CTR's log-odds ≈ 1/clicks; watch time per impression ≈ 1/views (the duration varies per hour).
 */
export function countVariance(response: Response, intervalMinutes: number, viewsPerDay: number): number {
  const perDay = Math.max(viewsPerDay, 1e-6);
  if (response === 'views') return 1 / (perDay * (intervalMinutes / 1440) * 0.9); // 10% washout
  if (response === 'ctr') return 1 / (perDay * VIEWS_FROM_IMPRESSIONS);
  return 1 / perDay;
}

/** The units the engine will analyse, with their titles, as observations of the right kind. */
function plannedUnits(shape: ForecastShape): WindowObservation[] {
  const end = new Date(shape.start.getTime() + shape.durationDays * 86_400_000);
  const slots = generateSchedule({
    seed: 'plan',
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start: shape.start,
    end,
  });
  return slots
    .filter((slot) => slot.kind === 'window')
    .map((slot) => ({
      titleIndex: slot.titleIndex,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      measuredHours: 1,
      views: 1,
      impressions: 1,
      clicks: 0,
      watchTimeSec: 1,
    }));
}

interface PlannedDesign {
  unitsPerTitle: number;
  design: Design;
  fit: LinearFit;
  /** Why the shape cannot decide, or null. */
  problem: string | null;
}

/**
 * The randomisation test can only be as fine as the number of schedules the test could have had:
 * with N equally likely schedules (up to renaming the titles) no p-value goes below about 1/N, so a
 * winner at the 3% bar needs N ≥ 2 / 3% ≈ 67.
 */
const MIN_DISTINCT_SCHEDULES = Math.ceil(2 / FINAL_P_VALUE);
/** Redraws the plan counts schedules in (enough to see whether there are 67 or more). */
const PLAN_REDRAWS = 199;

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Distinct redrawn schedules of the planned units, titles renamed in order of first appearance. */
function distinctSchedules(shape: ForecastShape, units: readonly WindowObservation[]): number {
  if (units.length === 0) return 0;
  const end = new Date(shape.start.getTime() + shape.durationDays * 86_400_000);
  const redraws = redrawnTitles(
    units.map((unit) => unit.startsAt),
    [{ start: shape.start, end }],
    shape.titleCount,
    shape.intervalMinutes,
    PLAN_REDRAWS,
  );
  if (!redraws) return 0;
  const seen = new Set<string>();
  const n = units.length;
  for (let r = 0; r < PLAN_REDRAWS; r++) {
    const names = new Map<number, number>();
    let key = '';
    for (let i = 0; i < n; i++) {
      const title = redraws[r * n + i] as number;
      if (!names.has(title)) names.set(title, names.size);
      key += String(names.get(title));
    }
    seen.add(key);
  }
  return seen.size;
}

/** The design the engine will fit at the end of this shape, and whether it can decide at all. */
function plannedDesign(shape: ForecastShape): PlannedDesign {
  const response = RESPONSE_OF[shape.metric];
  const units = plannedUnits(shape);
  const counts = new Array<number>(shape.titleCount).fill(0);
  for (const unit of units) counts[unit.titleIndex] = (counts[unit.titleIndex] ?? 0) + 1;
  const unitsPerTitle = Math.min(...counts);
  const design = buildDesign(units, response, {
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
  });
  const fit = fitLinearModel(design.rows, new Array<number>(design.rows.length).fill(0));
  const unitName = isMeasuredPerDay(shape.metric) ? 'day' : 'window';
  let problem: string | null = null;
  const schedules = distinctSchedules(shape, units);
  if (unitsPerTitle < MINIMUMS.unitsPerTitle) problem = `fewer than 2 ${unitName}s per title`;
  else if (schedules < MIN_DISTINCT_SCHEDULES)
    problem = `only ${schedules} different schedules fit in ${plural(units.length, unitName)}, too few to tell a title from chance`;
  else if (design.titleColumns.some((column) => fit.dropped.includes(column)) || fit.df < FORECAST_MIN_DF)
    problem = `too few ${unitName}s to measure the noise (${Math.max(0, fit.df)} degrees of freedom; ${FORECAST_MIN_DF} needed)`;
  return { unitsPerTitle, design, fit, problem };
}

/** Why a shape cannot reach a verdict at all (too few units per title or degrees of freedom), or null. */
export function decisionProblem(shape: ForecastShape): string | null {
  return plannedDesign(shape).problem;
}

/** What a shape can detect, for a unit noise; the engine's own design and bar. */
export function forecastShape(shape: ForecastShape, noise: ForecastNoise): ShapeForecast {
  const response = RESPONSE_OF[shape.metric];
  const { unitsPerTitle, design, fit, problem } = plannedDesign(shape);
  const traffic = noise.trafficNoise ?? typicalTrafficNoise(shape.intervalMinutes, response);
  const viewsPerDay = noise.viewsPerDay / inverseTrafficGrowth(shape.durationDays, noise.halfLifeDays);
  const unitNoise = Math.sqrt(
    traffic * traffic + countVariance(response, shape.intervalMinutes, viewsPerDay),
  );
  if (problem)
    return { unitsPerTitle, unitNoise, df: Math.max(0, fit.df), minimumDetectableLift: null, problem };
  const gram = inverseGram(fit, design.titleColumns);
  const variance = gram[0]?.[0] as number;
  const covariance = gram.map((row) => row.map((value) => value * unitNoise * unitNoise));
  const factor = pivotedCholesky(covariance, 0).lower;
  const draws = powerDraws(shape.titleCount, fit.df);
  // Power grows with the lift: bisect for 80%.
  let low = 0;
  let high = 20 * unitNoise * Math.sqrt(variance) + 0.01;
  for (let i = 0; i < 16; i++) {
    const mid = (low + high) / 2;
    if (power(mid, factor, fit.df, draws) >= FORECAST_POWER) high = mid;
    else low = mid;
  }
  return { unitsPerTitle, unitNoise, df: fit.df, minimumDetectableLift: Math.expm1(high), problem: null };
}

/**
 * The channel's own traffic noise per unit from finished tests of the same shape: the residual
 * variance of the engine's model, less the part whole counts explain. Null when the history is
 * too short to say (under 5 residual degrees of freedom).
 */
export function estimateTrafficNoise(
  history: readonly WindowObservation[],
  metric: WinnerMetric,
  intervalMinutes: number,
  titleCount: number,
): number | null {
  const response = RESPONSE_OF[metric];
  const data = usableWindows(history, response);
  if (data.length < 8) return null;
  const design = buildDesign(data, response, { titleCount, intervalMinutes });
  const fit = fitLinearModel(design.rows, design.y);
  if (!(fit.df >= 5)) return null;
  const counts = data.map((w) => 1 / ((response === 'ctr' ? (w.clicks ?? 0) : w.views) + 0.5));
  const countPart = counts.reduce((a, b) => a + b, 0) / counts.length;
  return Math.sqrt(Math.max(fit.sigma2 - countPart, 0));
}

/** What a suggested longer test aims for. */
const TARGET_LIFT = 0.1;
const MAX_SUGGESTED_DAYS = 60;

export interface Suggestion {
  shape: ForecastShape;
  plan: ShapeForecast;
}

/**
 * The nearest shape that decides, for a shape that cannot (the shortest longer run, else fewer
 * titles); or, for a shape that detects only large lifts, the shortest run that detects about 10%.
 * Null when nothing within 60 days does.
 */
export function suggestShape(
  shape: ForecastShape,
  current: ShapeForecast,
  noise: ForecastNoise,
): Suggestion | null {
  const withDays = (durationDays: number): ForecastShape => ({ ...shape, durationDays });
  const firstDays = (test: (days: number) => boolean): number | null => {
    for (let days = Math.floor(shape.durationDays) + 1; days <= MAX_SUGGESTED_DAYS; days++)
      if (test(days)) return days;
    return null;
  };
  if (current.minimumDetectableLift === null) {
    const days = firstDays((d) => decisionProblem(withDays(d)) === null);
    if (days !== null) return { shape: withDays(days), plan: forecastShape(withDays(days), noise) };
    for (let titleCount = shape.titleCount - 1; titleCount >= 2; titleCount--) {
      const fewer = { ...shape, titleCount };
      if (decisionProblem(fewer) === null) return { shape: fewer, plan: forecastShape(fewer, noise) };
    }
    return null;
  }
  if (current.minimumDetectableLift <= LARGE_DETECTABLE_LIFT) return null;
  // The detectable lift shrinks as the run grows: bisect on whole days.
  let low = Math.floor(shape.durationDays);
  let high = MAX_SUGGESTED_DAYS;
  const longest = forecastShape(withDays(high), noise);
  if (longest.minimumDetectableLift === null || longest.minimumDetectableLift > TARGET_LIFT) return null;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const lift = forecastShape(withDays(mid), noise).minimumDetectableLift;
    if (lift !== null && lift <= TARGET_LIFT) high = mid;
    else low = mid;
  }
  return { shape: withDays(high), plan: forecastShape(withDays(high), noise) };
}
