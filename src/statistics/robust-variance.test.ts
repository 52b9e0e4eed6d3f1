import { describe, expect, it } from 'vitest';
import { fitLinearModel, inverseGram } from './linear-model';
import { robustCoefficients } from './robust-variance';

/** Fits y on `design` with `weights` and asks the robust variance with the given clusters. */
function robust(design: number[][], y: number[], weights: number[], clusters: string[]) {
  const fit = fitLinearModel(design, y, weights);
  const inverse = inverseGram(
    fit,
    design[0]!.map((_, c) => c),
  );
  return { fit, coefficients: robustCoefficients(design, weights, fit.residuals, inverse, clusters) };
}

describe('CR2 robust variance', () => {
  it('is HC2 for rows of their own: Σ x²e²/(1 − h) over (Σ x²)², on n − 1 df for a mean', () => {
    const y = [0.3, -0.1, 0.5, 0.2, 0.0];
    const design = y.map(() => [1]);
    const { fit, coefficients } = robust(design, y, [1, 1, 1, 1, 1], ['a', 'b', 'c', 'd', 'e']);
    const n = y.length;
    const hc2 = fit.residuals.reduce((sum, e) => sum + (e * e) / (1 - 1 / n), 0) / (n * n);
    expect(coefficients[0]!.variance).toBeCloseTo(hc2, 12);
    // For a mean, HC2 is the usual s²/n, on n − 1 degrees of freedom.
    expect(coefficients[0]!.variance).toBeCloseTo(fit.sigma2 / n, 12);
    expect(coefficients[0]!.df).toBeCloseTo(n - 1, 9);
  });

  it('counts the rows that inform a coefficient: a slope known from two rows gets few degrees of freedom', () => {
    // Eight rows; the second column is non-zero in two of them only.
    const design = Array.from({ length: 8 }, (_, i) => [1, i < 2 ? 1 : 0]);
    const y = [0.4, 0.1, 0.05, -0.02, 0.03, 0.0, -0.04, 0.01];
    const { coefficients } = robust(
      design,
      y,
      new Array<number>(8).fill(1),
      design.map((_, i) => String(i)),
    );
    expect(coefficients[0]!.df).toBeGreaterThan(coefficients[1]!.df);
    expect(coefficients[1]!.df).toBeLessThan(2);
  });

  it('treats the rows of one cluster together: a duplicated row adds no information', () => {
    const y = [0.3, -0.1, 0.5, 0.2];
    const single = robust(
      y.map(() => [1]),
      y,
      [1, 1, 1, 1],
      ['a', 'b', 'c', 'd'],
    ).coefficients[0]!;
    // The first test reported twice, each row at half its weight (a test's variants share it).
    const doubled = [y[0]!, ...y];
    const twice = robust(
      doubled.map(() => [1]),
      doubled,
      [0.5, 0.5, 1, 1, 1],
      ['a', 'a', 'b', 'c', 'd'],
    ).coefficients[0]!;
    expect(twice.variance).toBeCloseTo(single.variance, 10);
    expect(twice.df).toBeCloseTo(single.df, 6);
  });
});
