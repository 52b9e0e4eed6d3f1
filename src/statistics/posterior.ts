// Numbers a creator can read (docs/statistics.md, "Numbers"): lift with interval, probability to be best
// and expected loss, from a multivariate-t posterior of the title effects.

import { pivotedCholesky } from './cholesky';
import type { Matrix } from './cholesky';
import { normalCdf, normalPdf, sortedQuantile, studentTCdf, studentTQuantile } from './distributions';
import { Random } from './random';
import type { Seed } from './random';

export const DEFAULT_POSTERIOR_DRAWS = 20_000;

export interface EffectDistribution {
  /** θ for titles 1 … k−1 relative to the original (title 0, θ = 0), log scale. */
  estimate: number[];
  covariance: Matrix;
  df: number;
}

export interface TitleSummary {
  titleIndex: number;
  /** θ on the log scale (0 for the original). */
  logEffect: number;
  /** exp(θ) − 1 relative to the original, with a 95% interval. */
  lift: number;
  liftLow: number;
  liftHigh: number;
  probabilityBest: number;
  /** E[max_j θ_j − θ_v]: what choosing this title is expected to cost, ≈ relative (0.005 ≈ 0.5%). */
  expectedLoss: number;
}

export interface PosteriorSummary {
  titles: TitleSummary[];
  method: 'closed-form' | 'multivariate-t';
}

export interface PosteriorOptions {
  seed: Seed;
  draws?: number;
}

const Z_975 = 1.959963984540054;

/**
 * Two titles: the posterior of θ is a scaled t with the model's residual df, so chance to win and
 * interval are exact: T_ν(μ/σ) and μ ± t_ν,0.975·σ (the normal when ν is infinite). The expected
 * loss uses the normal formula with the t's standard deviation, σ·√(ν/(ν−2)).
 */
function closedForm(mu: number, sd: number, df: number): TitleSummary[] {
  const z = mu / sd;
  const critical = Number.isFinite(df) ? studentTQuantile(0.975, df) : Z_975;
  const spread = Number.isFinite(df) && df > 2 ? sd * Math.sqrt(df / (df - 2)) : sd;
  const zLoss = mu / spread;
  const density = spread * normalPdf(zLoss);
  const chance = studentTCdf(z, df);
  return [
    {
      titleIndex: 0,
      logEffect: 0,
      lift: 0,
      liftLow: 0,
      liftHigh: 0,
      probabilityBest: 1 - chance,
      expectedLoss: density + mu * normalCdf(zLoss), // E[max(θ, 0)]
    },
    {
      titleIndex: 1,
      logEffect: mu,
      lift: Math.expm1(mu),
      liftLow: Math.expm1(mu - critical * sd),
      liftHigh: Math.expm1(mu + critical * sd),
      probabilityBest: chance,
      expectedLoss: density - mu * normalCdf(-zLoss), // E[max(−θ, 0)]
    },
  ];
}

/** Cholesky of a covariance that may be singular in a direction (e.g. a zero-variance effect). */
function covarianceFactor(covariance: Matrix): Matrix {
  const size = covariance.length;
  const factor = pivotedCholesky(covariance, 1e-12);
  if (factor.dropped.length === 0) return factor.lower;
  const trace = covariance.reduce((sum, row, i) => sum + (row[i] as number), 0);
  const jitter = Math.max(trace / size, 1e-12) * 1e-9;
  return pivotedCholesky(
    covariance.map((row, i) => row.map((value, j) => value + (i === j ? jitter : 0))),
    0,
  ).lower;
}

/**
 * θ⁽ˢ⁾ = θ̂ + L z⁽ˢ⁾ √(ν / χ²_ν⁽ˢ⁾): the t posterior that accounts for σ being estimated from
 * ν residual degrees of freedom. Seeded, so the same data always give the same numbers.
 */
export function summarizePosterior(effects: EffectDistribution, options: PosteriorOptions): PosteriorSummary {
  const k = effects.estimate.length + 1;
  const { df } = effects;
  if (k === 2 && df > 2) {
    const variance = (effects.covariance[0] as number[])[0] as number;
    return {
      titles: closedForm(effects.estimate[0] as number, Math.sqrt(variance), df),
      method: 'closed-form',
    };
  }
  const draws = Math.max(100, Math.floor(options.draws ?? DEFAULT_POSTERIOR_DRAWS));
  const lower = covarianceFactor(effects.covariance);
  const random = new Random(options.seed, k, draws);
  const samples = Array.from({ length: k }, () => new Float64Array(draws));
  const wins = new Array<number>(k).fill(0);
  const loss = new Array<number>(k).fill(0);
  const z = new Float64Array(k - 1);
  const theta = new Float64Array(k);
  for (let s = 0; s < draws; s++) {
    const scale = Number.isFinite(df) ? Math.sqrt(df / random.chiSquare(df)) : 1;
    for (let j = 0; j < k - 1; j++) z[j] = random.normal();
    let best = 0;
    let max = 0; // θ of the original is 0
    theta[0] = 0;
    for (let j = 0; j < k - 1; j++) {
      const row = lower[j] as number[];
      let sum = 0;
      for (let m = 0; m <= j; m++) sum += (row[m] as number) * (z[m] as number);
      const value = (effects.estimate[j] as number) + scale * sum;
      theta[j + 1] = value;
      if (value > max) {
        max = value;
        best = j + 1;
      }
    }
    wins[best] = (wins[best] as number) + 1;
    for (let v = 0; v < k; v++) {
      (samples[v] as Float64Array)[s] = theta[v] as number;
      loss[v] = (loss[v] as number) + max - (theta[v] as number);
    }
  }
  const titles = samples.map((sample, v): TitleSummary => {
    sample.sort();
    const point = v === 0 ? 0 : (effects.estimate[v - 1] as number);
    return {
      titleIndex: v,
      logEffect: point,
      lift: Math.expm1(point),
      liftLow: Math.expm1(sortedQuantile(sample, 0.025)),
      liftHigh: Math.expm1(sortedQuantile(sample, 0.975)),
      probabilityBest: (wins[v] as number) / draws,
      expectedLoss: (loss[v] as number) / draws,
    };
  });
  return { titles, method: 'multivariate-t' };
}
