import { describe, expect, it } from 'vitest';
import {
  classicalCovariance,
  conservativeCovariance,
  fitLinearModel,
  neweyWestCovariance,
} from './linear-model';
import { Random } from './random';

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
    expect(classicalCovariance(fit, [1])[0]?.[0]).toBeCloseTo(0.27, 12);
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
    expect(() => classicalCovariance(fit, [2])).toThrow(/aliased/);
  });

  it('treats an integer weight like repeated rows', () => {
    const weighted = fitLinearModel(rows, y, [1, 2, 1, 1]);
    const repeated = fitLinearModel([...rows, [1, 2]], [...y, 3]);
    expect(weighted.coefficients[1]).toBeCloseTo(repeated.coefficients[1] as number, 12);
    expect(weighted.coefficients[0]).toBeCloseTo(repeated.coefficients[0] as number, 12);
  });
});

describe('Newey–West covariance', () => {
  it('reduces to the HC sandwich with the n/df factor at lag 0', () => {
    // Σ(x−x̄)²e² / Sxx² = 1.415 / 25 = 0.0566, × n/df = 2 → 0.1132.
    const fit = fitLinearModel(rows, y);
    expect(neweyWestCovariance(fit, [1], 0)[0]?.[0]).toBeCloseTo(0.1132, 12);
  });

  it('grows with positively autocorrelated errors on a smooth regressor, and the larger one is used', () => {
    const random = new Random('ar1');
    const n = 400;
    const xs = Array.from({ length: n }, (_, t) => Math.sin(t / 20));
    let e = 0;
    const ys = xs.map((value) => {
      e = 0.8 * e + random.normal();
      return 1 + 0.5 * value + e;
    });
    const fit = fitLinearModel(
      xs.map((value) => [1, value]),
      ys,
    );
    const classical = classicalCovariance(fit, [1])[0]?.[0] as number;
    const hac = neweyWestCovariance(fit, [1], 2)[0]?.[0] as number;
    const hacLag0 = neweyWestCovariance(fit, [1], 0)[0]?.[0] as number;
    expect(hac).toBeGreaterThan(1.5 * hacLag0);
    expect(hac).toBeGreaterThan(classical);
    const chosen = conservativeCovariance(fit, [1], 2);
    expect(chosen.source).toBe('newey-west');
    expect(chosen.covariance[0]?.[0]).toBe(hac);
  });

  it('stays close to the classical covariance for independent errors', () => {
    const random = new Random('iid');
    const n = 2000;
    const xs = Array.from({ length: n }, () => random.normal());
    const ys = xs.map((value) => 2 - value + random.normal());
    const fit = fitLinearModel(
      xs.map((value) => [1, value]),
      ys,
    );
    const ratio =
      (neweyWestCovariance(fit, [1], 2)[0]?.[0] as number) /
      (classicalCovariance(fit, [1])[0]?.[0] as number);
    expect(ratio).toBeGreaterThan(0.85);
    expect(ratio).toBeLessThan(1.15);
  });
});
