// A small-sample robust variance for a weighted regression over clusters (docs/learning.md#pooling):
// the "CR2" sandwich of Bell and McCaffrey, whose residuals are scaled so that the variance is
// unbiased when the working weights are right, with Satterthwaite's degrees of freedom per
// coefficient. Pooling a channel's tests uses it with a cluster per test: with few tests of very
// different precision, the usual random-effects interval is too narrow, and this one keeps its level
// because each coefficient's degrees of freedom count the tests that actually inform it.

import type { Matrix } from './cholesky';

export interface RobustCoefficient {
  variance: number;
  /** Satterthwaite's degrees of freedom of that variance (at least 1). */
  df: number;
}

/** Eigen-decomposition of a small symmetric matrix by Jacobi rotations. */
function symmetricEigen(matrix: Matrix): { values: number[]; vectors: Matrix } {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v: Matrix = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  );
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! ** 2;
    if (off < 1e-24) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p]![q]!) < 1e-300) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!;
          const akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!;
          const aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!;
          const vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

/** S^(−1/2) of a small symmetric positive semi-definite matrix (tiny eigenvalues left out). */
function inverseSquareRoot(matrix: Matrix): Matrix {
  const n = matrix.length;
  if (n === 1) return [[matrix[0]![0]! > 1e-12 ? 1 / Math.sqrt(matrix[0]![0]!) : 0]];
  const { values, vectors } = symmetricEigen(matrix);
  return Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) =>
      values.reduce(
        (sum, value, k) =>
          value > 1e-12 ? sum + (vectors[i]![k]! * vectors[j]![k]!) / Math.sqrt(value) : sum,
        0,
      ),
    ),
  );
}

/**
 * The CR2 variance and Satterthwaite degrees of freedom of each coefficient of the weighted least
 * squares fit of `design` (its kept columns) with `weights`, its `residuals`, and M = (XᵀWX)⁻¹;
 * rows with the same `clusters` entry are one cluster. The working model is Var(y) = W⁻¹.
 */
export function robustCoefficients(
  design: readonly (readonly number[])[],
  weights: readonly number[],
  residuals: readonly number[],
  inverse: Matrix,
  clusters: readonly string[],
): RobustCoefficient[] {
  const n = design.length;
  const p = inverse.length;
  // M·xᵢ for every row, and the hat matrix H = X·M·Xᵀ·W.
  const mx = design.map((row) => inverse.map((mRow) => mRow.reduce((sum, m, c) => sum + m * row[c]!, 0)));
  const hat = (i: number, k: number): number =>
    mx[i]!.reduce((sum, value, c) => sum + value * design[k]![c]!, 0) * weights[k]!;
  const groups = new Map<string, number[]>();
  clusters.forEach((cluster, i) => groups.set(cluster, [...(groups.get(cluster) ?? []), i]));
  // Per cluster: A = W^(−1/2)·S^(−1/2)·W^(1/2) with S = I − W^(1/2)·X·M·Xᵀ·W^(1/2) on its rows.
  const adjust = [...groups.values()].map((rows) => {
    const s = rows.map((i) =>
      rows.map((k) => (i === k ? 1 : 0) - Math.sqrt(weights[i]! * weights[k]!) * (hat(i, k) / weights[k]!)),
    );
    const root = inverseSquareRoot(s);
    const a = rows.map((i, r) =>
      rows.map((k, q) => (root[r]![q]! * Math.sqrt(weights[k]!)) / Math.sqrt(weights[i]!)),
    );
    return { rows, a };
  });
  // Ω = (I − H)·W⁻¹·(I − H)ᵀ, the residuals' covariance under the working model.
  const iMinusH = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, k) => (i === k ? 1 : 0) - hat(i, k)),
  );
  const omega = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, k) => {
      let sum = 0;
      for (let l = 0; l < n; l++) sum += (iMinusH[i]![l]! * iMinusH[k]![l]!) / weights[l]!;
      return sum;
    }),
  );
  return Array.from({ length: p }, (_, c) => {
    // q_j: the cluster's share of the coefficient, r·A on its rows with r = u_c·M·Xᵀ·W.
    const qs = adjust.map(({ rows, a }) => {
      const r = rows.map((i) => mx[i]![c]! * weights[i]!);
      return { rows, values: rows.map((_, q) => r.reduce((sum, value, s) => sum + value * a[s]![q]!, 0)) };
    });
    let variance = 0;
    for (const q of qs) {
      const dot = q.rows.reduce((sum, i, s) => sum + q.values[s]! * residuals[i]!, 0);
      variance += dot * dot;
    }
    const cross = (x: (typeof qs)[number], y: (typeof qs)[number]): number =>
      x.rows.reduce(
        (sum, i, s) =>
          sum + x.values[s]! * y.rows.reduce((inner, k, t) => inner + omega[i]![k]! * y.values[t]!, 0),
        0,
      );
    let expected = 0;
    let squares = 0;
    for (const x of qs) {
      expected += cross(x, x);
      for (const y of qs) squares += cross(x, y) ** 2;
    }
    const df = squares > 0 ? Math.max(1, (expected * expected) / squares) : 1;
    return { variance, df };
  });
}
