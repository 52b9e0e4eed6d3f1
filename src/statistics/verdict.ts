// When to stop and what to say (STATISTICS.md §4), and the engine's single entry point.

import { summarizePosterior } from './posterior';
import type { PosteriorSummary, TitleSummary } from './posterior';
import { describeMissing, measureProgress } from './progress';
import type { Progress } from './progress';
import type { Seed } from './random';
import { combineEffects, estimateTitleEffects, oddsRatioToCtrRatio, originalCtr } from './window-analysis';
import type { EffectResult, TitleEffects, WindowObservation, WinnerMetric } from './window-analysis';

export const WINNER_PROBABILITY = 0.95;
/**
 * The bar for a winner before the end date (Haybittle–Peto). The test is checked at every block
 * boundary; stopping at the first look with P(best) ≥ 0.95 roughly doubled the false-winner rate
 * between identical titles in the validation study (16% vs 7.5% over five daily looks), while a
 * 0.999 bar for interim looks costs almost no power. The end-of-test look keeps 0.95.
 */
export const INTERIM_WINNER_PROBABILITY = 0.999;
export const WINNER_MAX_LOSS = 0.005;
export const PREFERRED_PROBABILITY = 0.8;
/** "No meaningful difference" when every title's whole interval lies within ±2% of the original. */
export const EQUIVALENCE_MARGIN = 0.02;

export type Verdict = 'winner' | 'preferred' | 'no_difference' | 'inconclusive';

export interface Decision {
  verdict: Verdict;
  /** The title the verdict names (winner or preferred); null otherwise. */
  winnerTitleIndex: number | null;
  /** What to put live if the test ended now: the winner or preferred title, else the original. */
  recommendedTitleIndex: number;
  reason: string;
}

export interface TestVerdict extends Decision {
  metric: WinnerMetric;
  /** One entry per title, index 0 = the original; empty when nothing could be estimated. */
  titles: TitleSummary[];
  progress: Progress;
  residualDf: number;
  covarianceSource: TitleEffects['covarianceSource'] | null;
  method: PosteriorSummary['method'] | null;
  /** Caveats for the UI, e.g. which figures are estimates. */
  notes: string[];
}

export interface AnalyzeTestInput {
  /** Full schedule windows only (not lead-in or tail), measured after the washout. */
  windows: readonly WindowObservation[];
  titleCount: number;
  metric: WinnerMetric;
  intervalMinutes: number;
  /** True at the end date (or day 14): the winner bar drops from 0.999 to 0.95, "preferred" is allowed. */
  isFinal: boolean;
  seed: Seed;
  /** Posterior draws (default 20,000); the validation study uses fewer. */
  draws?: number;
  publishedAt?: Date;
}

/** Minutes ignored after each switch: feeds cache the old title and public counters lag (§1.4). */
export function washoutMinutes(intervalMinutes: number): number {
  return Math.max(15, 0.1 * intervalMinutes);
}

// Title 1 is the baseline the lifts are measured against; "the original" is the video's title before the test.
const titleName = (index: number): string => `Title ${index + 1}`;
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const percent = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;
/** Whole percent, but never rounds a near-certainty up to "100%" (or past the 99.9% bar). */
const formatChance = (p: number): string =>
  p >= 0.99 && p < 1 ? `${(Math.floor(p * 1000) / 10).toFixed(1)}%` : `${Math.round(p * 100)}%`;
const METRIC_WORDS: Record<WinnerMetric, string> = {
  ctr: 'click-through rate',
  views: 'views per hour',
  combined: 'watch time per hour',
};

/** Applies the §4 rules to a posterior summary. Pure, so the study can reuse it. */
export function decide(
  titles: readonly TitleSummary[],
  progress: Progress,
  isFinal: boolean,
  metric: WinnerMetric,
): Decision {
  const keepOriginal = { winnerTitleIndex: null, recommendedTitleIndex: 0 };
  if (!progress.met || titles.length === 0) {
    const missing = describeMissing(progress);
    return isFinal
      ? {
          verdict: 'inconclusive',
          ...keepOriginal,
          reason: `The test ended before the minimum sample (${missing}) — keep the original.`,
        }
      : { verdict: 'inconclusive', ...keepOriginal, reason: `Not enough data yet: ${missing}.` };
  }
  const best = titles.reduce((a, b) => (b.probabilityBest > a.probabilityBest ? b : a));
  const chance = `${formatChance(best.probabilityBest)} chance to be best`;
  const liftWords =
    best.titleIndex === 0
      ? ''
      : `, ${percent(best.lift)} ${METRIC_WORDS[metric]} (95% interval ${percent(best.liftLow)} to ${percent(best.liftHigh)})`;
  const winnerBar = isFinal ? WINNER_PROBABILITY : INTERIM_WINNER_PROBABILITY;
  if (best.probabilityBest >= winnerBar && best.expectedLoss <= WINNER_MAX_LOSS) {
    return {
      verdict: 'winner',
      winnerTitleIndex: best.titleIndex,
      recommendedTitleIndex: best.titleIndex,
      reason: `${capitalise(titleName(best.titleIndex))} wins: ${chance}${liftWords}.`,
    };
  }
  const challengers = titles.filter((t) => t.titleIndex !== 0);
  if (challengers.every((t) => t.liftLow >= -EQUIVALENCE_MARGIN && t.liftHigh <= EQUIVALENCE_MARGIN)) {
    return {
      verdict: 'no_difference',
      ...keepOriginal,
      reason: `No meaningful difference: every title is within ±${EQUIVALENCE_MARGIN * 100}% of Title 1 on ${METRIC_WORDS[metric]} — keep the original.`,
    };
  }
  if (isFinal && best.probabilityBest >= PREFERRED_PROBABILITY) {
    return {
      verdict: 'preferred',
      winnerTitleIndex: best.titleIndex,
      recommendedTitleIndex: best.titleIndex,
      reason: `${capitalise(titleName(best.titleIndex))} is preferred but not a clear winner: ${chance}${liftWords}.`,
    };
  }
  if (isFinal)
    return { verdict: 'inconclusive', ...keepOriginal, reason: 'No clear winner — keep the original.' };
  return {
    verdict: 'inconclusive',
    ...keepOriginal,
    reason:
      best.probabilityBest >= WINNER_PROBABILITY
        ? `No winner yet — keep testing (leading: ${titleName(best.titleIndex)}, ${chance}; before the end date a winner needs ${INTERIM_WINNER_PROBABILITY * 100}% because the test is checked as it runs).`
        : `No winner yet — keep testing (leading: ${titleName(best.titleIndex)}, ${chance}).`,
  };
}

function effectsFor(input: AnalyzeTestInput, notes: string[]): EffectResult {
  const options = {
    titleCount: input.titleCount,
    intervalMinutes: input.intervalMinutes,
    publishedAt: input.publishedAt,
  };
  if (input.metric === 'ctr') {
    if (input.intervalMinutes < 1440)
      notes.push('CTR per window is estimated: YouTube reports impressions per day only.');
    return estimateTitleEffects(input.windows, 'ctr', options);
  }
  const views = estimateTitleEffects(input.windows, 'views', options);
  if (input.metric === 'views' || !views.ok) return views;
  const duration = estimateTitleEffects(input.windows, 'avd', options);
  if (!duration.ok) {
    notes.push('View duration is not measured per window yet, so watch time is compared on views alone.');
    return views;
  }
  if (input.intervalMinutes < 1440)
    notes.push('View duration per window is estimated: YouTube reports it per day only.');
  return { ok: true, effects: combineEffects(views.effects, duration.effects) };
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
 * The engine's entry point: fits the window model for the metric, summarises the posterior and
 * applies the stopping rules. Deterministic for a given seed. Call it at block boundaries only.
 */
export function analyzeTest(input: AnalyzeTestInput): TestVerdict {
  if (!Number.isInteger(input.titleCount) || input.titleCount < 2)
    throw new RangeError('a test needs at least 2 titles');
  const notes: string[] = [
    'Lifts, intervals and chances are Titlewise’s own calculation from YouTube’s figures, relative to Title 1.',
  ];
  const result = effectsFor(input, notes);
  const residualDf = result.ok ? result.effects.df : 0;
  const progress = measureProgress(input.windows, input.titleCount, input.metric, residualDf);
  if (!result.ok) {
    const decision = decide([], progress, input.isFinal, input.metric);
    return {
      ...decision,
      reason: `${decision.reason} (${result.reason})`,
      metric: input.metric,
      titles: [],
      progress,
      residualDf,
      covarianceSource: null,
      method: null,
      notes,
    };
  }
  const posterior = summarizePosterior(result.effects, { seed: input.seed, draws: input.draws });
  const titles =
    input.metric === 'ctr' ? asCtrRatios(posterior.titles, originalCtr(input.windows)) : posterior.titles;
  return {
    ...decide(titles, progress, input.isFinal, input.metric),
    metric: input.metric,
    titles,
    progress,
    residualDf,
    covarianceSource: result.effects.covarianceSource,
    method: posterior.method,
    notes,
  };
}
