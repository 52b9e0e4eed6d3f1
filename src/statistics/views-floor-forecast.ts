// The views floor, forecast: the engine names no winner before every title has
// MINIMUMS.eventsPerTitle views (clicks, for CTR) in its counted units, which the table's simulation
// of unit noise does not see (docs/decisions/0055). The plan multiplies its chance by this one.

import { normalCdf } from './distributions';
import {
  TYPICAL_HALF_LIFE_DAYS,
  VIEWS_FROM_IMPRESSIONS,
  type ForecastNoise,
  type ForecastShape,
} from './forecast-inputs';
import { MINIMUMS } from './progress';
import { decayLeft, trafficNoiseOf } from './unit-noise';
import { washoutMinutes as defaultWashoutMinutes } from './verdict';
import { RESPONSE_OF } from './window-analysis';

const DAY_MS = 86_400_000;

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
export interface FloorForecast {
  /** The fewest views (clicks) any title can expect in its counted units. */
  fewestEvents: number;
  /** The chance that every title reaches the floor by the end (independent titles: pessimistic). */
  chance: number;
}

/**
 * Counts spread by Poisson noise and by the traffic noise of each unit (a unit's count is
 * Poisson around its expectation times e^ε, ε ~ N(0, σ²)); normal approximation per title.
 */
export function floorForecast(
  shape: ForecastShape,
  noise: ForecastNoise,
  units: readonly { titleIndex: number; startsAt: Date }[],
): FloorForecast {
  const spread = Math.expm1(trafficNoiseOf(shape, noise) ** 2);
  const mean = new Array<number>(shape.titleCount).fill(0);
  const variance = new Array<number>(shape.titleCount).fill(0);
  for (const unit of units) {
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
