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
  inconclusive: 'Inconclusive',
};

/** A running test's reading short of a verdict: it is still collecting, not yet inconclusive. */
export const COLLECTING_DATA_LABEL = 'Collecting data';

/** Above this detectable lift a plan warns that only large differences will show, and suggests a longer run. */
export const LARGE_DETECTABLE_LIFT = 0.15;

/**
 * Above this detectable lift (+100%: only a title that doubles the metric would be noticed) a plan
 * is too weak to decide on this video's traffic: creation refuses the test unless the creator
 * acknowledges that it will very likely end Inconclusive (issue 24, item 2).
 */
export const WEAK_FORECAST_LIFT = 1;

/** Whether a plan's detectable lift (in percent, as tests.plan answers it) is too weak to decide. */
export function isWeakForecast(minimumDetectableLiftPercent: number | null): boolean {
  return minimumDetectableLiftPercent !== null && minimumDetectableLiftPercent > WEAK_FORECAST_LIFT * 100;
}

/** The words that end a weak-plan refusal: the dialog recognises them and offers the acknowledgement. */
export const WEAK_PLAN_CONFIRM = 'or confirm that you want to start it anyway';

/**
 * Why a weak plan is refused, in the creator's words: "On this video's traffic (about 8 views a
 * day) this test would only notice a title that gets 2.8 times the views per hour of the original…".
 */
export function weakForecastMessage(plan: {
  minimumDetectableLiftPercent: number;
  winnerMetric: WinnerMetric;
  /** The video's views per day the plan assumed; null when not known. */
  viewsPerDay: number | null;
}): string {
  const ratio = 1 + plan.minimumDetectableLiftPercent / 100;
  const notice =
    ratio < 2.05
      ? `doubles its ${METRIC_WORDS[plan.winnerMetric]}`
      : `gets ${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio).toLocaleString('en-US')} times the ${METRIC_WORDS[plan.winnerMetric]} of the original`;
  const traffic =
    plan.viewsPerDay === null
      ? 'On this channel’s traffic'
      : `On this video’s traffic (about ${formatViewsPerDay(plan.viewsPerDay)} a day)`;
  return `${traffic} this test would only notice a title that ${notice}, so it would very likely end Inconclusive. Make it longer, use fewer titles, ${WEAK_PLAN_CONFIRM}.`;
}

/** "8 views", "1 view", "1,200 views", "0.4 views": whole views a day, as the plan's summary says them. */
function formatViewsPerDay(viewsPerDay: number): string {
  const value =
    viewsPerDay >= 1
      ? Math.round(viewsPerDay).toLocaleString('en-US')
      : String(Math.round(viewsPerDay * 10) / 10);
  return `${value} ${value === '1' ? 'view' : 'views'}`;
}

/** "Performed the same": every title's 95% interval lies within ±5% of Title 1. */
export const SAME_PERFORMANCE_MARGIN = 0.05;
