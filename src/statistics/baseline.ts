// What each unit would have shown with no title effect at all (docs/statistics.md, "Model"): the
// video's own moving level, fitted from the data without knowing which title held which unit.
// Because the fit never sees the titles, it is the same under every redrawn schedule, which is
// what keeps the randomisation test exact (randomisation.ts).

import { pacificParts, pacificSlotOfDay } from '../time/pacific';
import { fitLinearModel } from './linear-model';
import { baselineModel, buildDesign } from './window-analysis';
import type { EffectOptions, Response, WindowObservation } from './window-analysis';

/** The unit's outcome as a total: views, clicks, or seconds watched. */
export function outcomeOf(w: WindowObservation, response: Response): number {
  if (response === 'views') return w.views;
  if (response === 'ctr') return Math.min(w.clicks ?? 0, w.impressions ?? 0);
  return w.watchTimeSec ?? 0;
}

const RAKING_STEPS = 30;

/**
 * Short windows: a level per Pacific day times a level per hour slot, fitted to the counts by
 * raking (the Poisson fit of a two-way table, which is stable on zeros: a silent day is just a
 * day whose expected views are zero).
 */
function rakedViews(data: readonly WindowObservation[], keys: DayAndSlot): number[] {
  const { day, slot } = keys;
  const days = Math.max(0, ...day) + 1;
  const slots = Math.max(0, ...slot) + 1;
  const dayLevel = new Float64Array(days).fill(1);
  const slotLevel = new Float64Array(slots).fill(1);
  const fitTo = (target: Float64Array, key: number[], other: Float64Array, otherKey: number[]): void => {
    const observed = new Float64Array(target.length);
    const exposure = new Float64Array(target.length);
    data.forEach((w, i) => {
      const at = key[i] as number;
      observed[at] = (observed[at] as number) + w.views;
      exposure[at] = (exposure[at] as number) + w.measuredHours * (other[otherKey[i] as number] as number);
    });
    for (let j = 0; j < target.length; j++)
      target[j] = (exposure[j] as number) > 0 ? (observed[j] as number) / (exposure[j] as number) : 0;
  };
  for (let step = 0; step < RAKING_STEPS; step++) {
    fitTo(dayLevel, day, slotLevel, slot);
    fitTo(slotLevel, slot, dayLevel, day);
  }
  return data.map(
    (w, i) =>
      w.measuredHours * (dayLevel[day[i] as number] as number) * (slotLevel[slot[i] as number] as number),
  );
}

interface DayAndSlot {
  day: number[];
  slot: number[];
}

/** Dense indices of each unit's Pacific day and hour slot, as the design uses them (buildDesign). */
function dayAndSlot(data: readonly WindowObservation[], intervalMinutes: number): DayAndSlot {
  const dense = (values: number[]): number[] => {
    const index = new Map([...new Set(values)].sort((x, y) => x - y).map((value, i) => [value, i]));
    return values.map((value) => index.get(value) as number);
  };
  return {
    day: dense(data.map((w) => pacificParts(w.startsAt).dayNumber)),
    slot: dense(data.map((w) => pacificSlotOfDay(w.startsAt, intervalMinutes))),
  };
}

/**
 * How many levels the baseline fits (days + slots − 1 for short windows; the trend's terms
 * otherwise). The units beyond them are what the titles can be compared on: with one day of hourly
 * windows every window is its own hour slot, and the baseline explains it completely.
 */
export function baselineSize(
  data: readonly WindowObservation[],
  response: Response,
  options: EffectOptions,
): number {
  if (data.length === 0) return 0;
  const model = baselineModel(options.intervalMinutes, response);
  if (response === 'views' && model.dayEffects) {
    const { day, slot } = dayAndSlot(data, options.intervalMinutes);
    return new Set(day).size + new Set(slot).size - 1;
  }
  const untitled = data.map((w) => ({ ...w, titleIndex: 0 }));
  const design = buildDesign(untitled, response, { ...options, titleCount: 1 });
  return fitLinearModel(design.rows, design.y).kept.length;
}

/**
 * Expected outcome per unit with no title effect: views = hours × level; clicks = impressions ×
 * CTR level; seconds watched = impressions × watch-per-impression level. Short windows use day and
 * slot levels (raking); longer windows and daily figures a smooth trend in the video's age, fitted
 * by least squares on the log scale (a constant bias of that fit cancels in the ratios).
 */
export function expectedOutcomes(
  data: readonly WindowObservation[],
  response: Response,
  options: EffectOptions,
): number[] {
  if (data.length === 0) return [];
  const model = baselineModel(options.intervalMinutes, response);
  if (response === 'views' && model.dayEffects)
    return rakedViews(data, dayAndSlot(data, options.intervalMinutes));
  const untitled = data.map((w) => ({ ...w, titleIndex: 0 }));
  const design = buildDesign(untitled, response, { ...options, titleCount: 1 });
  const fit = fitLinearModel(design.rows, design.y);
  return data.map((w, i) => {
    const row = design.rows[i] as Float64Array;
    let level = 0;
    for (const column of fit.kept) level += (row[column] as number) * (fit.coefficients[column] as number);
    if (!Number.isFinite(level)) level = 0;
    if (response === 'views') return w.measuredHours * Math.exp(level);
    const impressions = w.impressions ?? 0;
    if (response === 'ctr') return impressions / (1 + Math.exp(-level));
    return impressions * Math.exp(level);
  });
}

/**
 * How much each unit should count. A unit's count noise is about its baseline e (Poisson) and its
 * traffic noise about α·e² (a busy day swings by a share of itself), so the efficient weight of
 * the unit's ratio o/e is e / (1 + α·e): a small channel's windows count by their views (totals),
 * a big channel's days about equally (so the first days of a decaying video do not drown the rest).
 * α is estimated from the baseline's residuals without the titles, so every redrawn schedule sees
 * the same weights and the randomisation test stays exact.
 */
export function precisionWeights(outcome: readonly number[], expected: readonly number[]): number[] {
  let excess = 0;
  let used = 0;
  outcome.forEach((o, i) => {
    const e = expected[i] as number;
    if (!(e > 0)) return;
    excess += ((o - e) ** 2 - e) / (e * e);
    used++;
  });
  const alpha = used > 0 ? Math.max(0, excess / used) : 0;
  return expected.map((e) => (e > 0 ? e / (1 + alpha * e) : 0));
}
