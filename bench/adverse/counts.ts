// Whole counts for the adverse traffic: Poisson (exact at every mean), binomial splits, and the
// gamma-mixed Poisson (negative binomial) used for overdispersed hours and days.

import type { Rng } from './rng';

const LOG_FACTORIALS: number[] = [0];
for (let k = 1; k < 256; k++) LOG_FACTORIALS.push((LOG_FACTORIALS[k - 1] as number) + Math.log(k));

/** log(k!) from a table, Stirling's series beyond it. */
export function logFactorial(k: number): number {
  if (k < LOG_FACTORIALS.length) return LOG_FACTORIALS[k] as number;
  const n = k + 1;
  return (n - 0.5) * Math.log(n) - n + 0.5 * Math.log(2 * Math.PI) + 1 / (12 * n) - 1 / (360 * n ** 3);
}

/** Poisson: inversion by multiplication below mean 12, Hörmann's PTRS rejection above. */
export function poisson(rng: Rng, mean: number): number {
  if (!(mean > 0)) return 0;
  if (mean < 12) {
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = rng.uniform(); product > limit; product *= rng.uniform()) count++;
    return count;
  }
  const root = Math.sqrt(mean);
  const logMean = Math.log(mean);
  const b = 0.931 + 2.53 * root;
  const a = -0.059 + 0.02483 * b;
  const inverseAlpha = 1.1239 + 1.1328 / (b - 3.4);
  const vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = rng.uniform() - 0.5;
    const v = rng.uniform();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mean + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    const left = Math.log(v) + Math.log(inverseAlpha) - Math.log(a / (us * us) + b);
    if (left <= -mean + k * logMean - logFactorial(k)) return k;
  }
}

/** Binomial(n, p): Bernoulli trials for small n, the Poisson or normal limit for large n. */
export function binomial(rng: Rng, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n < 40) {
    let count = 0;
    for (let i = 0; i < n; i++) if (rng.uniform() < p) count++;
    return count;
  }
  const mean = n * p;
  if (p < 0.02) return Math.min(n, poisson(rng, mean));
  const draw = Math.round(mean + Math.sqrt(mean * (1 - p)) * rng.normal());
  return Math.min(n, Math.max(0, draw));
}

/** A mean-one gamma multiplier with the given shape (variance 1/shape); 1 when shape is null. */
export function gammaMultiplier(rng: Rng, shape: number | null): number {
  return shape === null ? 1 : rng.gamma(shape) / shape;
}

/** Spreads `count` items over buckets with the given probabilities (summing to 1): sequential binomials. */
export function multinomial(rng: Rng, count: number, probabilities: readonly number[]): number[] {
  const out = new Array<number>(probabilities.length).fill(0);
  let left = count;
  let mass = 1;
  for (let i = 0; i < probabilities.length && left > 0; i++) {
    const p = probabilities[i] as number;
    const take = i === probabilities.length - 1 ? left : binomial(rng, left, Math.min(1, p / mass));
    out[i] = take;
    left -= take;
    mass -= p;
  }
  return out;
}
