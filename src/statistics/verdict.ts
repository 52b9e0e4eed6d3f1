// When to stop and what to say (docs/statistics.md), and the engine's single entry point.

import { SAME_PERFORMANCE_MARGIN, VERDICT_LABELS, METRIC_WORDS } from '../shared/test-shapes';
import type { VerdictKind } from '../shared/test-shapes';
import type { Matrix } from './cholesky';
import { studentTQuantile } from './distributions';
import { summarizePosterior } from './posterior';
import type { PosteriorSummary, TitleSummary } from './posterior';
import { describeMissing, measureProgress } from './progress';
import type { Progress } from './progress';
import type { Seed } from './random';
import { estimateTitleEffects, oddsRatioToCtrRatio, originalCtr, RESPONSE_OF } from './window-analysis';
import type { TitleEffects, WindowObservation, WinnerMetric } from './window-analysis';

/**
 * The winner bar at the planned end: P(best) ≥ 0.98. With two titles and a flat prior that is a
 * two-sided 4% t-test; the daily reading a creator may act on adds up to about 1%, so identical
 * titles end with a winner (either way) under 5% of the time (bench/stats.ts checks every shape).
 * More titles make the bar stricter, not looser.
 */
export const FINAL_WINNER_PROBABILITY = 0.985;
/**
 * The bar before the planned end (Haybittle–Peto style): the card shows the reading every day and
 * a creator may complete the test as soon as it says "Winner", so interim looks need a bar that
 * repeated looking cannot wear down. It costs almost no power at the end.
 */
export const INTERIM_WINNER_PROBABILITY = 0.9995;
export const WINNER_MAX_LOSS = 0.005;
/** 0.84: the standard-normal quantile for an 80% chance to decide (power). */
const Z_POWER = 0.8416212335729143;
/** Longest extension worth suggesting (the longest test the product allows). */
const MAX_MORE_DAYS = 60;

export type Verdict = VerdictKind;

export interface Decision {
  verdict: Verdict;
  /** The title the verdict names (a winner only); null otherwise. */
  winnerTitleIndex: number | null;
  /** What to put live if the test ended now: the winner, else the original. */
  recommendedTitleIndex: number;
  reason: string;
  /** Undecided: about how many more days of testing would settle it, if the estimates hold. */
  moreDaysNeeded: number | null;
}

export interface TestVerdict extends Decision {
  metric: WinnerMetric;
  label: string;
  /** One entry per title, index 0 = the original; empty when nothing could be estimated. */
  titles: TitleSummary[];
  progress: Progress;
  residualDf: number;
  covarianceSource: TitleEffects['covarianceSource'] | null;
  method: PosteriorSummary['method'] | null;
  /** Caveats for the UI, e.g. which figures are Titlewise's own calculation. */
  notes: string[];
}

export interface AnalyzeTestInput {
  /** Full schedule windows only (not lead-in or tail), measured after the washout. */
  windows: readonly WindowObservation[];
  titleCount: number;
  metric: WinnerMetric;
  intervalMinutes: number;
  /** True once the test has run to its planned end: the winner bar drops from 0.9995 to 0.985. */
  isFinal: boolean;
  seed: Seed;
  /** Posterior draws (default 20,000); the validation study uses fewer. */
  draws?: number;
  publishedAt?: Date;
  /** Units per title the schedule plans, for the progress bar. */
  plannedUnitsPerTitle?: number;
}

/** Minutes ignored after each switch: feeds cache the old title and public counters lag. */
export function washoutMinutes(intervalMinutes: number): number {
  return Math.max(15, 0.1 * intervalMinutes);
}

// Title 1 is the baseline the lifts are measured against; "the original" is the video's title before the test.
const titleName = (index: number): string => `Title ${index + 1}`;
const percent = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
/** Whole percent; near the bars one decimal, rounded down, so a chance never reads as past a bar it missed. */
const formatChance = (p: number): string =>
  p >= 0.95 && p < 1 ? `${(Math.floor(p * 1000) / 10).toFixed(1)}%` : `${Math.round(p * 100)}%`;

/** What the noise of the estimates says about time still needed (see Decision.moreDaysNeeded). */
export interface Precision {
  /** Covariance of θ (log scale) for titles 1 … k−1, and its residual df. */
  covariance: Matrix;
  df: number;
  /** Units per title measured so far, and how many days of testing one unit per title costs. */
  unitsPerTitle: number;
  daysPerUnitPerTitle: number;
}

/**
 * Days of testing until the decision would likely come, if today's estimates are the truth: the
 * variance shrinks as 1/n, so n must grow by (needed / current standardised margin)². Two routes:
 * the leader clears the winner bar with 80% chance, or every interval fits inside the "same" band.
 */
function moreDaysNeeded(titles: readonly TitleSummary[], precision: Precision | undefined): number | null {
  if (!precision || precision.unitsPerTitle <= 0 || titles.length < 2) return null;
  const variance = (i: number, j: number): number =>
    i === 0 || j === 0 ? 0 : (((precision.covariance[i - 1] as number[])[j - 1] as number) ?? 0);
  const sorted = [...titles].sort((a, b) => b.logEffect - a.logEffect);
  const leader = sorted[0] as TitleSummary;
  const runnerUp = sorted[1] as TitleSummary;
  const gap = leader.logEffect - runnerUp.logEffect;
  const gapSd = Math.sqrt(
    variance(leader.titleIndex, leader.titleIndex) +
      variance(runnerUp.titleIndex, runnerUp.titleIndex) -
      2 * variance(leader.titleIndex, runnerUp.titleIndex),
  );
  const critical = studentTQuantile(FINAL_WINNER_PROBABILITY, Math.max(precision.df, 3)) + Z_POWER;
  const factors: number[] = [];
  if (gap > 0 && gapSd > 0) factors.push(((critical * gapSd) / gap) ** 2);
  const widest = Math.max(...titles.map((t) => Math.abs(t.logEffect)));
  const margin = Math.log1p(SAME_PERFORMANCE_MARGIN);
  const maxSd = Math.sqrt(Math.max(...titles.map((t) => variance(t.titleIndex, t.titleIndex))));
  if (widest < margin && maxSd > 0) factors.push(((critical * maxSd) / (margin - widest)) ** 2);
  if (factors.length === 0) return null;
  const extraUnits = precision.unitsPerTitle * (Math.min(...factors) - 1);
  const days = Math.max(1, Math.ceil(extraUnits * precision.daysPerUnitPerTitle));
  return days <= MAX_MORE_DAYS ? days : null;
}

/** Applies the stopping rules to a posterior summary. Pure, so the study can reuse it. */
export function decide(
  titles: readonly TitleSummary[],
  progress: Progress,
  isFinal: boolean,
  metric: WinnerMetric,
  precision?: Precision,
): Decision {
  const keepOriginal = { winnerTitleIndex: null, recommendedTitleIndex: 0 };
  if (!progress.met || titles.length === 0) {
    return {
      verdict: 'inconclusive',
      ...keepOriginal,
      moreDaysNeeded: null,
      reason: isFinal
        ? `The test ended before it had enough data (${describeMissing(progress)}) — the original title stays.`
        : `Not enough data yet: ${describeMissing(progress)}.`,
    };
  }
  const best = titles.reduce((a, b) => (b.probabilityBest > a.probabilityBest ? b : a));
  const chance = `${formatChance(best.probabilityBest)} chance to be best`;
  const liftWords =
    best.titleIndex === 0
      ? ''
      : `, ${percent(best.lift)} ${METRIC_WORDS[metric]} (95% interval ${percent(best.liftLow)} to ${percent(best.liftHigh)})`;
  const winnerBar = isFinal ? FINAL_WINNER_PROBABILITY : INTERIM_WINNER_PROBABILITY;
  if (best.probabilityBest >= winnerBar && best.expectedLoss <= WINNER_MAX_LOSS) {
    return {
      verdict: 'winner',
      winnerTitleIndex: best.titleIndex,
      recommendedTitleIndex: best.titleIndex,
      moreDaysNeeded: null,
      reason: `${titleName(best.titleIndex)} wins: ${chance}${liftWords}.`,
    };
  }
  const challengers = titles.filter((t) => t.titleIndex !== 0);
  if (
    challengers.every((t) => t.liftLow >= -SAME_PERFORMANCE_MARGIN && t.liftHigh <= SAME_PERFORMANCE_MARGIN)
  ) {
    return {
      verdict: 'same',
      ...keepOriginal,
      moreDaysNeeded: null,
      reason: `The titles performed the same: every title is within ±${SAME_PERFORMANCE_MARGIN * 100}% of Title 1 on ${METRIC_WORDS[metric]} (95% intervals) — the original title stays.`,
    };
  }
  const more = moreDaysNeeded(titles, precision);
  const leading = `${titleName(best.titleIndex)} leads with ${chance}${liftWords}`;
  const bar = `${Number((winnerBar * 100).toFixed(2))}%`;
  if (isFinal) {
    return {
      verdict: 'inconclusive',
      ...keepOriginal,
      moreDaysNeeded: more,
      reason: `No title reached the ${bar} chance a winner needs (${leading})${more ? `; about ${more} more days would likely have settled it` : ''} — the original title stays.`,
    };
  }
  return {
    verdict: 'inconclusive',
    ...keepOriginal,
    moreDaysNeeded: more,
    reason: `No winner yet: ${leading}. Before the end date a winner needs ${bar} because the test is read every day${more ? `; about ${more} more days would likely settle it` : ''}.`,
  };
}

/** CTR lifts as ratios of CTRs rather than odds; monotone, so chances and intervals carry over. */
function asCtrRatios(titles: TitleSummary[], baselineCtr: number): TitleSummary[] {
  const convert = (lift: number): number => oddsRatioToCtrRatio(1 + lift, baselineCtr) - 1;
  return titles.map((t) => ({
    ...t,
    lift: convert(t.lift),
    liftLow: convert(t.liftLow),
    liftHigh: convert(t.liftHigh),
  }));
}

/**
 * The engine's entry point: fits the unit model for the metric, summarises the posterior and
 * applies the stopping rules. Deterministic for a given seed.
 */
export function analyzeTest(input: AnalyzeTestInput): TestVerdict {
  if (!Number.isInteger(input.titleCount) || input.titleCount < 2)
    throw new RangeError('a test needs at least 2 titles');
  const notes: string[] = [
    'Lifts, intervals and chances are Titlewise’s own calculation from YouTube’s figures, relative to Title 1.',
  ];
  if (input.metric !== 'views')
    notes.push(
      'YouTube reports impressions, CTR and watch time per day, 2–3 days late: each day is one measurement.',
    );
  const response = RESPONSE_OF[input.metric];
  const result = estimateTitleEffects(input.windows, response, {
    titleCount: input.titleCount,
    intervalMinutes: input.intervalMinutes,
    publishedAt: input.publishedAt,
  });
  const residualDf = result.ok ? result.effects.df : 0;
  const progress = measureProgress(
    input.windows,
    input.titleCount,
    response,
    residualDf,
    input.plannedUnitsPerTitle,
  );
  const common = { metric: input.metric, progress, residualDf, notes };
  if (!result.ok) {
    const decision = decide([], progress, input.isFinal, input.metric);
    return {
      ...decision,
      ...common,
      label: VERDICT_LABELS[decision.verdict],
      reason: progress.met ? `${decision.reason} (${result.reason})` : decision.reason,
      titles: [],
      covarianceSource: null,
      method: null,
    };
  }
  const posterior = summarizePosterior(result.effects, { seed: input.seed, draws: input.draws });
  const titles =
    input.metric === 'ctr' ? asCtrRatios(posterior.titles, originalCtr(input.windows)) : posterior.titles;
  const unitsPerTitle = progress.items.find((item) => item.key === 'unitsPerTitle')?.current ?? 0;
  const decision = decide(titles, progress, input.isFinal, input.metric, {
    covariance: result.effects.covariance,
    df: result.effects.df,
    unitsPerTitle,
    daysPerUnitPerTitle: (input.intervalMinutes / 1440) * input.titleCount,
  });
  return {
    ...decision,
    ...common,
    label: VERDICT_LABELS[decision.verdict],
    titles,
    covarianceSource: result.effects.covarianceSource,
    method: posterior.method,
  };
}
