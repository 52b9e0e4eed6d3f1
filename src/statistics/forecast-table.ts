// The forecast's design table (docs/statistics.md, "Forecast"): for each grain (metric and window),
// variant count and design length, what simulated tests of that design needed to name the better
// variant, in units of σ, the noise of one unit on the log scale. Whether a test decides depends on
// the lift only through lift ÷ σ (the study checks it from σ = 0.05 to 0.3), so one simulation per
// design serves every video: the forecast scales the row by the video's own σ. The rows are made
// by bench/forecast-table.ts with the product's own schedule, looks, bars and randomisation test.

import table from './forecast-table.json' with { type: 'json' };
import type { WinnerMetric } from './window-analysis';

export const FORECAST_TABLE_PATH = 'src/statistics/forecast-table.json';
/** The noise of one unit the table's tests were simulated with; the rows are in units of it. */
export const TABLE_SIGMA = 0.1;
/** Shares of simulated tests whose critical lift the table keeps. */
export const TABLE_QUANTILES = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95] as const;

/** A metric and its window: CTR and watch time per impression share the daily design. */
export const TABLE_GRAINS = [
  'views:60',
  'views:120',
  'views:240',
  'views:480',
  'views:720',
  'views:1440',
  'daily:1440',
] as const;
export type Grain = (typeof TABLE_GRAINS)[number];

export function grainOf(metric: WinnerMetric, intervalMinutes: number): Grain {
  const grain = `${metric === 'views' ? 'views' : 'daily'}:${intervalMinutes}`;
  if (!(TABLE_GRAINS as readonly string[]).includes(grain))
    throw new RangeError(`no forecast grain for ${metric} every ${intervalMinutes} minutes`);
  return grain as Grain;
}

/** The shape a grain's rows were simulated with. */
export function grainShape(grain: Grain): { metric: WinnerMetric; intervalMinutes: number } {
  const [kind, interval] = grain.split(':');
  return { metric: kind === 'views' ? 'views' : 'ctr', intervalMinutes: Number(interval) };
}

const SUB_DAILY_DAYS = [
  0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 7, 8, 9, 10, 12, 14, 17, 20, 24, 28, 33, 40, 50, 60,
];

/** The design lengths (days of design windows) a grain's rows are simulated at. */
export function designDaysFor(grain: Grain): number[] {
  const { intervalMinutes } = grainShape(grain);
  if (intervalMinutes < 1440) return SUB_DAILY_DAYS.filter((days) => days * 1440 >= 2 * intervalMinutes);
  return Array.from({ length: 59 }, (_, i) => i + 2);
}

export interface DesignRow {
  grain: Grain;
  titleCount: number;
  /** Days of design windows (their count × the interval). */
  days: number;
  units: number;
  /** Per TABLE_QUANTILES: the lift (log scale, in σ) that share of tests decides at; null beyond ×20. */
  q: (number | null)[];
  /** Share of tests that did not decide even at ×20. */
  never: number;
  /** Tests at the 80% lift: median time to their verdict as a share of the design's days (null: over half never decide). */
  stopShare: number | null;
  /** … and the share of the design's switches they made until they stopped. */
  switchShare: number | null;
}

export interface ForecastTable {
  about: string;
  scheduleDesign: number;
  runs: number;
  sigma: number;
  quantiles: number[];
  rows: DesignRow[];
}

const TABLE = table as ForecastTable;

/** What a design of `days` design-days needs, interpolated between the table's lengths; null outside them. */
export function designRow(grain: Grain, titleCount: number, days: number): DesignRow | null {
  const rows = TABLE.rows.filter((row) => row.grain === grain && row.titleCount === titleCount);
  if (rows.length === 0) return null;
  if (days < (rows[0] as DesignRow).days) return null;
  const above = rows.find((row) => row.days >= days);
  if (!above) return null;
  const below = [...rows].reverse().find((row) => row.days <= days) ?? above;
  if (above === below || above.days === below.days) return above;
  const w = (days - below.days) / (above.days - below.days);
  const mix = (a: number | null, b: number | null): number | null =>
    a === null || b === null ? null : a + w * (b - a);
  return {
    grain,
    titleCount,
    days,
    units: Math.round(below.units + w * (above.units - below.units)),
    q: below.q.map((value, i) => mix(value, above.q[i] ?? null)),
    never: below.never + w * (above.never - below.never),
    stopShare: mix(below.stopShare, above.stopShare),
    switchShare: mix(below.switchShare, above.switchShare),
  };
}

/** The share of tests of this design that name a variant better by `logLift` ÷ σ the winner. */
export function chanceAt(row: DesignRow, standardisedLift: number): number {
  const points = TABLE_QUANTILES.map((p, i) => ({ p, x: row.q[i] })).filter(
    (point): point is { p: (typeof TABLE_QUANTILES)[number]; x: number } => point.x !== null,
  );
  if (points.length === 0) return 0;
  const first = points[0]!;
  if (standardisedLift <= first.x) return first.p * Math.max(0, standardisedLift / first.x);
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (standardisedLift <= b.x)
      return a.p + ((standardisedLift - a.x) / Math.max(b.x - a.x, 1e-9)) * (b.p - a.p);
  }
  return points[points.length - 1]!.p;
}

/** The lift (log scale, in σ) a share `power` of tests of this design decides at; null when not within ×20. */
export function liftFor(row: DesignRow, power: number): number | null {
  const i = TABLE_QUANTILES.findIndex((p) => Math.abs(p - power) < 1e-9);
  if (i >= 0) return row.q[i] ?? null;
  throw new RangeError(`the table keeps no ${power} quantile`);
}
