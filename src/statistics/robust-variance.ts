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
  // The residuals' covariance under the working model, Ω = (I − H)·W⁻¹·(I − H)ᵀ, is W⁻¹ − X·M·Xᵀ.
  // With a_j = Σ q_j·x (p numbers) and d_j = Σ q_j²/w per cluster j, q_jᵀ·Ω·q_k = [j = k]·d_j −
  // a_jᵀ·M·a_k, so Satterthwaite's sums take O(n·p²), not the O(n³) of Ω itself.
  const times = (m: Matrix, v: readonly number[]): number[] =>
    m.map((row) => row.reduce((sum, value, c) => sum + value * v[c]!, 0));
  const dot = (u: readonly number[], v: readonly number[]): number =>
    u.reduce((sum, value, c) => sum + value * v[c]!, 0);
  return Array.from({ length: p }, (_, c) => {
    let variance = 0;
    let expected = 0;
    let diagonal = 0;
    const gram: Matrix = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    for (const { rows, a } of adjust) {
      // q_j: the cluster's share of the coefficient, r·A on its rows with r = u_c·M·Xᵀ·W.
      const r = rows.map((i) => mx[i]![c]! * weights[i]!);
      const q = rows.map((_, t) => r.reduce((sum, value, s) => sum + value * a[s]![t]!, 0));
      const share = rows.reduce((sum, i, t) => sum + q[t]! * residuals[i]!, 0);
      variance += share * share;
      const aj = Array.from({ length: p }, (_, col) =>
        rows.reduce((sum, i, t) => sum + q[t]! * design[i]![col]!, 0),
      );
      const dj = rows.reduce((sum, i, t) => sum + (q[t]! * q[t]!) / weights[i]!, 0);
      const own = dot(aj, times(inverse, aj));
      expected += dj - own;
      diagonal += dj * dj - 2 * dj * own;
      for (let u = 0; u < p; u++) for (let v = 0; v < p; v++) gram[u]![v]! += aj[u]! * aj[v]!;
    }
    // Σ_j Σ_k (q_jᵀΩq_k)² = Σ_j (d_j² − 2·d_j·a_jᵀMa_j) + tr((M·G)²), G = Σ_j a_j·a_jᵀ.
    const mg = inverse.map((row) =>
      gram[0]!.map((_, v) => row.reduce((sum, m, u) => sum + m * gram[u]![v]!, 0)),
    );
    let trace = 0;
    for (let u = 0; u < p; u++) for (let v = 0; v < p; v++) trace += mg[u]![v]! * mg[v]![u]!;
    const squares = diagonal + trace;
    const df = squares > 0 ? Math.max(1, (expected * expected) / squares) : 1;
    return { variance, df };
  });
}
