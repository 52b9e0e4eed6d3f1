// When to stop and why (docs/statistics.md), and the engine's single entry point. The engine
// answers reason codes and numbers; the words a creator reads are src/shared/verdict-words.ts's.

import { SAME_PERFORMANCE_MARGIN } from '../shared/test-shapes';
import type { VerdictKind } from '../shared/test-shapes';
import type { LiftReading, VerdictReason } from '../shared/verdict-words';
import type { Matrix } from './cholesky';
import { studentTQuantile } from './distributions';
import { summarizePosterior } from './posterior';
import type { TitleSummary } from './posterior';
import { missingCounts } from './progress';
import type { Progress } from './progress';
import type { Seed } from './random';
import { observedContrasts, randomisationInference } from './randomisation';
import type { RandomisationResult } from './randomisation';
import { readingUnits } from './reading-units';
import type { ReadingInput } from './reading-units';
import type { Response, WindowObservation, WinnerMetric } from './window-analysis';

/**
 * The winner bar at the planned end: the randomisation p-value of the leader's lead over the
 * runner-up ≤ 3% (with two titles, a two-sided 3% test: the old "98.5% chance to be best"). The
 * daily reading a creator may act on adds at most about a point (below), so identical titles end
 * with a winner under 5% of the time whatever the traffic (bench/stats.ts, bench/adverse.ts).
 */
export const FINAL_P_VALUE = 0.03;
/**
 * The bar before the planned end (Haybittle–Peto style): the card shows the reading every day and
 * a creator may complete the test as soon as it says "Winner", so interim looks need a bar that
 * repeated looking cannot wear down: no redrawn schedule of 999 may match the observed lead.
 */
export const INTERIM_P_VALUE = 0.001;
/** The one-sided confidence of the final bar, for the plan's power calculation. */
export const FINAL_WINNER_PROBABILITY = 1 - FINAL_P_VALUE / 2;
/** 0.84: the standard-normal quantile for an 80% chance to decide (power). */
const Z_POWER = 0.8416212335729143;
/** Longest extension worth suggesting (the longest test the product allows). */
const MAX_MORE_DAYS = 60;

export type Verdict = VerdictKind;

export interface Decision {
  verdict: Verdict;
  /** The title the verdict names (a winner only); null otherwise. */
  winnerTitleIndex: number | null;
  /**
   * What to put live if the test ended now: the winner; else the best title that beats the
   * original with the winner's confidence; else the original.
   */
  recommendedTitleIndex: number;
  /** Why: a reason code and the numbers its sentence needs (verdictReasonWords words it). */
  why: VerdictReason;
  /** Undecided: about how many more days of testing would settle it, if the estimates hold. */
  moreDaysNeeded: number | null;
}

export interface TestVerdict extends Decision {
  metric: WinnerMetric;
  /** One entry per title, index 0 = the original; empty until the minimums are met. */
  titles: TitleSummary[];
  progress: Progress;
  /** Randomisation p-value of the leader's lead over the runner-up; null without numbers. */
  pValue: number | null;
  method: 'randomisation' | null;
}

export interface AnalyzeTestInput extends ReadingInput {
  /** True once the test has run to its end: the final winner bar. */
  isFinal: boolean;
  /**
   * The test has ended, at its planned end or before it (the creator completed it): the reason
   * speaks of it as over even when the reading keeps the bar of a look (`isFinal` false). Default
   * `isFinal`.
   */
  ended?: boolean;
  /**
   * The p-value at or below which the leader is named the winner: the bar of this look (looks.ts).
   * Without it, a reading outside any schedule of looks: the single-look budget at the end, and a
   * bar no repeated looking can wear down before it.
   */
  winnerBar?: number;
  seed: Seed;
  /** Draws for the chance to be best (default 20,000). */
  draws?: number;
}

/** Minutes ignored after each switch: feeds cache the old title and public counters lag. */
export function washoutMinutes(intervalMinutes: number): number {
  return Math.max(15, 0.1 * intervalMinutes);
}

/** What the noise of the estimates says about time still needed (see Decision.moreDaysNeeded). */
export interface Precision {
  /** Covariance of θ (log scale) for titles 1 … k−1. */
  covariance: Matrix;
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
  const critical = studentTQuantile(FINAL_WINNER_PROBABILITY, Number.POSITIVE_INFINITY) + Z_POWER;
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

/** What the randomisation test says about the titles (randomisation.ts). */
export interface Evidence {
  /** The title with the highest level, and the p-value of its lead over the runner-up. */
  leader: number;
  pLeader: number;
  /** Per title (index 0 unused): one-sided p-value of doing no better than Title 1. */
  pBetterThanFirst: number[];
  precision?: Precision;
  /** The winner bar of this reading (AnalyzeTestInput.winnerBar); without it, the single-look bars below. */
  bar?: number;
}

/** A title's lift against Title 1 (the baseline the lifts are measured against) and its interval. */
const liftOf = (title: TitleSummary): LiftReading => ({
  lift: title.lift,
  low: title.liftLow,
  high: title.liftHigh,
});

/**
 * The best challenger that beats the original with the winner's confidence (one-sided, shared
 * among the challengers), or null: never put back a title the data show to be worse.
 */
function bestBeatingOriginal(
  titles: readonly TitleSummary[],
  evidence: Evidence,
  bar: number,
): TitleSummary | null {
  const level = bar / 2 / Math.max(1, titles.length - 1);
  const beating = titles.filter(
    (t) => t.titleIndex > 0 && (evidence.pBetterThanFirst[t.titleIndex] ?? 1) <= level,
  );
  return beating.reduce<TitleSummary | null>(
    (a, b) => (a === null || b.logEffect > a.logEffect ? b : a),
    null,
  );
}

/** Applies the stopping rules to the estimates and the test's evidence. Pure, so the study can reuse it. */
export function decide(
  titles: readonly TitleSummary[],
  progress: Progress,
  isFinal: boolean,
  evidence: Evidence | null,
  /** The test is over (AnalyzeTestInput.ended): the reason says so, whatever bar decided. */
  ended: boolean = isFinal,
): Decision {
  const keepOriginal = { winnerTitleIndex: null, recommendedTitleIndex: 0 };
  if (!progress.met || titles.length === 0 || evidence === null) {
    return {
      verdict: 'inconclusive',
      ...keepOriginal,
      moreDaysNeeded: null,
      why: {
        code: 'not-enough-data',
        ended,
        missing: missingCounts(progress),
        unit: progress.unit,
        event: progress.event,
      },
    };
  }
  const bar = evidence.bar ?? (isFinal ? FINAL_P_VALUE : INTERIM_P_VALUE);
  const leader = titles.find((t) => t.titleIndex === evidence.leader) ?? titles[0]!;
  if (evidence.pLeader <= bar) {
    return {
      verdict: 'winner',
      winnerTitleIndex: leader.titleIndex,
      recommendedTitleIndex: leader.titleIndex,
      moreDaysNeeded: null,
      why:
        leader.titleIndex === 0
          ? { code: 'original-wins', variantCount: titles.length }
          : {
              code: 'challenger-wins',
              winner: leader.titleIndex,
              lift: liftOf(leader),
              variantCount: titles.length,
            },
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
      why: { code: 'same', margin: SAME_PERFORMANCE_MARGIN },
    };
  }
  const more = moreDaysNeeded(titles, evidence.precision);
  const beating = bestBeatingOriginal(titles, evidence, bar);
  if (beating) {
    return {
      verdict: 'inconclusive',
      winnerTitleIndex: null,
      recommendedTitleIndex: beating.titleIndex,
      moreDaysNeeded: more,
      why: {
        code: 'beats-original',
        best: beating.titleIndex,
        lift: liftOf(beating),
        unsettled: challengers.filter((t) => t.titleIndex !== beating.titleIndex).map((t) => t.titleIndex),
        ended,
      },
    };
  }
  return {
    verdict: 'inconclusive',
    ...keepOriginal,
    moreDaysNeeded: more,
    why: {
      code: 'no-winner',
      leader: leader.titleIndex,
      lift: leader.titleIndex === 0 ? null : liftOf(leader),
      moreDays: more,
      ended,
    },
  };
}

/** The units with each title's estimated effect divided out, for fitting the video's own level. */
function withoutEffects(
  data: readonly WindowObservation[],
  result: RandomisationResult,
  response: Response,
): WindowObservation[] {
  return data.map((w) => {
    const effect = w.titleIndex === 0 ? 0 : (result.contrasts[w.titleIndex - 1]?.estimate ?? 0);
    const scale = Math.exp(-effect);
    if (response === 'views') return { ...w, views: w.views * scale };
    if (response === 'ctr') return { ...w, clicks: (w.clicks ?? 0) * scale };
    return { ...w, watchTimeSec: (w.watchTimeSec ?? 0) * scale };
  });
}

const VARIANCE_FLOOR = 1e-8;

function summarise(result: RandomisationResult, seed: Seed, draws: number | undefined): TitleSummary[] {
  // Chance to be best and expected loss: a normal approximation around the estimates with the
  // spread the redrawn schedules show; the lifts' intervals invert the randomisation test itself.
  const posterior = summarizePosterior(
    {
      estimate: result.contrasts.map((c) => c.estimate),
      // A floor keeps the chances defined when every redraw gives the same contrast.
      covariance: result.covariance.map((row, i) =>
        row.map((value, j) => (Number.isFinite(value) ? value : 0) + (i === j ? VARIANCE_FLOOR : 0)),
      ),
      df: Number.POSITIVE_INFINITY,
    },
    { seed, draws },
  );
  return posterior.titles.map((title) => {
    const contrast = title.titleIndex === 0 ? null : result.contrasts[title.titleIndex - 1];
    return contrast
      ? { ...title, liftLow: Math.expm1(contrast.low), liftHigh: Math.expm1(contrast.high) }
      : title;
  });
}

/**
 * The engine's entry point: builds each unit's outcome and no-title baseline, compares the
 * titles with the randomisation test over redrawn schedules and applies the stopping rules.
 * Deterministic for a given input.
 */
export function analyzeTest(input: AnalyzeTestInput): TestVerdict {
  if (!Number.isInteger(input.titleCount) || input.titleCount < 2)
    throw new RangeError('a test needs at least 2 titles');
  const units = readingUnits(input);
  const { data, progress, response } = units;
  const common = { metric: input.metric, progress };
  if (units.redraws === null) {
    const decision = decide([], progress, input.isFinal, null, input.ended);
    return {
      ...decision,
      ...common,
      why: progress.met ? { code: 'schedule-mismatch' } : decision.why,
      titles: [],
      pValue: null,
      method: null,
    };
  }
  const unitData = (baselineData: readonly WindowObservation[]) => units.unitData(baselineData);
  // The test runs on the baseline fitted without the titles: the same under every redrawn
  // schedule, so its p-values are exact. A strong title's effect leaks into that baseline and pulls
  // every lift toward zero, so the estimates come from a baseline fitted with the effects taken out,
  // and the intervals keep the test's widths around them.
  const blind = randomisationInference(unitData(data));
  const adjusted = observedContrasts(unitData(withoutEffects(data, blind, response)));
  const result: RandomisationResult = {
    ...blind,
    contrasts: blind.contrasts.map((contrast, j) => {
      const shift = (adjusted[j] as number) - contrast.estimate;
      return {
        ...contrast,
        estimate: adjusted[j] as number,
        low: contrast.low + shift,
        high: contrast.high + shift,
      };
    }),
  };
  const pBetterThanFirst = [1, ...blind.contrasts.map((c) => c.pBetterThanFirst)];
  const titles = summarise(result, input.seed, input.draws);
  const unitsPerTitle = progress.items.find((item) => item.key === 'unitsPerTitle')?.current ?? 0;
  const decision = decide(
    titles,
    progress,
    input.isFinal,
    {
      leader: result.leader,
      pLeader: result.pLeader,
      pBetterThanFirst,
      bar: input.winnerBar,
      precision: {
        covariance: result.covariance,
        unitsPerTitle,
        daysPerUnitPerTitle: (input.intervalMinutes / 1440) * input.titleCount,
      },
    },
    input.ended,
  );
  return {
    ...decision,
    ...common,
    titles,
    pValue: result.pLeader,
    method: 'randomisation',
  };
}
