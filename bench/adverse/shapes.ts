// The adverse study's test shapes: a metric, windows, length and titles, the traffic model
// (bench/adverse/traffic.ts) and counter lag, the true lifts of the 'lift' scenario and which
// scenarios each shape runs (bench/adverse/cells.ts). A measured shape runs another one's tests
// with the washout the product sets from the lag it reads on an earlier test (earlier-test.ts).
// Thumbnail and package shapes are in variant-shapes.ts.

import type { WinnerMetric } from '../../src/statistics/window-analysis';
import type { CounterLag } from './counter';
import type { DailyFeatures } from './daily-figures';
import type { TrafficFeatures } from './traffic';
import type { VariantEffect } from './variant-effects';

/**
 * Identical variants, a true lift (+10% for Title 2, the 3-title case, or a shape's own
 * effects), Title 2 10% worse, or 'plan': Variant 2 better by the lift the product's plan promises
 * to find 8 times in 10 for that test's video (plan-lift.ts), the others as the original, with
 * typical noise or ('plan-channel') the noise of the channel's earlier test of the shape.
 */
export type Scenario = 'same' | 'lift' | 'worse' | 'plan' | 'plan-channel';

/** The cell's truth is the plan's lift for each test's video. */
export const isPlanScenario = (scenario: Scenario): boolean =>
  scenario === 'plan' || scenario === 'plan-channel';

/** What the test's variants are: titles, thumbnails (the title stays) or title + thumbnail packages. */
export type TestKind = 'title' | 'thumbnail' | 'package';

/** The channel's earlier finished test the product reads the lag from: same windows and traffic. */
export interface EarlierTest {
  days: number;
  /** Title 2's true lift over Title 1 (the lag is only seen when the titles clearly differ). */
  lift: number;
}

export interface Shape {
  id: string;
  kind: TestKind;
  metric: WinnerMetric;
  intervalMinutes: number;
  titleCount: number;
  days: number;
  traffic: TrafficFeatures;
  lag: CounterLag;
  daily?: DailyFeatures;
  /** True lift of each title over the original (index 0) in the 'lift' scenario. */
  lifts: number[];
  /**
   * The 'lift' scenario's variants as they act on the audience (click-through and watch), whose
   * lifts on the metric are `lifts`; absent for title shapes, whose lifts act on the metric alone.
   */
  effects?: VariantEffect[];
  scenarios: Scenario[];
  /** The traffic model, in a few words, for docs/statistics.md. */
  words: string;
  /** The washout is the one the product sets from the lag it reads on this earlier test. */
  earlierTest?: EarlierTest;
  /** The shape whose videos, start times and schedules this one's runs share (its own id when absent). */
  runsLike?: string;
}

export const DEFAULT: TrafficFeatures = {
  viewsPerDay: [1000, 4000],
  ageDays: [1, 10],
  dailySwing: 0.35,
  weekendBoost: 0,
  hourNoise: { sd: 0.1, rho: 0.5 },
  spikes: null,
  hourlyShape: null,
  carryoverMinutes: 0,
  delayedViews: null,
};
/**
 * A Short: most views from the Shorts feed, which shows neither title nor thumbnail and has its
 * own bursts; the rest from search, shelves and suggestions, where the variant live is seen.
 */
export const SHORT: TrafficFeatures = {
  ...DEFAULT,
  viewsPerDay: [3000, 20000],
  ageDays: [1, 20],
  shortsFeed: { share: [0.6, 0.85], hourNoise: { sd: 0.35, rho: 0.8 } },
};
export const SHORT_WORDS =
  'a Short: 3,000–20,000 views a day on a 1–20-day-old upload, 60–85% of them from the Shorts feed (no title or thumbnail shown there) with the feed’s own AR(1) hour noise (sd 0.35, lag-1 correlation 0.8), the rest default traffic';
export const TINY: TrafficFeatures = {
  ...DEFAULT,
  viewsPerDay: [5, 15],
  ageDays: [30, 400],
  hourNoise: null,
};
const NO_LAG: CounterLag = { kind: 'none' };
const TWO = [0, 0.1];
const BOTH: Scenario[] = ['same', 'lift'];
const ALL: Scenario[] = ['same', 'lift', 'worse'];

const views = (
  id: string,
  intervalMinutes: number,
  days: number,
  traffic: TrafficFeatures,
  words: string,
  extra: Partial<Shape> = {},
): Shape => ({
  id,
  kind: 'title',
  metric: 'views',
  intervalMinutes,
  titleCount: 2,
  days,
  traffic,
  lag: NO_LAG,
  lifts: TWO,
  scenarios: BOTH,
  words,
  ...extra,
});

export const DEFAULT_WORDS =
  'default traffic: 1,000–4,000 views a day at the start on a 1–10-day-old upload decaying as a power law, a daily cycle (±20–50%), mild AR(1) hour noise (sd 0.1), Poisson counts';
const TINY_WORDS = '5–15 views a day on an old video (flat), daily cycle';
const lag45 = (hours: number): Shape =>
  views(
    `lag45-${hours}h`,
    hours * 60,
    7,
    DEFAULT,
    `default traffic; the public counter counts every view 45 min late`,
    {
      lag: { kind: 'fixed', minutes: 45 },
      scenarios: hours === 1 ? ALL : BOTH,
    },
  );
const delayed = (hours: number): Shape =>
  views(
    `delayed-${hours}h`,
    hours * 60,
    7,
    { ...DEFAULT, delayedViews: { share: 0.4, meanHours: 4 } },
    'default traffic; 40% of views arrive after their impression (exponential delay, mean 4 h), under the title shown then',
    { scenarios: hours === 1 ? ALL : BOTH },
  );
/** Views delayed after their impression (feeds, notifications): a share of them, their mean delay in hours. */
const delayedBy = (share: number, meanHours: number, hours: number): Shape =>
  views(
    `delayed${Math.round(share * 100)}-${meanHours}h-${hours}h`,
    hours * 60,
    7,
    { ...DEFAULT, delayedViews: { share, meanHours } },
    `default traffic; ${Math.round(share * 100)}% of views arrive after their impression (exponential delay, mean ${meanHours} h), under the title shown then`,
  );
const lagUniform60 = (hours: number): Shape =>
  views(
    `lag-uniform60-${hours}h`,
    hours * 60,
    7,
    DEFAULT,
    'default traffic; each view is counted 0–60 min late (uniform, per view)',
    { lag: { kind: 'uniform', maxMinutes: 60 } },
  );
const carryover = (minutes: number, hours: number): Shape =>
  views(
    `carryover${minutes}-${hours}h`,
    hours * 60,
    7,
    { ...DEFAULT, carryoverMinutes: minutes },
    `default traffic; impressions show the title live ${minutes} min earlier (feeds cache the old title)`,
    { scenarios: minutes === 120 && hours === 1 ? ALL : BOTH },
  );

/** One earlier 7-day test on the channel, its Title 2 clearly better: cheap, and the lag shows. */
const EARLIER: EarlierTest = { days: 7, lift: 0.3 };

/** The base shape's tests (same videos and schedules) with the washout measured on the channel. */
const measured = (base: Shape): Shape => ({
  ...base,
  id: `${base.id}-measured`,
  words: `${base.words}; washout from the lag the product reads on one earlier ${EARLIER.days}-day test on the channel (another video, same traffic and windows, Title 2 +${100 * EARLIER.lift}%)`,
  earlierTest: EARLIER,
  runsLike: base.id,
});

const BASE_SHAPES: Shape[] = [
  views('control-1h', 60, 7, DEFAULT, DEFAULT_WORDS, { scenarios: ALL }),
  views('tiny-poisson-1h-7d', 60, 7, TINY, `${TINY_WORDS}, Poisson counts`),
  views('tiny-poisson-1h-14d', 60, 14, TINY, `${TINY_WORDS}, Poisson counts`),
  views(
    'tiny-nb-1h-7d',
    60,
    7,
    { ...TINY, hourlyShape: 1 },
    `${TINY_WORDS}, negative-binomial hours (shape 1)`,
    { scenarios: ALL },
  ),
  views(
    'tiny-nb-1h-14d',
    60,
    14,
    { ...TINY, hourlyShape: 1 },
    `${TINY_WORDS}, negative-binomial hours (shape 1)`,
  ),
  views(
    'overdispersed-1h',
    60,
    7,
    { ...DEFAULT, hourlyShape: 1 },
    'default traffic with negative-binomial hours (gamma shape 1: an hour’s views vary by ±100%)',
  ),
  lagUniform60(1),
  lagUniform60(2),
  lag45(1),
  lag45(2),
  lag45(4),
  delayed(1),
  delayed(4),
  delayedBy(0.2, 2, 1),
  delayedBy(0.2, 2, 2),
  delayedBy(0.4, 4, 1),
  delayedBy(0.4, 4, 2),
  carryover(60, 1),
  carryover(60, 4),
  carryover(120, 1),
  carryover(120, 4),
  views(
    'weekly-24h-14d',
    1440,
    14,
    { ...DEFAULT, weekendBoost: 0.3 },
    'default traffic with +30% on Saturday and Sunday (audience time)',
  ),
  views(
    'ar-spikes-1h',
    60,
    7,
    {
      ...DEFAULT,
      hourNoise: { sd: 0.35, rho: 0.85 },
      spikes: { perDay: 0.25, multiplier: [3, 10], hours: [2, 8] },
    },
    'default traffic with strong AR(1) hour noise (sd 0.35, lag-1 correlation 0.85) and a recommendation burst every 4 days on average (×3–×10 for 2–8 h)',
  ),
  {
    ...views(
      'ctr-daily-14d',
      1440,
      14,
      DEFAULT,
      'default traffic; daily impressions gamma-mixed (shape 5), CTR 3–8% with day-level logit noise (sd 0.15), binomial clicks',
    ),
    metric: 'ctr',
    daily: { ctr: [0.03, 0.08], ctrLogitSd: 0.15, impressionsShape: 5, viewDurationSec: 300 },
  },
  {
    ...views(
      'three-titles-4h-14d',
      240,
      14,
      { ...DEFAULT, viewsPerDay: [1500, 2500] },
      'default traffic at 1,500–2,500 views a day; in the lift row Title 2 is +29% and Title 3 +18%',
    ),
    titleCount: 3,
    lifts: [0, 0.29, 0.18],
  },
];

/** The lag and carryover shapes at 2 and 4 hours, with the washout measured on the channel. */
const MEASURED = [
  'lag45-2h',
  'lag45-4h',
  'lag-uniform60-2h',
  'carryover60-4h',
  'carryover120-4h',
  'control-1h',
  'lag-uniform60-1h',
  'delayed20-2h-1h',
  'delayed40-4h-1h',
];

export const SHAPES: Shape[] = [
  ...BASE_SHAPES,
  ...MEASURED.map((id) => {
    const base = BASE_SHAPES.find((shape) => shape.id === id);
    if (!base) throw new Error(`no shape ${id} to measure the washout of`);
    return measured(base);
  }),
];
