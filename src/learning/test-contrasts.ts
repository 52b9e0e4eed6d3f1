import type { LearningFeature, ThumbnailFeature, TitleFeature } from '../shared/learning-features';
import { THUMBNAIL_FEATURES, TITLE_FEATURES } from '../shared/learning-features';
import type { EffectRow } from '../statistics/meta-analysis';
import { lookDifferences, type ThumbnailLook } from './thumbnail-features';
import { titleFeatures } from './title-features';

/*
 * What one finished test says (docs/learning.md#one-test-its-variants): its variants compared with
 * Variant 1, the original, by the test's own final estimates, each with the features it differs
 * from the original in. The pooling weighs a test's variants together as one test.
 */

/** Z for a two-sided 95% interval: a lift interval's width on the log scale is 2·Z·SE. */
const Z_975 = 1.959963984540054;

export interface VariantEstimate {
  /** The variant's position (0 = the original). */
  titleIndex: number;
  /** Its effect against the original on the log scale, and the 95% interval of its lift. */
  logEffect: number;
  liftLow: number;
  liftHigh: number;
}

export interface FinishedVariant {
  title: string;
  /** The look of its thumbnail, when the test rotated thumbnails. */
  look: ThumbnailLook | null;
}

/** −1, 0 or 1 for each feature: how each variant differs from the original. */
function differences(
  variant: FinishedVariant,
  original: FinishedVariant,
): Partial<Record<LearningFeature, -1 | 0 | 1>> {
  const mine = titleFeatures(variant.title);
  const theirs = titleFeatures(original.title);
  const out: Partial<Record<LearningFeature, -1 | 0 | 1>> = {};
  for (const feature of TITLE_FEATURES as readonly TitleFeature[])
    out[feature] = mine[feature] === theirs[feature] ? 0 : mine[feature] ? 1 : -1;
  if (variant.look && original.look) {
    const looks = lookDifferences(variant.look, original.look);
    for (const feature of THUMBNAIL_FEATURES as readonly ThumbnailFeature[]) out[feature] = looks[feature];
  }
  return out;
}

/** The standard error of a variant's log effect, from its lift's 95% interval. */
export function standardErrorOf(estimate: VariantEstimate): number {
  const low = Math.log1p(estimate.liftLow);
  const high = Math.log1p(estimate.liftHigh);
  return (high - low) / (2 * Z_975);
}

/** Every feature, in the order of an EffectRow's columns. */
export const ALL_FEATURES: readonly LearningFeature[] = [...TITLE_FEATURES, ...THUMBNAIL_FEATURES];

/**
 * The test's variants as rows of the pooling (src/statistics/meta-analysis.ts): each variant's
 * log effect against the original, its standard error, and how it differs from the original in
 * each feature (columns in ALL_FEATURES order). Variants without a usable estimate are left out.
 */
export function variantRows(
  testId: string,
  variants: readonly FinishedVariant[],
  estimates: readonly VariantEstimate[],
): EffectRow[] {
  const original = variants[0];
  if (!original) return [];
  return estimates.flatMap((estimate) => {
    const variant = variants[estimate.titleIndex];
    if (estimate.titleIndex === 0 || !variant) return [];
    const standardError = standardErrorOf(estimate);
    if (!Number.isFinite(estimate.logEffect) || !(standardError > 0) || !Number.isFinite(standardError))
      return [];
    const signs = differences(variant, original);
    return [
      {
        test: testId,
        x: ALL_FEATURES.map((feature) => signs[feature] ?? 0),
        estimate: estimate.logEffect,
        standardError,
      },
    ];
  });
}
