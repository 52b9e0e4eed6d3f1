import { describe, expect, it } from 'vitest';
import { mean, variance } from './distributions';
import { Random } from './random';

const N = 200_000;
const sample = (draw: () => number): Float64Array => Float64Array.from({ length: N }, draw);
const smallest = (values: Float64Array): number => values.reduce((a, b) => Math.min(a, b), Infinity);
const largest = (values: Float64Array): number => values.reduce((a, b) => Math.max(a, b), -Infinity);
// Tolerances are about 5 standard errors at N = 200,000: a wrong algorithm fails, noise does not.

describe('Random', () => {
  it('reproduces a stream from its seed and separates different seeds and keys', () => {
    const a = new Random('test-1');
    const b = new Random('test-1');
    const c = new Random('test-2');
    const d = new Random('test-1', 7);
    const first = Array.from({ length: 5 }, () => a.nextUint32());
    expect(Array.from({ length: 5 }, () => b.nextUint32())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c.nextUint32())).not.toEqual(first);
    expect(Array.from({ length: 5 }, () => d.nextUint32())).not.toEqual(first);
  });

  it('draws uniforms strictly inside (0, 1) with mean 1/2 and variance 1/12', () => {
    const random = new Random(1);
    const u = sample(() => random.uniform());
    expect(smallest(u)).toBeGreaterThan(0);
    expect(largest(u)).toBeLessThan(1);
    expect(Math.abs(mean(u) - 0.5)).toBeLessThan(0.004);
    expect(Math.abs(variance(u) - 1 / 12)).toBeLessThan(0.0005);
  });

  it('draws standard normals', () => {
    const random = new Random('normal');
    const z = sample(() => random.normal());
    expect(Math.abs(mean(z))).toBeLessThan(0.012);
    expect(Math.abs(variance(z) - 1)).toBeLessThan(0.016);
    // Tail share beyond 1.96 ≈ 5%.
    expect(z.filter((value) => Math.abs(value) > 1.959964).length / N).toBeCloseTo(0.05, 2);
  });

  it.each([0.3, 1, 2.5, 40])('draws Gamma(%s) with mean and variance equal to the shape', (shape) => {
    const random = new Random(`gamma-${shape}`);
    const g = sample(() => random.gamma(shape));
    // Relative standard errors: 1/√(shape·N) for the mean, √((2 + 6/shape)/N) for the variance.
    expect(Math.abs(mean(g) - shape) / shape).toBeLessThan(5 / Math.sqrt(shape * N));
    expect(Math.abs(variance(g) - shape) / shape).toBeLessThan(5 * Math.sqrt((2 + 6 / shape) / N));
    expect(smallest(g)).toBeGreaterThan(0);
  });

  it('draws χ²(ν) with mean ν and variance 2ν', () => {
    const random = new Random('chi');
    const x = sample(() => random.chiSquare(5));
    expect(Math.abs(mean(x) - 5)).toBeLessThan(0.04);
    expect(Math.abs(variance(x) - 10) / 10).toBeLessThan(0.03);
  });

  it('draws Beta(a, b) with the right mean and variance', () => {
    const random = new Random('beta');
    const x = sample(() => random.beta(2, 5));
    expect(Math.abs(mean(x) - 2 / 7)).toBeLessThan(0.002);
    expect(Math.abs(variance(x) - 10 / (49 * 8)) / (10 / (49 * 8))).toBeLessThan(0.03);
  });

  it('shuffles into a permutation', () => {
    const shuffled = new Random('shuffle').shuffle([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([...shuffled].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(shuffled).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('rejects a non-positive gamma shape', () => {
    expect(() => new Random(1).gamma(0)).toThrow(RangeError);
  });
});
