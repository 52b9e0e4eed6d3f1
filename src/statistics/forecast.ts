// The forecast, which the product calls "the plan" (docs/decisions/0031), shown before a test
// starts and confirmed on the video's own traffic before its first switch (docs/statistics.md,
// "Forecast"): the chance that the test names a better variant the winner, the smallest true lift it
// finds 8 times in 10, how many days that takes and how many switches it spends. It is a
// simulation of the real test — the product's schedule, daily looks, winner bars and randomisation
// test (forecast-simulation.ts) — kept per design in a table (forecast-table.ts) and scaled here by
// the noise of one unit of this video (unit-noise.ts), times the chance that every title reaches
// the views floor (views-floor-forecast.ts).

import type { ForecastProblem } from '../shared/forecast-problems';
import { isMeasuredPerDay } from '../shared/test-shapes';
import type { ForecastNoise, ForecastShape, NoiseSource } from './forecast-inputs';
import { chanceAt, designRow, grainOf, liftFor } from './forecast-table';
import type { DesignRow } from './forecast-table';
import { generateSchedule } from './schedule';
import { MINIMUMS } from './progress';
import { noiseDraws, trafficNoiseOf, unitNoiseOf } from './unit-noise';
import { floorForecast } from './views-floor-forecast';
import { RESPONSE_OF } from './window-analysis';

export const FORECAST_POWER = 0.8;
const DAY_MS = 86_400_000;

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

/** The chance that a test of this shape names a variant truly better by `lift` the winner. */
export function chanceOfVerdict(shape: ForecastShape, noise: ForecastNoise, lift: number): number {
  const design = plannedDesign(shape);
  if (!design.row) return 0;
  return (
    floorForecast(shape, noise, design.units).chance *
    averagedChance(shape, noise, design.row, Math.log1p(lift))
  );
}

function averagedChance(shape: ForecastShape, noise: ForecastNoise, row: DesignRow, logLift: number): number {
  const traffic = trafficNoiseOf(shape, noise);
  const draws = noiseDraws(traffic, noise.noiseDf);
  let total = 0;
  for (const draw of draws) total += chanceAt(row, logLift / unitNoiseOf(shape, noise, draw));
  return total / draws.length;
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
  const floor = floorForecast(shape, noise, design.units);
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
