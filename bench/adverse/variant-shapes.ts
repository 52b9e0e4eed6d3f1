// The adverse study's thumbnail and package shapes (issue 28): 2–5 images with the title unchanged,
// or 2–5 title + thumbnail pairs, on the same engine and grain rules as titles. A thumbnail moves
// click-through by typically ±10–30% (some images no better than the original) and the watch
// little; a package multiplies its title's and its thumbnail's click-through and keeps its title's
// effect on the watch (variant-effects.ts). Each shape runs identical variants ('same': false
// winners), its own effects ('lift': power and wrong winners) and, where the product plans the test,
// Variant 2 at the plan's detectable lift ('plan': the plan's promise).

import type { DailyFeatures } from './daily-figures';
import { DEFAULT, DEFAULT_WORDS, SHORT, SHORT_WORDS, TINY } from './shapes';
import type { Scenario, Shape, TestKind } from './shapes';
import type { TrafficFeatures } from './traffic';
import { metricLift, packageEffect, UNCHANGED } from './variant-effects';
import type { VariantEffect } from './variant-effects';
import type { WinnerMetric } from '../../src/statistics/window-analysis';

/** Day-to-day CTR noise about what the plan assumes for a channel it does not know, impressions gamma-mixed (shape 5). */
const DAILY: DailyFeatures = {
  ctr: [0.03, 0.08],
  ctrLogitSd: 0.04,
  impressionsShape: 5,
  viewDurationSec: 300,
  durationShape: 625,
};
/** Heavy noise: a day's CTR varies ±20% on the logit scale, impressions gamma-mixed with shape 2, view length ±18%. */
const HEAVY: DailyFeatures = {
  ctr: [0.02, 0.1],
  ctrLogitSd: 0.2,
  impressionsShape: 2,
  viewDurationSec: 300,
  durationShape: 30,
};
/** A small channel: 30–150 views a day on an old video. */
const SMALL: TrafficFeatures = { ...TINY, viewsPerDay: [30, 150] };

const DAILY_WORDS =
  'CTR 3–8% per video, day-level logit noise sd 0.04, daily impressions gamma-mixed (shape 5), binomial clicks, average view 300 s (±4% from day to day)';
const HEAVY_WORDS =
  'heavy noise: CTR 2–10% per video, day-level logit noise sd 0.2, daily impressions gamma-mixed (shape 2), binomial clicks, average view 300 s (±18% from day to day)';
const SMALL_WORDS = '30–150 views a day on an old video (30–400 days), daily cycle';
const TINY_WORDS = '5–15 views a day on an old video (30–400 days), daily cycle';

const ctr = (lift: number, duration = 0): VariantEffect => ({ ctr: 1 + lift, duration: 1 + duration });
const THREE: Scenario[] = ['same', 'lift', 'plan'];
/** Heavy noise: the typical-noise plan, and the plan from the channel's own noise. */
const NOISY: Scenario[] = ['same', 'lift', 'plan', 'plan-channel'];

function variantShape(input: {
  id: string;
  kind: Exclude<TestKind, 'title'>;
  metric: WinnerMetric;
  traffic: TrafficFeatures;
  daily?: DailyFeatures;
  intervalMinutes?: number;
  days?: number;
  effects: VariantEffect[];
  scenarios?: Scenario[];
  words: string;
}): Shape {
  return {
    id: input.id,
    kind: input.kind,
    metric: input.metric,
    intervalMinutes: input.intervalMinutes ?? 1440,
    titleCount: input.effects.length,
    days: input.days ?? 14,
    traffic: input.traffic,
    lag: { kind: 'none' },
    ...(input.metric === 'views' ? {} : { daily: input.daily ?? DAILY }),
    lifts: input.effects.map((effect) => metricLift(effect, input.metric)),
    effects: input.effects,
    scenarios: input.scenarios ?? THREE,
    words: input.words,
  };
}

/** Effects in words: "V2 CTR +20%, watch −3%". */
function effectWords(effects: readonly VariantEffect[]): string {
  const pct = (x: number): string => `${x >= 1 ? '+' : '−'}${Math.round(100 * Math.abs(x - 1))}%`;
  return effects
    .slice(1)
    .map((e, i) => `V${i + 2} CTR ${pct(e.ctr)}${e.duration === 1 ? '' : `, watch ${pct(e.duration)}`}`)
    .join('; ');
}

const thumbs = (
  id: string,
  metric: WinnerMetric,
  traffic: TrafficFeatures,
  trafficWords: string,
  effects: VariantEffect[],
  extra: {
    daily?: DailyFeatures;
    dailyWords?: string;
    scenarios?: Scenario[];
    intervalMinutes?: number;
    days?: number;
  } = {},
): Shape =>
  variantShape({
    id,
    kind: 'thumbnail',
    metric,
    traffic,
    effects,
    ...extra,
    words: `thumbnails; ${trafficWords}${metric === 'views' ? '' : `; ${extra.dailyWords ?? DAILY_WORDS}`}; lift row: ${effectWords(effects)}`,
  });

/** A package from its title's effect and its thumbnail's. */
const pair = (title: VariantEffect, thumbnail: VariantEffect): VariantEffect =>
  packageEffect(title, thumbnail);

const packages = (
  id: string,
  metric: WinnerMetric,
  traffic: TrafficFeatures,
  trafficWords: string,
  pairs: Array<[VariantEffect, VariantEffect]>,
  extra: { daily?: DailyFeatures; dailyWords?: string; scenarios?: Scenario[] } = {},
): Shape => {
  const effects = pairs.map(([title, thumbnail]) => pair(title, thumbnail));
  const pairWords = pairs
    .slice(1)
    .map(
      ([title, thumbnail], i) =>
        `V${i + 2} title CTR ${Math.round(100 * (title.ctr - 1))}% watch ${Math.round(100 * (title.duration - 1))}% × thumbnail CTR ${Math.round(100 * (thumbnail.ctr - 1))}%`,
    )
    .join('; ');
  return variantShape({
    id,
    kind: 'package',
    metric,
    traffic,
    effects,
    ...extra,
    words: `title + thumbnail packages; ${trafficWords}; ${extra.dailyWords ?? DAILY_WORDS}; lift row: ${pairWords}`,
  });
};

const SAME_LIFT: Scenario[] = ['same', 'lift'];
const SAME: Scenario[] = ['same'];
const O = UNCHANGED;

export const VARIANT_SHAPES: Shape[] = [
  thumbs('thumbs2-ctr-14d', 'ctr', DEFAULT, DEFAULT_WORDS, [O, ctr(0.2)]),
  thumbs('thumbs3-ctr-14d', 'ctr', DEFAULT, DEFAULT_WORDS, [O, ctr(-0.15), ctr(0.25)]),
  thumbs('thumbs5-ctr-14d', 'ctr', DEFAULT, DEFAULT_WORDS, [O, O, ctr(-0.2), ctr(0.3), ctr(0.1)]),
  thumbs('thumbs2-ctr-small', 'ctr', SMALL, SMALL_WORDS, [O, ctr(0.3)]),
  thumbs('thumbs2-ctr-tiny', 'ctr', TINY, TINY_WORDS, [O, ctr(0.3)], { scenarios: SAME_LIFT }),
  thumbs('thumbs2-ctr-heavy', 'ctr', DEFAULT, DEFAULT_WORDS, [O, ctr(0.2)], {
    daily: HEAVY,
    dailyWords: HEAVY_WORDS,
    scenarios: NOISY,
  }),
  thumbs('thumbs5-ctr-heavy', 'ctr', DEFAULT, DEFAULT_WORDS, [O, O, ctr(-0.2), ctr(0.3), ctr(0.1)], {
    daily: HEAVY,
    dailyWords: HEAVY_WORDS,
    scenarios: SAME,
  }),
  thumbs('thumbs2-combined-14d', 'combined', DEFAULT, DEFAULT_WORDS, [O, ctr(0.2, -0.03)]),
  thumbs('thumbs2-views-1h', 'views', DEFAULT, `${DEFAULT_WORDS}; hourly views`, [O, ctr(0.2)], {
    intervalMinutes: 60,
    days: 7,
  }),
  // A Short's 9:16 thumbnails: seen in search, shelves and suggestions, never in the Shorts feed.
  thumbs('thumbs2-ctr-short', 'ctr', SHORT, SHORT_WORDS, [O, ctr(0.2)]),
  thumbs('thumbs2-views-2h-short', 'views', SHORT, `${SHORT_WORDS}; 2-hour views`, [O, ctr(0.3)], {
    intervalMinutes: 120,
    days: 7,
  }),
  packages('package2-ctr-14d', 'ctr', DEFAULT, DEFAULT_WORDS, [
    [O, O],
    [ctr(0.08, -0.05), ctr(0.15)],
  ]),
  packages('package3-combined-14d', 'combined', DEFAULT, DEFAULT_WORDS, [
    [O, O],
    [ctr(0.1, -0.1), ctr(0.2)],
    [ctr(-0.05, 0.3), ctr(0.1)],
  ]),
  packages('package5-ctr-14d', 'ctr', DEFAULT, DEFAULT_WORDS, [
    [O, O],
    [ctr(0.05), ctr(-0.1)],
    [O, O],
    [ctr(0.1, -0.05), ctr(0.2)],
    [ctr(-0.1, 0.05), ctr(0.15)],
  ]),
  packages(
    'package2-ctr-heavy',
    'ctr',
    DEFAULT,
    DEFAULT_WORDS,
    [
      [O, O],
      [ctr(0.08, -0.05), ctr(0.15)],
    ],
    { daily: HEAVY, dailyWords: HEAVY_WORDS, scenarios: NOISY },
  ),
  packages(
    'package2-ctr-small',
    'ctr',
    SMALL,
    SMALL_WORDS,
    [
      [O, O],
      [ctr(0.1, -0.05), ctr(0.2)],
    ],
    { scenarios: ['same', 'plan'] },
  ),
];
