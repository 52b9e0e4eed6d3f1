// The chance that a test of a planned design decides for a truly better title, simulated as the
// engine decides (docs/statistics.md, "Plan"). Used by forecast.ts to find the detectable lift.

import type { Matrix } from './cholesky';
import { studentTQuantile } from './distributions';
import { Random } from './random';
import { FINAL_WINNER_PROBABILITY } from './verdict';

export interface PowerDraws {
  /** Sampling errors of θ̂ (standard normals), one vector per simulated test. */
  outer: number[][];
  /** σ̂/σ per simulated test: the engine estimates the noise from ν degrees of freedom. */
  estimated: number[];
  /** Posterior draws (standard normals) and their t scales √(ν/χ²_ν). */
  inner: number[][];
  scales: number[];
}

export function powerDraws(titleCount: number, df: number): PowerDraws {
  const random = new Random('plan-power', titleCount, df);
  const draw = (): number[] => Array.from({ length: titleCount - 1 }, () => random.normal());
  const outer = Array.from({ length: 400 }, draw);
  return {
    outer,
    estimated: outer.map(() => Math.sqrt(random.chiSquare(df) / df)),
    inner: titleCount === 2 ? [] : Array.from({ length: 500 }, draw),
    scales: Array.from({ length: 500 }, () => Math.sqrt(df / random.chiSquare(df))),
  };
}

/**
 * Chance that Title 2, truly better by `logLift` (the others equal), ends with P(best) ≥ the
 * winner bar, as the engine decides: θ̂ is drawn around the truth with the design's covariance,
 * the noise estimate σ̂ from its χ² with ν degrees of freedom (at small ν a test that happens to
 * see more noise cannot decide), and P(best) from the t posterior around θ̂ with σ̂. Two titles:
 * P(best) ≥ bar ⟺ θ̂ ≥ t_ν,bar·SE·σ̂/σ. Common random numbers keep power smooth in the lift.
 */
export function power(logLift: number, factor: Matrix, df: number, draws: PowerDraws): number {
  const k = factor.length + 1;
  const critical = studentTQuantile(FINAL_WINNER_PROBABILITY, df);
  let decided = 0;
  const theta = new Array<number>(k).fill(0);
  draws.outer.forEach((z, i) => {
    const estimated = draws.estimated[i] as number;
    for (let j = 0; j < k - 1; j++) {
      const row = factor[j] as number[];
      let sum = 0;
      for (let m = 0; m <= j; m++) sum += (row[m] as number) * (z[m] as number);
      theta[j + 1] = (j === 0 ? logLift : 0) + sum;
    }
    if (k === 2) {
      if ((theta[1] as number) >= critical * ((factor[0] as number[])[0] as number) * estimated) decided++;
      return;
    }
    let wins = 0;
    draws.inner.forEach((w, s) => {
      const scale = (draws.scales[s] as number) * estimated;
      let best = 0;
      let max = 0;
      for (let j = 0; j < k - 1; j++) {
        const row = factor[j] as number[];
        let sum = 0;
        for (let m = 0; m <= j; m++) sum += (row[m] as number) * (w[m] as number);
        const value = (theta[j + 1] as number) + scale * sum;
        if (value > max) {
          max = value;
          best = j + 1;
        }
      }
      if (best === 1) wins++;
    });
    if (wins / draws.inner.length >= FINAL_WINNER_PROBABILITY) decided++;
  });
  return decided / draws.outer.length;
}
