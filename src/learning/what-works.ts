import type { FeatureVerdict, LearningFeature } from '../shared/learning-features';
import { TITLE_FEATURES } from '../shared/learning-features';
import type { WinnerMetric } from '../shared/test-shapes';
import {
  MIN_POOLED_TESTS,
  poolFeatureEffects,
  type EffectRow,
  type FeatureFit,
} from '../statistics/meta-analysis';
import { ALL_FEATURES, variantRows, type FinishedVariant, type VariantEstimate } from './test-contrasts';

/*
 * "What works here" (docs/learning.md): for each metric the finished tests were judged by, and each
 * feature enough of them varied, the pooled effect of having it, from a random-effects
 * meta-regression of the tests' own estimates (each test counted once; metrics never mixed;
 * features fitted together, so one that always came with another is "tangled" with it). A feature
 * whose interval crosses zero is "no clear effect yet", whatever its point estimate; below
 * MIN_POOLED_TESTS it is "not enough tests yet", with how many more it needs.
 */

export interface FinishedTest {
  id: string;
  metric: WinnerMetric;
  variants: FinishedVariant[];
  estimates: VariantEstimate[];
}

export interface FeatureFinding {
  feature: LearningFeature;
  /** Tests that varied the feature (each counted once). */
  tests: number;
  /** The pooled lift of having the feature, with its 95% interval; null below the minimum. */
  lift: number | null;
  liftLow: number | null;
  liftHigh: number | null;
  verdict: FeatureVerdict;
  /** More tests varying it before it can be pooled (0 once it is). */
  testsNeeded: number;
  /** The features it only ever changed together with (verdict 'tangled'). */
  tangledWith: LearningFeature[];
}

export interface MetricFindings {
  metric: WinnerMetric;
  /** Finished tests judged by this metric with an estimate for their variants. */
  tests: number;
  features: FeatureFinding[];
}

/** The order features are listed in: those that help, by lift; then unclear, hurting, too few. */
const VERDICT_ORDER: Record<FeatureVerdict, number> = {
  helps: 0,
  hurts: 1,
  unclear: 2,
  tangled: 3,
  'too-few': 4,
};

function finding(feature: LearningFeature, fit: FeatureFit): FeatureFinding {
  const base = { feature, tests: fit.k, lift: null, liftLow: null, liftHigh: null, tangledWith: [] };
  if (fit.kind === 'too-few')
    return { ...base, verdict: 'too-few', testsNeeded: fit.needed ?? Math.max(1, MIN_POOLED_TESTS - fit.k) };
  if (fit.kind === 'tangled')
    return {
      ...base,
      verdict: 'tangled',
      testsNeeded: 0,
      tangledWith: fit.with.map((j) => ALL_FEATURES[j]!),
    };
  const verdict: FeatureVerdict = fit.low > 0 ? 'helps' : fit.high < 0 ? 'hurts' : 'unclear';
  return {
    ...base,
    lift: Math.expm1(fit.estimate),
    liftLow: Math.expm1(fit.low),
    liftHigh: Math.expm1(fit.high),
    verdict,
    testsNeeded: 0,
  };
}

/** What the finished tests show, metric by metric. Features no test varied are left out. */
export function whatWorks(tests: readonly FinishedTest[]): MetricFindings[] {
  const byMetric = new Map<WinnerMetric, { tests: number; rows: EffectRow[] }>();
  for (const test of tests) {
    const group = byMetric.get(test.metric) ?? { tests: 0, rows: [] };
    group.tests += 1;
    group.rows.push(...variantRows(test.id, test.variants, test.estimates));
    byMetric.set(test.metric, group);
  }
  return [...byMetric.entries()].map(([metric, group]) => ({
    metric,
    tests: group.tests,
    features: poolFeatureEffects(group.rows, ALL_FEATURES.length)
      .flatMap((fit, j) => (fit.k > 0 ? [finding(ALL_FEATURES[j]!, fit)] : []))
      .sort(
        (a, b) =>
          VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
          (b.lift ?? 0) - (a.lift ?? 0) ||
          ALL_FEATURES.indexOf(a.feature) - ALL_FEATURES.indexOf(b.feature),
      ),
  }));
}

export interface NextTest {
  feature: LearningFeature;
  metric: WinnerMetric;
  /** Why this one: what is known of it now. */
  reason: string;
}

/**
 * The test whose answer would tell the creator most: on the metric with the most finished tests
 * (CTR when there are none), the feature least known — one no test has varied yet, else the one
 * closest to being poolable, else one always changed with another, else the unclear one with the
 * widest interval. Null when every feature's effect is already clear.
 */
export function nextTest(findings: readonly MetricFindings[]): NextTest | null {
  const main = [...findings].sort((a, b) => b.tests - a.tests)[0];
  const metric: WinnerMetric = main?.metric ?? 'ctr';
  const known = new Map((main?.features ?? []).map((item) => [item.feature, item]));
  const untried = (TITLE_FEATURES as readonly LearningFeature[]).find((feature) => !known.has(feature));
  if (untried)
    return { feature: untried, metric, reason: 'No finished test has tried it on this channel yet.' };
  const items = main?.features ?? [];
  const fewest = items
    .filter((item) => item.verdict === 'too-few')
    .sort((a, b) => a.testsNeeded - b.testsNeeded)[0];
  if (fewest)
    return {
      feature: fewest.feature,
      metric,
      reason: `${fewest.testsNeeded} more ${fewest.testsNeeded === 1 ? 'test' : 'tests'} trying it and its effect can be pooled.`,
    };
  const tangled = items.find((item) => item.verdict === 'tangled');
  if (tangled)
    return {
      feature: tangled.feature,
      metric,
      reason:
        'Every test that tried it changed something else with it: a test changing only this tells them apart.',
    };
  const widest = items
    .filter((item) => item.verdict === 'unclear')
    .sort((a, b) => (b.liftHigh ?? 0) - (b.liftLow ?? 0) - ((a.liftHigh ?? 0) - (a.liftLow ?? 0)))[0];
  if (widest)
    return {
      feature: widest.feature,
      metric,
      reason: 'Its effect here is still unclear: its interval is the widest of the features tried.',
    };
  return null;
}
