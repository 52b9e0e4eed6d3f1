import { describe, expect, it } from 'vitest';
import { normalCdf, studentTCdf } from './distributions';
import { summarizePosterior } from './posterior';

describe('summarizePosterior', () => {
  it('uses the exact t closed form for two titles: T_ν(μ/σ), μ ± t_ν,0.975·σ', () => {
    const mu = 0.04;
    const sd = 0.025;
    const df = 12;
    const { titles, method } = summarizePosterior(
      { estimate: [mu], covariance: [[sd * sd]], df },
      { seed: 1 },
    );
    expect(method).toBe('closed-form');
    const [original, challenger] = titles;
    expect(challenger?.probabilityBest).toBeCloseTo(studentTCdf(mu / sd, df), 12);
    expect(original?.probabilityBest).toBeCloseTo(1 - studentTCdf(mu / sd, df), 12);
    expect(challenger?.lift).toBeCloseTo(Math.expm1(mu), 12);
    // t_12,0.975 = 2.1788
    expect(challenger?.liftLow).toBeCloseTo(Math.expm1(mu - 2.178813 * sd), 5);
    expect(challenger?.liftHigh).toBeCloseTo(Math.expm1(mu + 2.178813 * sd), 5);
    // E[max − θ_original] − E[max − θ_challenger] = E[θ_challenger] = μ.
    expect((original?.expectedLoss ?? 0) - (challenger?.expectedLoss ?? 0)).toBeCloseTo(mu, 12);
    expect(original).toMatchObject({ titleIndex: 0, lift: 0, liftLow: 0, liftHigh: 0 });
    // With many degrees of freedom it is the normal: Φ(μ/σ).
    const normal = summarizePosterior({ estimate: [mu], covariance: [[sd * sd]], df: 1e6 }, { seed: 1 });
    expect(normal.titles[1]?.probabilityBest).toBeCloseTo(normalCdf(mu / sd), 5);
  });

  it('agrees with the closed form when drawing with many degrees of freedom', () => {
    // A third title far below the others never wins, so title 1 vs the original is the two-title case.
    const mu = 0.03;
    const sd = 0.02;
    const drawn = summarizePosterior(
      {
        estimate: [mu, -5],
        covariance: [
          [sd * sd, 0],
          [0, 0.0001],
        ],
        df: 100_000,
      },
      { seed: 'draws' },
    );
    expect(drawn.method).toBe('multivariate-t');
    const challenger = drawn.titles[1];
    expect(Math.abs((challenger?.probabilityBest ?? 0) - normalCdf(mu / sd))).toBeLessThan(0.01);
    expect(Math.log1p(challenger?.liftLow ?? 0)).toBeCloseTo(mu - 1.96 * sd, 2);
    expect(Math.log1p(challenger?.liftHigh ?? 0)).toBeCloseTo(mu + 1.96 * sd, 2);
    expect(drawn.titles[2]?.probabilityBest).toBe(0);
  });

  it('splits the chance evenly between identical titles and widens intervals at low df', () => {
    const covariance = [
      [0.001, 0.0005],
      [0.0005, 0.001],
    ];
    const wide = summarizePosterior({ estimate: [0, 0], covariance, df: 3 }, { seed: 'eq' });
    const narrow = summarizePosterior({ estimate: [0, 0], covariance, df: 1000 }, { seed: 'eq' });
    for (const title of narrow.titles) expect(Math.abs(title.probabilityBest - 1 / 3)).toBeLessThan(0.02);
    const sum = wide.titles.reduce((total, title) => total + title.probabilityBest, 0);
    expect(sum).toBeCloseTo(1, 12);
    expect((wide.titles[1]?.liftHigh ?? 0) - (wide.titles[1]?.liftLow ?? 0)).toBeGreaterThan(
      1.5 * ((narrow.titles[1]?.liftHigh ?? 0) - (narrow.titles[1]?.liftLow ?? 0)),
    );
  });

  it('is reproducible from its seed', () => {
    const effects = {
      estimate: [0.01, 0.02],
      covariance: [
        [0.0004, 0],
        [0, 0.0004],
      ],
      df: 12,
    };
    expect(summarizePosterior(effects, { seed: 'same', draws: 2000 })).toEqual(
      summarizePosterior(effects, { seed: 'same', draws: 2000 }),
    );
  });
});
