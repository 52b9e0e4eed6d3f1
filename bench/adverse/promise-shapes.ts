// The forecast's promise on title tests (issue 34): for each shape the create dialog offers — views
// at 2-hour to daily windows, CTR and watch time per impression per day, 2, 3 and 5 titles — on the
// default traffic, a small channel and a heavy-noise one, Title 2 better by exactly the lift the
// product promises for that test when it first switches ('plan'), and identical titles ('same').
// The promise is kept when the share decided for Title 2 lies within 0.9–1.1 of the 80% promised.

import type { DailyFeatures } from './daily-figures';
import { DEFAULT, DEFAULT_WORDS, SHORT, SHORT_WORDS, TINY } from './shapes';
import type { Scenario, Shape } from './shapes';
import type { TrafficFeatures } from './traffic';
import type { WinnerMetric } from '../../src/statistics/window-analysis';

const SMALL: TrafficFeatures = { ...TINY, viewsPerDay: [30, 150] };
const NOISY: TrafficFeatures = { ...DEFAULT, hourNoise: { sd: 0.3, rho: 0.7 }, hourlyShape: 4 };
const DAILY: DailyFeatures = {
  ctr: [0.03, 0.08],
  ctrLogitSd: 0.08,
  impressionsShape: 5,
  viewDurationSec: 300,
  durationShape: 100,
};
const HEAVY: DailyFeatures = {
  ...DAILY,
  ctr: [0.02, 0.1],
  ctrLogitSd: 0.2,
  impressionsShape: 2,
  durationShape: 30,
};

const SCENARIOS: Scenario[] = ['same', 'plan'];

function promise(input: {
  id: string;
  metric: WinnerMetric;
  intervalMinutes: number;
  titleCount: number;
  days: number;
  traffic?: TrafficFeatures;
  daily?: DailyFeatures;
  words: string;
}): Shape {
  return {
    id: `promise-${input.id}`,
    kind: 'title',
    metric: input.metric,
    intervalMinutes: input.intervalMinutes,
    titleCount: input.titleCount,
    days: input.days,
    traffic: input.traffic ?? DEFAULT,
    lag: { kind: 'none' },
    ...(input.metric === 'views' ? {} : { daily: input.daily ?? DAILY }),
    lifts: Array.from({ length: input.titleCount }, () => 0),
    scenarios: SCENARIOS,
    words: input.words,
  };
}

const DAILY_WORDS =
  'CTR 3–8% per video, day-level logit noise sd 0.08, daily impressions gamma-mixed (shape 5)';
const HEAVY_WORDS = 'heavy noise: CTR 2–10%, day-level logit noise sd 0.2, impressions gamma-mixed (shape 2)';

export const PROMISE_SHAPES: Shape[] = [
  promise({
    id: 'views-2h-2',
    metric: 'views',
    intervalMinutes: 120,
    titleCount: 2,
    days: 7,
    words: DEFAULT_WORDS,
  }),
  promise({
    id: 'views-2h-3',
    metric: 'views',
    intervalMinutes: 120,
    titleCount: 3,
    days: 7,
    words: DEFAULT_WORDS,
  }),
  promise({
    id: 'views-4h-5',
    metric: 'views',
    intervalMinutes: 240,
    titleCount: 5,
    days: 10,
    words: DEFAULT_WORDS,
  }),
  promise({
    id: 'views-12h-2',
    metric: 'views',
    intervalMinutes: 720,
    titleCount: 2,
    days: 14,
    words: DEFAULT_WORDS,
  }),
  promise({
    id: 'views-24h-3',
    metric: 'views',
    intervalMinutes: 1440,
    titleCount: 3,
    days: 21,
    words: DEFAULT_WORDS,
  }),
  promise({
    id: 'views-2h-2-small',
    metric: 'views',
    intervalMinutes: 120,
    titleCount: 2,
    days: 14,
    traffic: SMALL,
    words: '30–150 views a day on an old video (30–400 days), daily cycle, Poisson counts',
  }),
  promise({
    id: 'views-2h-2-heavy',
    metric: 'views',
    intervalMinutes: 120,
    titleCount: 2,
    days: 7,
    traffic: NOISY,
    words:
      'default traffic with heavy noise: AR(1) hour noise sd 0.3, lag-1 correlation 0.7, gamma-mixed hours (shape 4)',
  }),
  promise({
    id: 'ctr-2',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 14,
    words: `${DEFAULT_WORDS}; ${DAILY_WORDS}`,
  }),
  promise({
    id: 'ctr-3',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 3,
    days: 14,
    words: `${DEFAULT_WORDS}; ${DAILY_WORDS}`,
  }),
  promise({
    id: 'ctr-5',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 5,
    days: 21,
    words: `${DEFAULT_WORDS}; ${DAILY_WORDS}`,
  }),
  promise({
    id: 'ctr-2-heavy',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 14,
    daily: HEAVY,
    words: `${DEFAULT_WORDS}; ${HEAVY_WORDS}`,
  }),
  promise({
    id: 'ctr-2-small',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 21,
    traffic: SMALL,
    words: `30–150 views a day on an old video; ${DAILY_WORDS}`,
  }),
  // Shorts: the plan's lift is in all views, the feed's too, so the click must move by more.
  promise({
    id: 'views-2h-2-short',
    metric: 'views',
    intervalMinutes: 120,
    titleCount: 2,
    days: 7,
    traffic: SHORT,
    words: SHORT_WORDS,
  }),
  promise({
    id: 'views-24h-2-short',
    metric: 'views',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 14,
    traffic: SHORT,
    words: SHORT_WORDS,
  }),
  promise({
    id: 'ctr-2-short',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 14,
    traffic: SHORT,
    words: `${SHORT_WORDS}; ${DAILY_WORDS}`,
  }),
  promise({
    id: 'ctr-3-short',
    metric: 'ctr',
    intervalMinutes: 1440,
    titleCount: 3,
    days: 14,
    traffic: SHORT,
    words: `${SHORT_WORDS}; ${DAILY_WORDS}`,
  }),
  promise({
    id: 'combined-2',
    metric: 'combined',
    intervalMinutes: 1440,
    titleCount: 2,
    days: 14,
    words: `${DEFAULT_WORDS}; ${DAILY_WORDS}, average view 300 s (±10% from day to day)`,
  }),
];
