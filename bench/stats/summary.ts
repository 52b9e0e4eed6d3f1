// What one cell of the validation study (a shape, a channel, a true lift) adds up to: error rates,
// the plan's promise against what the tests decided, how long they took and what they spent, and
// the lift estimates against each test's own truth. Rates are over the tests that ran (a 'plan'
// lift whose plan says the shape cannot decide never runs). Mirrors bench/adverse/summary.ts.

import type { NoiseSource } from '../../src/statistics/forecast-inputs';
import type { Outcome } from '../stats-simulation';

/** The plan promises to name Title 2 8 times in 10 at its lift; kept when decided ÷ promised is within 0.9–1.1. */
export const PROMISED_POWER = 0.8;
export const PROMISE_KEPT = [0.9, 1.1] as const;

export interface Share {
  hits: number;
  n: number;
}

export interface CellSummary {
  simulated: number;
  ran: number;
  /** Title 2's true lift over the tests that ran: median, 10th and 90th percentiles (a 'plan' lift differs per test). */
  truth: { median: number; low: number; high: number };
  /** The plans' detectable lift over every simulated test whose plan decides, and the share that cannot decide. */
  planLift: { median: number; low: number; high: number };
  cannotDecide: Share;
  sources: Record<NoiseSource, number>;
  /** Median views a day given to the plan ÷ the video's traffic over the day before the start. */
  viewsRatio: number;
  /** The plans' median days to a verdict at their lift. */
  promisedDays: number;
  /** Mean of the plans' chance at each test's true lift (null with identical titles). */
  promised: number | null;
  anyWinner: Share;
  title2Wins: Share;
  otherWins: Share;
  /** Winners named by a daily look before the end, of all winners. */
  early: Share;
  same: Share;
  /** Verdicts (a winner, or "performed the same"), their median days from the start, and units spent per verdict. */
  verdicts: Share;
  medianDays: number;
  unitsPerVerdict: number;
  /** Tests whose verdict reading has an interval for Title 2, and how many of those cover the truth. */
  coverage: Share;
  /** Median of estimate − truth and its Monte Carlo standard error (1.2533·sd/√n); NaN without estimates. */
  bias: number;
  biasError: number;
  naiveWinner: Share;
  exceptions: number;
}

const share = (outcomes: readonly Outcome[], pick: (o: Outcome) => boolean): Share => ({
  hits: outcomes.filter(pick).length,
  n: outcomes.length,
});

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The value below which a share `q` of the values lie (nearest rank). */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

const spread = (values: readonly number[]) => ({
  median: median(values),
  low: quantile(values, 0.1),
  high: quantile(values, 0.9),
});

export function summarise(simulated: readonly Outcome[]): CellSummary {
  const ran = simulated.filter((o) => !o.refused);
  const plans = simulated.map((o) => o.plan);
  const lifts = plans.flatMap((plan) => (plan.lift === null ? [] : [plan.lift]));
  const sources: Record<NoiseSource, number> = { channel: 0, video: 0, assumed: 0 };
  for (const plan of plans) sources[plan.source]++;
  const promises = ran.flatMap((o) => (o.plan.promised === null ? [] : [o.plan.promised]));
  const decided = ran.filter((o) => o.winner !== null || o.verdict === 'same');
  const units = ran.reduce((sum, o) => sum + o.units, 0);
  const withInterval = ran.filter((o) => Number.isFinite(o.liftLow) && Number.isFinite(o.liftHigh));
  const errors = ran.filter((o) => Number.isFinite(o.lift)).map((o) => o.lift - o.truth);
  const mean = errors.reduce((a, b) => a + b, 0) / Math.max(1, errors.length);
  const sd = Math.sqrt(errors.reduce((sum, e) => sum + (e - mean) ** 2, 0) / Math.max(1, errors.length));
  const winners = ran.filter((o) => o.winner !== null);
  return {
    simulated: simulated.length,
    ran: ran.length,
    truth: spread(ran.map((o) => o.truth)),
    planLift: spread(lifts),
    cannotDecide: { hits: simulated.length - lifts.length, n: simulated.length },
    sources,
    viewsRatio: median(plans.map((plan) => plan.viewsPerDay / Math.max(plan.currentViewsPerDay, 1e-9))),
    promisedDays: median(plans.flatMap((plan) => (plan.daysToVerdict === null ? [] : [plan.daysToVerdict]))),
    promised: promises.length === 0 ? null : promises.reduce((a, b) => a + b, 0) / promises.length,
    anyWinner: share(ran, (o) => o.winner !== null),
    title2Wins: share(ran, (o) => o.winner === 1),
    otherWins: share(ran, (o) => o.winner !== null && o.winner !== 1),
    early: share(winners, (o) => o.early),
    same: share(ran, (o) => o.verdict === 'same'),
    verdicts: { hits: decided.length, n: ran.length },
    medianDays: median(decided.map((o) => o.days)),
    unitsPerVerdict: decided.length > 0 ? units / decided.length : Number.NaN,
    coverage: share(withInterval, (o) => o.liftLow <= o.truth && o.truth <= o.liftHigh),
    bias: median(errors),
    biasError: errors.length > 0 ? (1.2533 * sd) / Math.sqrt(errors.length) : Number.NaN,
    naiveWinner: share(ran, (o) => o.naiveWinner !== null),
    exceptions: ran.filter((o) => o.threw).length,
  };
}

/** Decided for Title 2 ÷ the plans' mean promise; null with identical titles or no test run. */
export function promiseRatio(summary: CellSummary): number | null {
  if (summary.promised === null || summary.title2Wins.n === 0 || !(summary.promised > 0)) return null;
  return summary.title2Wins.hits / summary.title2Wins.n / summary.promised;
}

export const promiseKept = (ratio: number): boolean => ratio >= PROMISE_KEPT[0] && ratio <= PROMISE_KEPT[1];
