// Least squares for "one data point per window" models: a few hundred rows, a few dozen
// mostly-dummy columns. Normal equations + Cholesky are accurate enough at that size and
// need no numeric library (docs/statistics.md, "Model").

import { pivotedCholesky, solveWithCholesky } from './cholesky';
import type { Matrix } from './cholesky';

export interface LinearFit {
  /** Rows (observations) and columns (parameters) of the design. */
  n: number;
  p: number;
  /** Columns actually estimated; the others were aliased and dropped (coefficient NaN). */
  kept: number[];
  dropped: number[];
  /** Residual degrees of freedom: n − kept.length. */
  df: number;
  coefficients: number[];
  /** y − Xβ on the original (unweighted) scale. */
  residuals: number[];
  /** Weighted residual variance Σ wᵢeᵢ² / df (NaN when df = 0). */
  sigma2: number;
  /** Internal: the factor of XᵀWX over kept columns, and what the sandwich needs. */
  readonly factor: Matrix;
  readonly rows: readonly ArrayLike<number>[];
  readonly weights: readonly number[];
}

/**
 * Fits y = Xβ + ε by (weighted) least squares. Rows must be in time order when a Newey–West
 * covariance will be asked for. Aliased columns are dropped left to right.
 */
export function fitLinearModel(
  rows: readonly ArrayLike<number>[],
  y: ArrayLike<number>,
  weights?: ArrayLike<number>,
): LinearFit {
  const n = rows.length;
  if (y.length !== n) throw new RangeError('design and response differ in length');
  const p = n === 0 ? 0 : (rows[0] as ArrayLike<number>).length;
  const w = Array.from({ length: n }, (_, i) => (weights ? (weights[i] as number) : 1));
  if (w.some((value) => !(value >= 0))) throw new RangeError('weights must be non-negative');

  // XᵀWX and XᵀWy, touching only the non-zero cells (dummy columns are sparse).
  const xtx: Matrix = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const xty = new Array<number>(p).fill(0);
  const nonZero: number[] = [];
  for (let i = 0; i < n; i++) {
    const row = rows[i] as ArrayLike<number>;
    const wi = w[i] as number;
    if (wi === 0) continue;
    nonZero.length = 0;
    for (let j = 0; j < p; j++) if ((row[j] as number) !== 0) nonZero.push(j);
    for (const a of nonZero) {
      const xa = (row[a] as number) * wi;
      xty[a] = (xty[a] as number) + xa * (y[i] as number);
      const target = xtx[a] as number[];
      for (const b of nonZero) if (b <= a) target[b] = (target[b] as number) + xa * (row[b] as number);
    }
  }
  for (let a = 0; a < p; a++)
    for (let b = a + 1; b < p; b++) (xtx[a] as number[])[b] = (xtx[b] as number[])[a] as number;

  const { lower, kept, dropped } = pivotedCholesky(xtx);
  const beta = solveWithCholesky(
    lower,
    kept.map((j) => xty[j] as number),
  );
  const coefficients = new Array<number>(p).fill(Number.NaN);
  kept.forEach((j, k) => (coefficients[j] = beta[k] as number));

  const residuals = new Array<number>(n);
  let weightedRss = 0;
  for (let i = 0; i < n; i++) {
    const row = rows[i] as ArrayLike<number>;
    let fitted = 0;
    for (let k = 0; k < kept.length; k++) fitted += (row[kept[k] as number] as number) * (beta[k] as number);
    const e = (y[i] as number) - fitted;
    residuals[i] = e;
    weightedRss += (w[i] as number) * e * e;
  }
  const df = w.filter((value) => value > 0).length - kept.length;
  return {
    n,
    p,
    kept,
    dropped,
    df,
    coefficients,
    residuals,
    sigma2: df > 0 ? weightedRss / df : Number.NaN,
    factor: lower,
    rows,
    weights: w,
  };
}

/** Rows of (XᵀWX)⁻¹ for the requested original columns, over kept columns. */
function inverseRows(fit: LinearFit, columns: readonly number[]): number[][] {
  return columns.map((column) => {
    const position = fit.kept.indexOf(column);
    if (position < 0) throw new RangeError(`column ${column} was dropped as aliased`);
    const unit = new Array<number>(fit.kept.length).fill(0);
    unit[position] = 1;
    return solveWithCholesky(fit.factor, unit);
  });
}

/** (XᵀWX)⁻¹ restricted to `columns`: the covariance per unit of noise variance (for planning). */
export function inverseGram(fit: LinearFit, columns: readonly number[]): Matrix {
  const inverse = inverseRows(fit, columns);
  return columns.map((_, a) =>
    columns.map((column) => (inverse[a] as number[])[fit.kept.indexOf(column)] as number),
  );
}
