// The rule creator tools use, kept only as the benchmark's straw man (docs/statistics.md, "Validation"):
// pool every title's counts, treat them as independent Poisson/binomial samples, and call the
// title with ≥ 95% chance to be best the winner. It ignores that a video's baseline moves with
// age and time of day and that hourly counts are far noisier than Poisson.

import { normalCdf } from '../../src/statistics/distributions';
import { Random } from '../../src/statistics/random';
import type { Seed } from '../../src/statistics/random';
import type { WindowObservation } from '../../src/statistics/window-analysis';

export interface NaiveTitle {
  titleIndex: number;
  /** Pooled views per hour, or pooled CTR. */
  rate: number;
  /** rate / original's rate − 1. */
  lift: number;
  probabilityBest: number;
}

export interface NaiveResult {
  titles: NaiveTitle[];
  winnerTitleIndex: number | null;
}

export function naiveAnalysis(
  windows: readonly WindowObservation[],
  titleCount: number,
  metric: 'views' | 'ctr',
  options: { seed: Seed; draws?: number },
): NaiveResult {
  const numerator = new Array<number>(titleCount).fill(0);
  const denominator = new Array<number>(titleCount).fill(0);
  for (const w of windows) {
    if (metric === 'views') {
      numerator[w.titleIndex] = (numerator[w.titleIndex] ?? 0) + w.views;
      denominator[w.titleIndex] = (denominator[w.titleIndex] ?? 0) + w.measuredHours;
    } else if ((w.impressions ?? 0) > 0) {
      numerator[w.titleIndex] = (numerator[w.titleIndex] ?? 0) + (w.clicks ?? 0);
      denominator[w.titleIndex] = (denominator[w.titleIndex] ?? 0) + (w.impressions ?? 0);
    }
  }
  // Normal approximation on the log (views) or log-odds (CTR) scale of the pooled counts.
  const centre: number[] = [];
  const spread: number[] = [];
  for (let t = 0; t < titleCount; t++) {
    const count = (numerator[t] as number) + 0.5;
    const exposure = (denominator[t] as number) + (metric === 'ctr' ? 1 : 0);
    if (metric === 'views') {
      centre.push(Math.log(count / Math.max(exposure, 1e-9)));
      spread.push(Math.sqrt(1 / count));
    } else {
      const misses = Math.max(exposure - count, 0.5);
      centre.push(Math.log(count / misses));
      spread.push(Math.sqrt(1 / count + 1 / misses));
    }
  }
  const probabilityBest = chanceToBeBest(centre, spread, options);
  const rates = numerator.map((value, t) => value / Math.max(denominator[t] as number, 1e-9));
  const titles = rates.map((rate, t) => ({
    titleIndex: t,
    rate,
    lift: rate / (rates[0] as number) - 1,
    probabilityBest: probabilityBest[t] as number,
  }));
  const best = titles.reduce((a, b) => (b.probabilityBest > a.probabilityBest ? b : a));
  return { titles, winnerTitleIndex: best.probabilityBest >= 0.95 ? best.titleIndex : null };
}

function chanceToBeBest(
  centre: number[],
  spread: number[],
  options: { seed: Seed; draws?: number },
): number[] {
  if (centre.length === 2) {
    const z =
      ((centre[1] as number) - (centre[0] as number)) / Math.hypot(spread[0] as number, spread[1] as number);
    return [normalCdf(-z), normalCdf(z)];
  }
  const draws = options.draws ?? 20_000;
  const random = new Random(options.seed, centre.length, 7);
  const wins = new Array<number>(centre.length).fill(0);
  for (let s = 0; s < draws; s++) {
    let best = 0;
    let max = Number.NEGATIVE_INFINITY;
    for (let t = 0; t < centre.length; t++) {
      const value = (centre[t] as number) + (spread[t] as number) * random.normal();
      if (value > max) {
        max = value;
        best = t;
      }
    }
    wins[best] = (wins[best] as number) + 1;
  }
  return wins.map((count) => count / draws);
}
