// Cholesky factorisation for the small symmetric matrices of the engine (tens of rows).

export type Matrix = number[][];

export interface PivotedCholesky {
  /** Lower-triangular factor of the kept rows/columns, in kept order. */
  lower: Matrix;
  /** Indices of the original columns that were kept, ascending. */
  kept: number[];
  /** Columns dropped because they were (numerically) linear combinations of earlier ones. */
  dropped: number[];
}

const at = (m: Matrix, i: number, j: number): number => (m[i] as number[])[j] as number;

/**
 * Cholesky of a symmetric positive semi-definite matrix, dropping aliased columns left to
 * right (like R's lm): column j is dropped when what it adds beyond the kept columns is below
 * `tolerance` × its own diagonal. Going left to right makes the choice deterministic, so the
 * caller decides which effects win by ordering its columns.
 */
export function pivotedCholesky(a: Matrix, tolerance = 1e-10): PivotedCholesky {
  const kept: number[] = [];
  const dropped: number[] = [];
  const lower: Matrix = [];
  for (let j = 0; j < a.length; j++) {
    const diagonal = at(a, j, j);
    const row: number[] = [];
    for (let k = 0; k < kept.length; k++) {
      let sum = at(a, j, kept[k] as number);
      for (let m = 0; m < k; m++) sum -= (row[m] as number) * at(lower, k, m);
      row.push(sum / at(lower, k, k));
    }
    let residual = diagonal;
    for (const value of row) residual -= value * value;
    if (!(diagonal > 0) || residual <= tolerance * diagonal) {
      dropped.push(j);
      continue;
    }
    row.push(Math.sqrt(residual));
    lower.push(row);
    kept.push(j);
  }
  return { lower, kept, dropped };
}

/** Solves (L Lᵀ) x = b for a lower factor L. */
export function solveWithCholesky(lower: Matrix, b: ArrayLike<number>): number[] {
  const n = lower.length;
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i] as number;
    for (let k = 0; k < i; k++) sum -= at(lower, i, k) * (y[k] as number);
    y[i] = sum / at(lower, i, i);
  }
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i] as number;
    for (let k = i + 1; k < n; k++) sum -= at(lower, k, i) * (x[k] as number);
    x[i] = sum / at(lower, i, i);
  }
  return x;
}
