import { describe, expect, it } from 'vitest';
import { normalCdf } from './distributions';
import { FALSE_WINNER_BUDGET, lookBars, spentBy } from './looks';
import { Random } from './random';

/** Share of simulated evidence paths (Brownian motion, no effect) that cross a bar at some look. */
function crossingRate(informations: number[], bars: number[], paths: number): number {
  const random = new Random('looks-test');
  let crossed = 0;
  for (let r = 0; r < paths; r++) {
    let w = 0;
    let previous = 0;
    for (let j = 0; j < informations.length; j++) {
      const t = informations[j] as number;
      w += Math.sqrt(t - previous) * random.normal();
      previous = t;
      const p = 2 * (1 - normalCdf(Math.abs(w) / Math.sqrt(t)));
      if (p <= (bars[j] as number)) {
        crossed++;
        break;
      }
    }
  }
  return crossed / paths;
}

describe('lookBars', () => {
  it('spends the whole budget over the looks of a test that runs to its end, and no more', () => {
    for (const looks of [2, 7, 14]) {
      const informations = Array.from({ length: looks }, (_, i) => (i + 1) / looks);
      const bars = lookBars(
        informations.map((information) => ({ information })),
        { lastIsFinal: true },
      );
      const rate = crossingRate(informations, bars, 40_000);
      // 40,000 paths: a standard error of about 0.1 point around the 4% budget.
      expect(rate).toBeGreaterThan(FALSE_WINNER_BUDGET - 0.004);
      expect(rate).toBeLessThan(FALSE_WINNER_BUDGET + 0.004);
    }
  });

  it('keeps early looks strict and the last one close to a single look’s bar', () => {
    const bars = lookBars(
      Array.from({ length: 14 }, (_, i) => ({ information: (i + 1) / 14 })),
      { lastIsFinal: true },
    );
    expect(bars[0]).toBeLessThan(0.001);
    for (let i = 1; i < bars.length; i++) expect(bars[i]).toBeGreaterThan(bars[i - 1] as number);
    expect(bars.at(-1)).toBeGreaterThan(0.025);
    expect(bars.at(-1)).toBeLessThan(FALSE_WINNER_BUDGET);
  });

  it('spends by the spending function at looks that are not the last', () => {
    const informations = [0.25, 0.5, 0.75];
    const bars = lookBars(
      informations.map((information) => ({ information })),
      { lastIsFinal: false },
    );
    const rate = crossingRate(informations, bars, 40_000);
    expect(rate).toBeGreaterThan(spentBy(0.75) - 0.003);
    expect(rate).toBeLessThan(spentBy(0.75) + 0.003);
  });

  it('gives no bar to a look that sees nothing new, and the same bars for the same looks', () => {
    const looks = [{ information: 0.3 }, { information: 0.3 }, { information: 0.6 }];
    const bars = lookBars(looks, { lastIsFinal: false });
    expect(bars[1]).toBe(0);
    expect(lookBars(looks, { lastIsFinal: false })).toEqual(bars);
  });
});
