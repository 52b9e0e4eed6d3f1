import { describe, expect, it } from 'vitest';
import { Random } from './random';
import { MIN_POOLED_TESTS, poolFeatureEffects, type EffectRow } from './meta-analysis';

const one = (test: string, estimate: number, standardError: number, x: number[] = [1]): EffectRow => ({
  test,
  x,
  estimate,
  standardError,
});

describe('random-effects pooling', () => {
  it('pools nothing below the minimum, and ignores unusable estimates', () => {
    expect(poolFeatureEffects([one('a', 0.1, 0.05)], 1)).toEqual([{ kind: 'too-few', k: 1 }]);
    expect(
      poolFeatureEffects(
        [one('a', 0.1, 0.05), one('b', 0.2, 0.05), one('c', Number.NaN, 0.05), one('d', 0.3, 0)],
        1,
      ),
    ).toEqual([{ kind: 'too-few', k: 2 }]);
    expect(MIN_POOLED_TESTS).toBe(3);
  });

  it('gives the inverse-variance mean when the tests agree, with a floored t interval on k − 1 df', () => {
    const [fit] = poolFeatureEffects(
      ['a', 'b', 'c', 'd'].map((test) => one(test, 0.1, 0.1)),
      1,
    );
    expect(fit).toMatchObject({ kind: 'pooled', k: 4 });
    if (fit?.kind !== 'pooled') throw new Error('not pooled');
    expect(fit.estimate).toBeCloseTo(0.1, 12);
    // Identical estimates: the robust variance is 0, and the floor keeps a tenth of the usual
    // variance 0.01 / 4; four equally precise tests leave Satterthwaite 3 degrees of freedom.
    expect(fit.standardError).toBeCloseTo(Math.sqrt(0.1) * 0.05, 12);
    expect(fit.high - fit.estimate).toBeCloseTo(3.182446 * Math.sqrt(0.1) * 0.05, 5);
  });

  it('covers the mean effect about 95% of the time when true effects vary between tests', () => {
    const random = new Random('meta-analysis-coverage');
    let covered = 0;
    const runs = 2000;
    for (let run = 0; run < runs; run++) {
      const rows = Array.from({ length: 5 }, (_, t) => {
        const truth = 0.05 + 0.04 * random.normal();
        const standardError = 0.03 + 0.05 * random.uniform();
        return one(String(t), truth + standardError * random.normal(), standardError);
      });
      const [fit] = poolFeatureEffects(rows, 1);
      if (fit?.kind === 'pooled' && fit.low <= 0.05 && 0.05 <= fit.high) covered++;
    }
    expect(covered / runs).toBeGreaterThan(0.92);
    expect(covered / runs).toBeLessThan(0.99);
  });

  it('tells apart features that change together only sometimes, and names those that always do', () => {
    // Feature 0 (+8%) in every test; feature 1 (no effect) with it in half of them.
    const rows = Array.from({ length: 8 }, (_, t) =>
      one(String(t), Math.log(1.08) + (t % 2 ? 0.01 : -0.01), 0.02, [1, t % 2]),
    );
    const [first, second] = poolFeatureEffects(rows, 2);
    if (first?.kind !== 'pooled' || second?.kind !== 'pooled') throw new Error('not pooled');
    expect(first.low).toBeGreaterThan(0);
    expect(second.low).toBeLessThan(0.02);
    // Feature 2 only ever changed with feature 0: tangled with it.
    const together = rows.map((row) => ({ ...row, x: [1, 0, 1] }));
    expect(poolFeatureEffects(together, 3)[2]).toEqual({ kind: 'tangled', k: 8, with: [0] });
  });

  it('counts a test once, however many variants it has', () => {
    const rows = ['a', 'b', 'c'].flatMap((test) => [one(test, 0.1, 0.05), one(test, 0.12, 0.05)]);
    const [fit] = poolFeatureEffects(rows, 1);
    expect(fit).toMatchObject({ kind: 'pooled', k: 3 });
  });
});
