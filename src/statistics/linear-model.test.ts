import { describe, expect, it } from 'vitest';
import { fitLinearModel, inverseGram } from './linear-model';

// y = a + b·x on four points, worked by hand:
// x̄ = 2.5, ȳ = 2.75, Sxx = 5, Sxy = 5.5 → b = 1.1, a = 0; residuals −0.1, 0.8, −1.3, 0.6;
// RSS = 2.7, df = 2, σ² = 1.35, Var(b) = σ²/Sxx = 0.27.
const x = [1, 2, 3, 4];
const y = [1, 3, 2, 5];
const rows = x.map((value) => [1, value]);

describe('fitLinearModel', () => {
  it('matches the hand-computed simple regression', () => {
    const fit = fitLinearModel(rows, y);
    expect(fit.coefficients[0]).toBeCloseTo(0, 12);
    expect(fit.coefficients[1]).toBeCloseTo(1.1, 12);
    fit.residuals.forEach((e, i) => expect(e).toBeCloseTo([-0.1, 0.8, -1.3, 0.6][i] as number, 12));
    expect(fit.df).toBe(2);
    expect(fit.sigma2).toBeCloseTo(1.35, 12);
    expect(fit.sigma2 * (inverseGram(fit, [1])[0]?.[0] ?? Number.NaN)).toBeCloseTo(0.27, 12);
  });

  it('drops an aliased column deterministically and still fits', () => {
    // Third column = 2 × the second: it is dropped, the earlier one kept.
    const fit = fitLinearModel(
      x.map((value) => [1, value, 2 * value]),
      y,
    );
    expect(fit.kept).toEqual([0, 1]);
    expect(fit.dropped).toEqual([2]);
    expect(Number.isNaN(fit.coefficients[2])).toBe(true);
    expect(fit.coefficients[1]).toBeCloseTo(1.1, 10);
    expect(fit.df).toBe(2);
    expect(() => inverseGram(fit, [2])).toThrow(/aliased/);
  });

  it('treats an integer weight like repeated rows', () => {
    const weighted = fitLinearModel(rows, y, [1, 2, 1, 1]);
    const repeated = fitLinearModel([...rows, [1, 2]], [...y, 3]);
    expect(weighted.coefficients[1]).toBeCloseTo(repeated.coefficients[1] as number, 12);
    expect(weighted.coefficients[0]).toBeCloseTo(repeated.coefficients[0] as number, 12);
  });
});
