import type { WinnerMetric } from '../../db/schema/title-tests';
import type { RotationFigures } from './rotation-figures';

export interface SimpleVerdict {
  method: 'highest-average';
  metric: WinnerMetric;
  winnerPosition: number | null;
  reason: string;
  scores: Array<{ position: number; score: number | null }>;
}

/**
 * The interim end-of-test rule: the title with the best average wins, provided every title held
 * at least one finished window. The statistics engine (STATISTICS.md) replaces this.
 */
export function decideByHighestAverage(input: {
  metric: WinnerMetric;
  variantPositions: Map<string, number>;
  figures: RotationFigures[];
}): SimpleVerdict {
  const perVariant = new Map<number, { views: number; hours: number; ctr: number[]; duration: number[] }>();
  for (const figure of input.figures) {
    if (!figure.rotation.endedAt || figure.views === null || !figure.hours) continue;
    const position = input.variantPositions.get(figure.rotation.variantId)!;
    const entry = perVariant.get(position) ?? { views: 0, hours: 0, ctr: [], duration: [] };
    entry.views += figure.views;
    entry.hours += figure.hours;
    if (figure.ctr !== null) entry.ctr.push(figure.ctr);
    if (figure.averageViewDuration !== null) entry.duration.push(figure.averageViewDuration);
    perVariant.set(position, entry);
  }
  const positions = [...new Set(input.variantPositions.values())].sort((a, b) => a - b);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  const scores = positions.map((position) => {
    const entry = perVariant.get(position);
    if (!entry || entry.hours === 0) return { position, score: null };
    const viewsPerHour = entry.views / entry.hours;
    const ctr = mean(entry.ctr);
    const duration = mean(entry.duration);
    const score =
      input.metric === 'views'
        ? viewsPerHour
        : input.metric === 'ctr'
          ? (ctr ?? viewsPerHour)
          : viewsPerHour * (duration ?? 1);
    return { position, score };
  });
  if (scores.some((entry) => entry.score === null)) {
    return {
      method: 'highest-average',
      metric: input.metric,
      winnerPosition: null,
      reason: 'Not every title was live long enough to be measured, so the original title was kept.',
      scores,
    };
  }
  const best = scores.reduce((a, b) => (b.score! > a.score! ? b : a));
  return {
    method: 'highest-average',
    metric: input.metric,
    winnerPosition: best.position,
    reason: `Title ${best.position + 1} had the highest average ${input.metric === 'ctr' ? 'CTR' : input.metric === 'views' ? 'views per hour' : 'watch time per hour'}.`,
    scores,
  };
}
