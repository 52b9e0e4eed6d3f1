// The forecast, which the product calls "the plan" (docs/decisions/0031), shown before a test
// starts and confirmed on the video's own traffic before its first switch (docs/statistics.md,
// "Forecast"): the chance that the test names a better variant the winner, the smallest true lift it
// finds 8 times in 10, how many days that takes and how many switches it spends. It is a
// simulation of the real test — the product's schedule, daily looks, winner bars and randomisation
// test (forecast-simulation.ts) — kept per design in a table (forecast-table.ts) and scaled here by
// the noise of one unit of this video: its traffic noise and the noise of whole counts.

import type { ForecastProblem } from '../shared/forecast-problems';
import { isMeasuredPerDay, LARGE_DETECTABLE_LIFT } from '../shared/test-shapes';
import { fitLinearModel } from './linear-model';
import { chanceAt, designRow, grainOf, liftFor } from './forecast-table';
import type { DesignRow } from './forecast-table';
import { generateSchedule } from './schedule';
import { assumedTrafficNoise } from './assumed-noise';
import { normalCdf, normalQuantile } from './distributions';
import { MINIMUMS } from './progress';
import { washoutMinutes as defaultWashoutMinutes } from './verdict';
import { buildDesign, RESPONSE_OF, usableWindows } from './window-analysis';
import type { Response, WindowObservation, WinnerMetric } from './window-analysis';

export const FORECAST_POWER = 0.8;
/** The video a plan assumes when it knows nothing of its traffic: the validation study's default channel (median). */
export const TYPICAL_VIEWS_PER_DAY = 5000;
/** Share of a video's views that come from impressions (the rest: links, embeds, end screens). */
const VIEWS_FROM_IMPRESSIONS = 0.75;
/**
 * A recent upload's traffic decays, so the count noise of a test's later units is larger than
 * today's views suggest. Without a measured decay (the video's last week of views, or its counter's
 * trend before the first switch) the plan assumes the typical half-life of a recent upload.
 */
export const TYPICAL_HALF_LIFE_DAYS = 6;
const DAY_MS = 86_400_000;

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

export interface ShapeForecast {
  unitsPerTitle: number;
  /** Standard deviation of one unit's response (traffic noise and count noise). */
  unitNoise: number;
  /** The lift (e.g. 0.08 = +8%) found with 80% chance; null when the shape cannot decide. */
  minimumDetectableLift: number | null;
  /** Days from the start until half of the tests at that lift have their verdict; null without one. */
  daysToVerdict: number | null;
  /** Title changes the whole schedule makes, and those a test at the detectable lift makes until its verdict. */
  switches: { planned: number; untilVerdict: number | null };
  /** Slots (windows and the lead-in) the schedule holds, and those until the verdict: each reads the video once. */
  slots: { planned: number; untilVerdict: number | null };
  /** Why it cannot decide, when it cannot (the creator's words: src/shared/forecast-problems.ts). */
  problem: ForecastProblem | null;
  noiseSource: NoiseSource;
  /** Hours from the start to the first window that changes the title (a lead-in, or a daily window waiting for the Pacific day); null without one. */
  hoursToFirstSwitch: number | null;
}

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

interface PlannedDesign {
  slots: ReturnType<typeof generateSchedule>;
  units: ReturnType<typeof generateSchedule>;
  unitsPerTitle: number;
  /** Days the design windows span (their count × the interval). */
  designDays: number;
  row: DesignRow | null;
}

function plannedDesign(shape: ForecastShape): PlannedDesign {
  const end = new Date(shape.start.getTime() + shape.durationDays * DAY_MS);
  const designStart = shape.designStart ?? shape.start;
  const slots =
    end.getTime() > designStart.getTime()
      ? generateSchedule({
          seed: 'plan',
          titleCount: shape.titleCount,
          intervalMinutes: shape.intervalMinutes,
          start: designStart,
          end,
        })
      : [];
  const units = slots.filter((slot) => slot.kind === 'window');
  const counts = new Array<number>(shape.titleCount).fill(0);
  for (const unit of units) counts[unit.titleIndex] = (counts[unit.titleIndex] ?? 0) + 1;
  const designDays = (units.length * shape.intervalMinutes) / 1440;
  return {
    slots,
    units,
    unitsPerTitle: Math.min(...counts),
    designDays,
    row:
      units.length > 0
        ? designRow(grainOf(shape.metric, shape.intervalMinutes), shape.titleCount, designDays)
        : null,
  };
}

/** The share of a recent upload's traffic left `days` into the test (no decay without a finite half-life). */
function decayLeft(days: number, halfLifeDays: number): number {
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
function unitNoiseOf(shape: ForecastShape, noise: ForecastNoise, trafficNoise: number): number {
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

/**
 * The views (clicks, for CTR) each title can expect in its counted units. The engine names no
 * winner before every title has MINIMUMS.eventsPerTitle of them (progress.ts), which the table's
 * simulation of unit noise does not see. The decay is the typical recent upload's unless the
 * video's daily history measured it (daily units): a day of the counter read before a first test's
 * switch swings from hours to none, and a plan that passed on a flat reading would break its word.
 */
function expectedEventsPerUnit(shape: ForecastShape, noise: ForecastNoise, unitStart: Date): number {
  const response = RESPONSE_OF[shape.metric];
  const fromDailyHistory = noise.source === 'video' && shape.intervalMinutes >= 1440;
  const halfLife = (fromDailyHistory ? noise.halfLifeDays : undefined) ?? TYPICAL_HALF_LIFE_DAYS;
  const days = (unitStart.getTime() - shape.start.getTime()) / DAY_MS + shape.intervalMinutes / 2880;
  const left = decayLeft(days, halfLife);
  const share = shape.intervalMinutes / 1440;
  if (response === 'views') {
    const washout = noise.washoutMinutes ?? defaultWashoutMinutes(shape.intervalMinutes);
    return noise.viewsPerDay * left * (Math.max(shape.intervalMinutes - washout, 0) / 1440);
  }
  if (response === 'ctr')
    return (noise.clicksPerDay ?? noise.viewsPerDay * VIEWS_FROM_IMPRESSIONS) * left * share;
  return noise.viewsPerDay * left * share;
}

/** What each title can expect against the floor, and the chance that every one reaches it. */
interface FloorForecast {
  /** The fewest views (clicks) any title can expect in its counted units. */
  fewestEvents: number;
  /** The chance that every title reaches the floor by the end (independent titles: pessimistic). */
  chance: number;
}

/**
 * Counts spread by Poisson noise and by the traffic noise of each unit (a unit's count is
 * Poisson around its expectation times e^ε, ε ~ N(0, σ²)); normal approximation per title.
 */
function floorForecast(shape: ForecastShape, noise: ForecastNoise, design: PlannedDesign): FloorForecast {
  const spread = Math.expm1(trafficNoiseOf(shape, noise) ** 2);
  const mean = new Array<number>(shape.titleCount).fill(0);
  const variance = new Array<number>(shape.titleCount).fill(0);
  for (const unit of design.units) {
    const expected = expectedEventsPerUnit(shape, noise, unit.startsAt);
    mean[unit.titleIndex]! += expected;
    variance[unit.titleIndex]! += expected + expected * expected * spread;
  }
  const floor = MINIMUMS.eventsPerTitle - 0.5;
  let chance = 1;
  for (let title = 0; title < shape.titleCount; title++)
    chance *= normalCdf((mean[title]! - floor) / Math.sqrt(Math.max(variance[title]!, 1e-9)));
  return { fewestEvents: Math.min(...mean), chance };
}

/** Points at which an uncertain noise is averaged over (quantiles of its χ² distribution). */
const NOISE_POINTS = 15;

/**
 * The traffic noises a forecast averages over: the measured value, spread by the χ² uncertainty of
 * an estimate from `df` degrees of freedom (σ² = s²·df / χ²_df at evenly spaced quantiles), or the
 * value alone.
 */
function noiseDraws(noise: number, df: number | undefined): number[] {
  if (df === undefined || !Number.isFinite(df) || df > 500) return [noise];
  return Array.from({ length: NOISE_POINTS }, (_, i) => {
    const p = (i + 0.5) / NOISE_POINTS;
    // Wilson–Hilferty: χ²_df quantile ≈ df·(1 − 2/(9df) + z·√(2/(9df)))³.
    const z = normalQuantile(p);
    const chi = df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
    return noise * Math.sqrt(df / Math.max(chi, 1e-6));
  });
}

/** The chance that a test of this shape names a variant truly better by `lift` the winner. */
export function chanceOfVerdict(shape: ForecastShape, noise: ForecastNoise, lift: number): number {
  const design = plannedDesign(shape);
  if (!design.row) return 0;
  return (
    floorForecast(shape, noise, design).chance * averagedChance(shape, noise, design.row, Math.log1p(lift))
  );
}

function averagedChance(shape: ForecastShape, noise: ForecastNoise, row: DesignRow, logLift: number): number {
  const traffic = trafficNoiseOf(shape, noise);
  const draws = noiseDraws(traffic, noise.noiseDf);
  let total = 0;
  for (const draw of draws) total += chanceAt(row, logLift / unitNoiseOf(shape, noise, draw));
  return total / draws.length;
}

function trafficNoiseOf(shape: ForecastShape, noise: ForecastNoise): number {
  return noise.trafficNoise ?? assumedTrafficNoise(shape.intervalMinutes, RESPONSE_OF[shape.metric]);
}

/** Why a design cannot reach a verdict at all, or null. */
function designProblem(shape: ForecastShape, design: PlannedDesign): ForecastProblem | null {
  const unit = isMeasuredPerDay(shape.metric) ? 'day' : 'window';
  if (design.unitsPerTitle < 2)
    return { code: 'few-per-variant', unit, unitsPerVariant: design.unitsPerTitle };
  const c80 = design.row ? liftFor(design.row, FORECAST_POWER) : null;
  if (c80 === null) return { code: 'few-units', unit, unitsPerVariant: design.unitsPerTitle };
  return null;
}

/** Why a shape cannot reach a verdict at all (too few units per title to tell the titles apart), or null. */
export function decisionProblem(shape: ForecastShape): ForecastProblem | null {
  return designProblem(shape, plannedDesign(shape));
}

/** Hours from `start` to the first window that puts another title than the original live. */
function hoursToFirstSwitch(slots: PlannedDesign['slots'], start: Date): number | null {
  const first = slots.find((slot) => slot.kind === 'window' && slot.titleIndex !== 0);
  return first ? (first.startsAt.getTime() - start.getTime()) / 3_600_000 : null;
}

/** Title changes in slots, counted from the original title (the lead-in) on. */
function switchesIn(slots: PlannedDesign['slots'], until = Number.POSITIVE_INFINITY): number {
  let previous = 0;
  let switches = 0;
  for (const slot of slots) {
    if (slot.startsAt.getTime() >= until) break;
    if (slot.kind === 'window' && slot.titleIndex !== previous) switches++;
    if (slot.kind === 'window') previous = slot.titleIndex;
  }
  return switches;
}

/** What a shape can detect on this video's traffic, how long it takes and what it spends. */
export function forecastShape(shape: ForecastShape, noise: ForecastNoise): ShapeForecast {
  const design = plannedDesign(shape);
  const traffic = trafficNoiseOf(shape, noise);
  const unitNoise = unitNoiseOf(shape, noise, traffic);
  const noiseSource: NoiseSource = noise.trafficNoise == null ? 'assumed' : (noise.source ?? 'channel');
  const base = {
    unitsPerTitle: design.unitsPerTitle,
    unitNoise,
    switches: { planned: switchesIn(design.slots), untilVerdict: null },
    slots: { planned: design.slots.length, untilVerdict: null },
    noiseSource,
    hoursToFirstSwitch: hoursToFirstSwitch(design.slots, shape.start),
  };
  const problem = designProblem(shape, design);
  if (problem || !design.row)
    return {
      ...base,
      minimumDetectableLift: null,
      daysToVerdict: null,
      problem: problem ?? { code: 'too-short' },
    };
  const row = design.row;
  // However large the lift, a verdict waits for every title to reach the views floor.
  const floor = floorForecast(shape, noise, design);
  if (floor.chance < FORECAST_POWER)
    return {
      ...base,
      minimumDetectableLift: null,
      daysToVerdict: null,
      problem: {
        code: 'few-events',
        event: RESPONSE_OF[shape.metric] === 'ctr' ? 'clicks' : 'views',
        eventsPerVariant: Math.floor(floor.fewestEvents),
        required: MINIMUMS.eventsPerTitle,
      },
    };
  const chance = (logLift: number) => floor.chance * averagedChance(shape, noise, row, logLift);
  // The chance grows with the lift: bisect (log scale) for 80%.
  let low = 0;
  let high = 20 * unitNoise;
  if (chance(high) < FORECAST_POWER) high = Math.log(20);
  if (chance(high) < FORECAST_POWER)
    return {
      ...base,
      minimumDetectableLift: null,
      daysToVerdict: null,
      problem: { code: 'needs-huge-lift' },
    };
  for (let i = 0; i < 30; i++) {
    const mid = (low + high) / 2;
    if (chance(mid) >= FORECAST_POWER) high = mid;
    else low = mid;
  }
  const designStart = design.units[0]!.startsAt.getTime();
  const verdictAt = row.stopShare === null ? null : designStart + row.stopShare * design.designDays * DAY_MS;
  const share = row.switchShare ?? 1;
  return {
    ...base,
    minimumDetectableLift: Math.expm1(high),
    daysToVerdict: verdictAt === null ? null : (verdictAt - shape.start.getTime()) / DAY_MS,
    switches: { planned: base.switches.planned, untilVerdict: Math.round(share * base.switches.planned) },
    slots: {
      planned: base.slots.planned,
      untilVerdict:
        verdictAt === null ? null : design.slots.filter((slot) => slot.startsAt.getTime() < verdictAt).length,
    },
    problem: null,
  };
}

/** A noise estimate and the degrees of freedom it rests on. */
export interface NoiseEstimate {
  noise: number;
  df: number;
}

/**
 * The traffic noise per unit of a test's windows (or a video's days): the residual variance of
 * the engine's baseline model with the titles, less the part whole counts explain. Null when the
 * windows are too few to say (under 5 residual degrees of freedom).
 */
export function estimateTrafficNoise(
  history: readonly WindowObservation[],
  metric: WinnerMetric,
  intervalMinutes: number,
  titleCount: number,
): NoiseEstimate | null {
  const response = RESPONSE_OF[metric];
  const data = usableWindows(history, response);
  if (data.length < 8) return null;
  const design = buildDesign(data, response, { titleCount, intervalMinutes });
  const fit = fitLinearModel(design.rows, design.y);
  if (!(fit.df >= 5)) return null;
  const counts = data.map((w) => 1 / ((response === 'ctr' ? (w.clicks ?? 0) : w.views) + 0.5));
  const countPart = counts.reduce((a, b) => a + b, 0) / counts.length;
  const noise = Math.sqrt(Math.max(fit.sigma2 - countPart, 0));
  return Number.isFinite(noise) ? { noise, df: fit.df } : null;
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
    const days = firstDays((d) => forecastShape(withDays(d), noise).minimumDetectableLift !== null);
    if (days !== null) return { shape: withDays(days), plan: forecastShape(withDays(days), noise) };
    for (let titleCount = shape.titleCount - 1; titleCount >= 2; titleCount--) {
      const fewer = { ...shape, titleCount };
      const plan = forecastShape(fewer, noise);
      if (plan.minimumDetectableLift !== null) return { shape: fewer, plan };
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
