// What a variant does to the audience in the adverse model: a multiplier on the click-through of
// each impression, and one on how long a viewer who clicked keeps watching. A title moves either; a
// thumbnail moves click-through and barely the watch; a package (title + thumbnail) multiplies its
// title's and its thumbnail's click-through and keeps its title's effect on the watch. What the
// engine should find is the variant's lift on the test's metric.

import type { WinnerMetric } from '../../src/statistics/window-analysis';

export interface VariantEffect {
  /** Multiplier on each impression's chance of a click (1 = as the original). */
  ctr: number;
  /** Multiplier on the average view duration of the views it gets. */
  duration: number;
}

export const UNCHANGED: VariantEffect = { ctr: 1, duration: 1 };

/** A package: the title's and the thumbnail's pulls on the click multiply; the watch follows the title (and the thumbnail's little). */
export function packageEffect(title: VariantEffect, thumbnail: VariantEffect): VariantEffect {
  return { ctr: title.ctr * thumbnail.ctr, duration: title.duration * thumbnail.duration };
}

/**
 * The true lift on the metric: views per hour and CTR follow the clicks (impressions do not
 * depend on the variant here), watch time per impression is clicks × duration per impression.
 */
export function metricLift(effect: VariantEffect, metric: WinnerMetric): number {
  return metric === 'combined' ? effect.ctr * effect.duration - 1 : effect.ctr - 1;
}

/**
 * A title cell's lift read back as an effect: on views and CTR it moves the click, on watch time
 * per impression the watch (the study's title cells, which predate variant effects).
 */
export function titleEffectOf(lift: number, metric: WinnerMetric): VariantEffect {
  return metric === 'combined' ? { ctr: 1, duration: 1 + lift } : { ctr: 1 + lift, duration: 1 };
}
