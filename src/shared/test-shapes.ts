// Which test shapes can be measured, and what a verdict is called: rules the server enforces and
// the web app shows. Pure (no Node imports), so web/ imports it at runtime. See
// docs/statistics.md for why CTR and watch time need whole-day windows.

import { DAILY_INTERVAL_MINUTES, ROTATION_INTERVALS, type RotationInterval } from './title-test-rules';

export const WINNER_METRICS = ['ctr', 'views', 'combined'] as const;
export type WinnerMetric = (typeof WINNER_METRICS)[number];
export const DEFAULT_WINNER_METRIC: WinnerMetric = 'ctr';

export const METRIC_LABELS: Record<WinnerMetric, string> = {
  ctr: 'Highest CTR',
  views: 'Highest views',
  combined: 'Watch time per impression',
};

/** What the metric compares, in the words of a verdict or a plan. */
export const METRIC_WORDS: Record<WinnerMetric, string> = {
  ctr: 'click-through rate',
  views: 'views per hour',
  combined: 'watch time per impression',
};

/**
 * YouTube reports impressions, CTR and watch time once per Pacific day (2–3 days late), so a
 * test judged on them must give each title whole days. Views come from the public counter,
 * sampled every 10 minutes, so a views test may switch titles as often as hourly.
 */
/** A rotation interval in words: "every hour", "every 2 hours", "every 24 hours". */
export function formatInterval(minutes: number): string {
  if (minutes % 60 !== 0) return `every ${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'every hour' : `every ${hours} hours`;
}

export function isMeasuredPerDay(metric: WinnerMetric): boolean {
  return metric === 'ctr' || metric === 'combined';
}

export function intervalsFor(metric: WinnerMetric): readonly RotationInterval[] {
  return isMeasuredPerDay(metric) ? [DAILY_INTERVAL_MINUTES] : ROTATION_INTERVALS;
}

/** The default interval: hourly where the metric allows it, else daily (docs/product.md#validation-rules). */
export function defaultIntervalFor(metric: WinnerMetric): RotationInterval {
  return isMeasuredPerDay(metric) ? DAILY_INTERVAL_MINUTES : 60;
}

/** Default length: a week for views; two for daily metrics, whose units are days. */
export function defaultDurationDaysFor(metric: WinnerMetric): number {
  return isMeasuredPerDay(metric) ? 14 : 7;
}

/** Why a metric cannot be judged at this interval, or null when it can. */
export function shapeProblem(metric: WinnerMetric, intervalMinutes: number): string | null {
  if (!isMeasuredPerDay(metric) || intervalMinutes === DAILY_INTERVAL_MINUTES) return null;
  const name = metric === 'ctr' ? 'CTR' : 'Watch time per impression';
  return `${name} is reported by YouTube once a day, so a ${metric} test switches titles daily (rotation interval 1440 minutes). Choose "views" to switch more often.`;
}

/** The three verdicts, in the words YouTube's own Test & Compare uses where the meanings match. */
export const VERDICTS = ['winner', 'same', 'inconclusive'] as const;
export type VerdictKind = (typeof VERDICTS)[number];
export const VERDICT_LABELS: Record<VerdictKind, string> = {
  winner: 'Winner',
  same: 'Performed the same',
  inconclusive: 'Inconclusive — not enough data',
};

/** A running test's reading short of a verdict: it is still collecting, not yet inconclusive. */
export const COLLECTING_DATA_LABEL = 'Collecting data';

/** Above this detectable lift a plan warns that only large differences will show, and suggests a longer run. */
export const LARGE_DETECTABLE_LIFT = 0.15;

/** "Performed the same": every title's 95% interval lies within ±5% of Title 1. */
export const SAME_PERFORMANCE_MARGIN = 0.05;
