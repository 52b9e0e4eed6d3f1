// The units a test is judged on (docs/statistics.md, "Model"): a rotation window for views, and a
// Pacific day for CTR and watch time per impression, which YouTube reports only per day; and the
// regression design of their baseline (day, hour slot and age terms), which the no-title baseline
// (baseline.ts), the forecast's precision (unit-noise.ts) and the channel's noise estimate share.

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

export interface EffectOptions {
  titleCount: number;
  intervalMinutes: number;
  /** For the age terms of long windows; without it age counts from a day before the first window. */
  publishedAt?: Date;
}

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
