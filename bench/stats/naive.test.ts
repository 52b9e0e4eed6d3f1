import { describe, expect, it } from 'vitest';
import { naiveAnalysis } from './naive';
import type { WindowObservation } from '../../src/statistics/window-analysis';

const window = (titleIndex: number, views: number, impressions = 0, clicks = 0): WindowObservation => ({
  titleIndex,
  startsAt: new Date('2026-01-05T08:00:00Z'),
  endsAt: new Date('2026-01-05T09:00:00Z'),
  measuredHours: 0.75,
  views,
  impressions,
  clicks,
});

describe('naiveAnalysis', () => {
  it('pools counts per title and calls the highest rate the winner at 95%', () => {
    const windows = [window(0, 1000), window(0, 1000), window(1, 1150), window(1, 1150)];
    const result = naiveAnalysis(windows, 2, 'views', { seed: 1 });
    expect(result.titles[1]?.lift).toBeCloseTo(0.15, 12);
    expect(result.titles[1]?.rate).toBeCloseTo(2300 / 1.5, 9);
    expect(result.winnerTitleIndex).toBe(1);
  });

  it('treats counts as Poisson, so small samples are not called', () => {
    const result = naiveAnalysis([window(0, 10), window(1, 12)], 2, 'views', { seed: 1 });
    expect(result.winnerTitleIndex).toBeNull();
  });

  it('compares pooled CTR across several titles', () => {
    const windows = [window(0, 0, 10_000, 400), window(1, 0, 10_000, 410), window(2, 0, 10_000, 520)];
    const result = naiveAnalysis(windows, 3, 'ctr', { seed: 'ctr', draws: 5000 });
    expect(result.titles[2]?.lift).toBeCloseTo(0.3, 12);
    expect(result.winnerTitleIndex).toBe(2);
    expect(result.titles.reduce((sum, t) => sum + t.probabilityBest, 0)).toBeCloseTo(1, 12);
  });
});
