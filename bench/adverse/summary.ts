// What a cell's simulated tests add up to: error rates with 95% Wilson intervals, the lift
// estimates against the truth, and what the creator keeps at the end. A measured shape's rates
// are over the tests that ran; the ones the product refused are counted apart. Truths are each
// test's own: a 'plan' cell's differ from test to test.

import { samplingUnitsPerDay, unitsPerSwitch } from '../../src/capacity/cost-model';
import type { TestKind as ProductKind } from '../../src/shared/test-kinds';
import type { Cell } from './cells';
import { isPlanScenario } from './shapes';
import { wasRefused } from './simulate';
import type { TestOutcome } from './simulate';

const Z = 1.959963984540054;

export interface Rate {
  hits: number;
  n: number;
  low: number;
  high: number;
}

/** A proportion with its 95% Wilson score interval. */
export function wilson(hits: number, n: number): Rate {
  if (n === 0) return { hits, n, low: Number.NaN, high: Number.NaN };
  const p = hits / n;
  const denominator = 1 + (Z * Z) / n;
  const centre = (p + (Z * Z) / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + (Z * Z) / (4 * n * n))) / denominator;
  return { hits, n, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

const rate = (outcomes: readonly TestOutcome[], pick: (o: TestOutcome) => boolean): Rate =>
  wilson(outcomes.filter(pick).length, outcomes.length);

export interface ChallengerSummary {
  titleIndex: number;
  /** The true lift (a 'plan' cell: its median over the tests that ran). */
  truth: number;
  /** Median final estimate over the tests that have one, and how many do. */
  median: number;
  /** Median of estimate − truth, test by test. */
  bias: number;
  estimated: number;
  coverage: Rate;
}

/** A 'plan' cell's plans (plan-lift.ts): the lift promised, and the traffic it was planned for. */
export interface PlanSummary {
  /** The plan's detectable lift over the tests that ran: median, 10th and 90th percentiles. */
  median: number;
  low: number;
  high: number;
  /** Median of the views a day the plan was given ÷ the video's traffic at the start. */
  viewsRatio: number;
  /** The plan said the shape cannot decide: the product refuses it, the test never runs. */
  refused: Rate;
  /** The promise: Variant 2 (the better one) named, looks included; it should be about 80%. */
  power: Rate;
  /** Plans made from measured noise (the channel's earlier test, or the video read before the first switch), and its median. */
  channelNoise: Rate;
  medianNoise: number;
  /** Plans by where their noise came from. */
  sources: { channel: number; video: number; assumed: number };
  /** The plan's median days to a verdict at its lift. */
  promisedDays: number;
}

/** A measured shape's washouts: from the lag read on each run's earlier test (earlier-test.ts). */
export interface WashoutSummary {
  /** The earlier test showed a lag (otherwise the default rule applies), and its median when it did. */
  lagRead: Rate;
  medianLag: number;
  /** The product refused the windows as too short for the lag: the test never ran. */
  refused: Rate;
  /** Minutes of washout over the tests that ran: median, 10th and 90th percentiles. */
  median: number;
  low: number;
  high: number;
}

export interface CellSummary {
  cell: Cell;
  /** Tests that ran (all but the refused), and tests simulated. */
  runs: number;
  simulated: number;
  /** Identical titles: any winner; otherwise a winner that is not a best title. */
  wrongWinnerWithLooks: Rate;
  wrongWinnerFinal: Rate;
  /** A best title named (with looks), when one title is strictly best. */
  power: Rate | null;
  challengers: ChallengerSummary[];
  same: Rate;
  /** The title left live is worse than the original; null when no title is. */
  worseLeftLive: Rate | null;
  /** Mean of log(1 + truth(left live)) / log(1 + truth(best)); null when the original is best. */
  gainKept: number | null;
  exceptionTests: number;
  finalExceptions: number;
  errors: string[];
  /** Null unless the shape measures its washout. */
  washout: WashoutSummary | null;
  /** Null unless the cell puts Variant 2 at the plan's lift. */
  plan: PlanSummary | null;
  /** CPU milliseconds spent on the cell's simulated tests. */
  ms: number;
  /** Tests that reached a verdict (a winner, or "performed the same"), the median days they took, and quota units spent per verdict. */
  verdicts: Rate;
  medianDaysToVerdict: number;
  unitsPerVerdict: number;
}

function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The value below which a share `q` of the values lie (nearest rank). */
function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

function washoutSummary(simulated: readonly TestOutcome[]): WashoutSummary | null {
  const choices = simulated.flatMap((o) => (o.washout ? [o.washout] : []));
  if (choices.length === 0) return null;
  const minutes = choices.filter((choice) => !choice.refused).map((choice) => choice.minutes);
  const lags = choices.flatMap((choice) => (choice.lagMinutes === null ? [] : [choice.lagMinutes]));
  return {
    lagRead: wilson(lags.length, choices.length),
    medianLag: median(lags),
    refused: wilson(choices.filter((choice) => choice.refused).length, choices.length),
    median: median(minutes),
    low: quantile(minutes, 0.1),
    high: quantile(minutes, 0.9),
  };
}

function planSummary(simulated: readonly TestOutcome[], ran: readonly TestOutcome[]): PlanSummary | null {
  const plans = simulated.flatMap((o) => (o.plan ? [o.plan] : []));
  if (plans.length === 0) return null;
  const lifts = ran.flatMap((o) => (o.plan?.lift == null ? [] : [o.plan.lift]));
  return {
    median: median(lifts),
    low: quantile(lifts, 0.1),
    high: quantile(lifts, 0.9),
    viewsRatio: median(plans.map((plan) => plan.viewsPerDay / plan.currentViewsPerDay)),
    refused: wilson(plans.filter((plan) => plan.lift === null).length, plans.length),
    power: rate(ran, (o) => o.winnerWithLooks === 1),
    channelNoise: wilson(plans.filter((plan) => plan.trafficNoise !== null).length, plans.length),
    medianNoise: median(plans.flatMap((plan) => (plan.trafficNoise === null ? [] : [plan.trafficNoise]))),
    sources: {
      channel: plans.filter((plan) => plan.source === 'channel').length,
      video: plans.filter((plan) => plan.source === 'video').length,
      assumed: plans.filter((plan) => plan.source === 'assumed').length,
    },
    promisedDays: median(plans.flatMap((plan) => (plan.daysToVerdict === null ? [] : [plan.daysToVerdict]))),
  };
}

const PRODUCT_KIND: Record<Cell['shape']['kind'], ProductKind> = {
  title: 'titles',
  thumbnail: 'thumbnails',
  package: 'packages',
};

/**
 * The YouTube quota a test spent until its verdict's reading, at the floor the cost model sets:
 * every slot begun reads the video, every change writes, the end puts the original back, and the
 * counter is sampled at the shape's cadence.
 */
function unitsSpent(cell: Cell, outcome: TestOutcome): number {
  const kind = PRODUCT_KIND[cell.shape.kind];
  const shape = {
    rotationIntervalMinutes: cell.shape.intervalMinutes,
    winnerMetric: cell.shape.metric,
    kind,
  };
  return (
    outcome.slots +
    outcome.switches * (unitsPerSwitch(kind) - 1) +
    unitsPerSwitch(kind) +
    samplingUnitsPerDay(shape) * Math.min(outcome.days, cell.shape.days)
  );
}

/** The variants with the highest true lift in this test. */
function bestOf(truth: readonly number[]): Set<number> {
  const top = Math.max(...truth);
  return new Set(truth.flatMap((value, i) => (value === top ? [i] : [])));
}

export function summarise(cell: Cell, simulated: readonly TestOutcome[], ms: number): CellSummary {
  const outcomes = simulated.filter((o) => !wasRefused(o));
  const truth = cell.truth;
  const best = bestOf(truth);
  const wrong = (o: TestOutcome, winner: number | null): boolean =>
    winner !== null && (cell.scenario === 'same' || !bestOf(o.truth).has(winner));
  const challengers = truth.slice(1).map((value, k) => {
    const titleIndex = k + 1;
    const finite = outcomes.filter((o) => Number.isFinite(o.lifts[titleIndex]?.lift));
    const truthOf = (o: TestOutcome): number => o.truth[titleIndex] ?? value;
    return {
      titleIndex,
      truth: isPlanScenario(cell.scenario) ? median(outcomes.map(truthOf)) : value,
      median: median(finite.map((o) => o.lifts[titleIndex]!.lift)),
      bias: median(finite.map((o) => o.lifts[titleIndex]!.lift - truthOf(o))),
      estimated: finite.length,
      coverage: rate(
        finite,
        (o) => o.lifts[titleIndex]!.low <= truthOf(o) && truthOf(o) <= o.lifts[titleIndex]!.high,
      ),
    };
  });
  const anyWorse = truth.some((value) => value < truth[0]!);
  const gains = outcomes.map((o) => Math.log1p(o.truth[o.leftLive] ?? 0) / Math.log1p(Math.max(...o.truth)));
  return {
    cell,
    runs: outcomes.length,
    simulated: simulated.length,
    wrongWinnerWithLooks: rate(outcomes, (o) => wrong(o, o.winnerWithLooks)),
    wrongWinnerFinal: rate(outcomes, (o) => wrong(o, o.finalWinner)),
    power:
      best.size === 1 || isPlanScenario(cell.scenario)
        ? rate(outcomes, (o) => o.winnerWithLooks !== null && bestOf(o.truth).has(o.winnerWithLooks))
        : null,
    challengers,
    same: rate(outcomes, (o) => o.finalVerdict === 'same'),
    worseLeftLive: anyWorse ? rate(outcomes, (o) => (o.truth[o.leftLive] ?? 0) < o.truth[0]!) : null,
    gainKept:
      (isPlanScenario(cell.scenario) || Math.max(...truth) > truth[0]!) && outcomes.length > 0
        ? gains.reduce((a, b) => a + b, 0) / gains.length
        : null,
    exceptionTests: outcomes.filter((o) => o.exceptions > 0).length,
    finalExceptions: outcomes.filter((o) => o.finalThrew).length,
    errors: [...new Set(outcomes.flatMap((o) => (o.firstError ? [o.firstError] : [])))].slice(0, 3),
    washout: washoutSummary(simulated),
    plan: planSummary(simulated, outcomes),
    ms,
    ...verdictCosts(cell, outcomes),
  };
}

function verdictCosts(cell: Cell, outcomes: readonly TestOutcome[]) {
  const decided = outcomes.filter((o) => o.finalWinner !== null || o.finalVerdict === 'same');
  const units = outcomes.reduce((sum, o) => sum + unitsSpent(cell, o), 0);
  return {
    verdicts: wilson(decided.length, outcomes.length),
    medianDaysToVerdict: median(decided.map((o) => o.days)),
    unitsPerVerdict: decided.length > 0 ? units / decided.length : Number.NaN,
  };
}
