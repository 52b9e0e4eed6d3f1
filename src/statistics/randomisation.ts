// Randomisation inference (docs/statistics.md, "Inference"): the schedule was drawn at random, so
// under "no title makes any difference" every redrawn schedule was as likely as the one that ran
// and would have met exactly the same traffic. Comparing the observed estimate with the estimates
// under redrawn schedules gives p-values that are exact whatever the noise: autocorrelation,
// spikes, weekly cycles, overdispersion or counts of zero. Intervals invert the same test.

import type { Matrix } from './cholesky';

export interface RandomisationData {
  /** Observed title per unit (0 = Title 1). */
  titles: ArrayLike<number>;
  /** Outcome total per unit (views, clicks, seconds watched) and its no-title baseline (baseline.ts). */
  outcome: ArrayLike<number>;
  expected: ArrayLike<number>;
  /** Titles under `count` redrawn schedules, redraw-major (redraws.ts). */
  redraws: Int8Array;
  count: number;
  titleCount: number;
  /** Added to totals before taking logs, so a title with no views yet reads as level, not −∞. */
  pseudo: number;
}

export interface TitleContrast {
  /** log(outcome / baseline) of the title minus that of Title 1. */
  estimate: number;
  /** 95% interval by test inversion, clamped to ±CLAMP. */
  low: number;
  high: number;
  /** One-sided p-value of "this title does no better than Title 1" (others held at their estimates). */
  pBetterThanFirst: number;
}

export interface RandomisationResult {
  /** Titles 2 … k against Title 1. */
  contrasts: TitleContrast[];
  /** Covariance of the contrasts over redrawn schedules (with every estimate taken out first). */
  covariance: Matrix;
  /** The title with the highest level, and the p-value of its lead over the runner-up. */
  leader: number;
  pLeader: number;
}

/** Lifts beyond ×100 or ÷100 are not a measurement; intervals stop there. */
const CLAMP = Math.log(100);
const INTERVAL_LEVEL = 0.05;

function level(outcome: number, expected: number, pseudo: number): number {
  return expected + pseudo > 0 ? Math.log((outcome + pseudo) / (expected + pseudo)) : Number.NaN;
}

/** Per-title totals of `values` and of the baseline under redraw r (r = −1: the observed schedule). */
function totals(data: RandomisationData, values: ArrayLike<number>, r: number, out: Float64Array): void {
  const n = data.titles.length;
  const k = data.titleCount;
  out.fill(0);
  for (let i = 0; i < n; i++) {
    const title = r < 0 ? (data.titles[i] as number) : (data.redraws[r * n + i] as number);
    if (title < 0) continue;
    out[title] = (out[title] as number) + (values[i] as number);
    out[k + title] = (out[k + title] as number) + (data.expected[i] as number);
  }
}

function levels(data: RandomisationData, sums: Float64Array): number[] {
  const k = data.titleCount;
  const out = new Array<number>(k);
  for (let t = 0; t < k; t++) out[t] = level(sums[t] as number, sums[k + t] as number, data.pseudo);
  return out;
}

/** The lead of the best title over the second best: symmetric in the titles, so exact under the null. */
function gap(values: number[]): number {
  let first = Number.NEGATIVE_INFINITY;
  let second = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (!Number.isFinite(value)) return Number.POSITIVE_INFINITY;
    if (value > first) {
      second = first;
      first = value;
    } else if (value > second) second = value;
  }
  return first - second;
}

const pValue = (extreme: number, count: number): number => (1 + extreme) / (1 + count);

/** Outcomes with every title's estimated effect taken out, except the titles in `keep`. */
function withoutEffects(data: RandomisationData, estimates: number[], keep: Set<number>): Float64Array {
  const out = new Float64Array(data.titles.length);
  for (let i = 0; i < out.length; i++) {
    const title = data.titles[i] as number;
    const effect = keep.has(title) ? 0 : (estimates[title] as number);
    out[i] = (data.outcome[i] as number) * Math.exp(-effect);
  }
  return out;
}

/**
 * Sums for one challenger against Title 1 under each redraw, split by whether the unit held the
 * challenger in the observed schedule: only those scale when a lift τ is taken out, so the test
 * of any τ costs one pass over the redraws.
 */
interface PairSums {
  fixed: Float64Array[]; // [challenger, first] sums over units not observed under the challenger
  scaled: Float64Array[]; // … over units observed under the challenger
  base: Float64Array[]; // baseline sums
}

function pairSums(data: RandomisationData, values: Float64Array, challenger: number): PairSums {
  const n = data.titles.length;
  const sums = (): Float64Array[] => [new Float64Array(data.count + 1), new Float64Array(data.count + 1)];
  const result = { fixed: sums(), scaled: sums(), base: sums() };
  // Index `count` holds the observed schedule.
  for (let r = 0; r <= data.count; r++) {
    for (let i = 0; i < n; i++) {
      const title = r === data.count ? (data.titles[i] as number) : (data.redraws[r * n + i] as number);
      const side = title === challenger ? 0 : title === 0 ? 1 : -1;
      if (side < 0) continue;
      const target = (data.titles[i] as number) === challenger ? result.scaled : result.fixed;
      const into = target[side] as Float64Array;
      const base = result.base[side] as Float64Array;
      into[r] = (into[r] as number) + (values[i] as number);
      base[r] = (base[r] as number) + (data.expected[i] as number);
    }
  }
  return result;
}

function sideLevel(sums: PairSums, side: 0 | 1, r: number, scale: number, pseudo: number): number {
  const fixed = (sums.fixed[side] as Float64Array)[r] as number;
  const scaled = (sums.scaled[side] as Float64Array)[r] as number;
  return level(fixed + scale * scaled, (sums.base[side] as Float64Array)[r] as number, pseudo);
}

function contrastAt(sums: PairSums, r: number, tau: number, pseudo: number): number {
  const scale = Math.exp(-tau);
  return sideLevel(sums, 0, r, scale, pseudo) - sideLevel(sums, 1, r, scale, pseudo);
}

/** Two-sided p-value of "the challenger's lift is exactly τ" (log scale). */
function pAt(sums: PairSums, count: number, tau: number, pseudo: number): number {
  const observed = Math.abs(contrastAt(sums, count, tau, pseudo));
  let extreme = 0;
  for (let r = 0; r < count; r++) {
    const value = Math.abs(contrastAt(sums, r, tau, pseudo));
    if (!(value < observed - 1e-12)) extreme++;
  }
  return pValue(extreme, count);
}

/** The edge of {τ : p(τ) > 5%} from the estimate outwards, by doubling steps then bisection. */
function intervalEdge(
  sums: PairSums,
  data: RandomisationData,
  estimate: number,
  scale: number,
  sign: 1 | -1,
): number {
  let inside = estimate;
  let outside: number | null = null;
  for (let m = 0; m < 24; m++) {
    const tau = estimate + sign * scale * 0.25 * 2 ** m;
    if (Math.abs(tau) > CLAMP) break;
    if (pAt(sums, data.count, tau, data.pseudo) <= INTERVAL_LEVEL) {
      outside = tau;
      break;
    }
    inside = tau;
  }
  if (outside === null) return sign * CLAMP;
  let rejected: number = outside;
  for (let step = 0; step < 30; step++) {
    const middle = (inside + rejected) / 2;
    if (pAt(sums, data.count, middle, data.pseudo) <= INTERVAL_LEVEL) rejected = middle;
    else inside = middle;
  }
  return Math.max(-CLAMP, Math.min(CLAMP, (inside + rejected) / 2));
}

/** Covariance of the contrasts over the redraws, on outcomes with every estimated effect taken out. */
function redrawCovariance(data: RandomisationData, estimates: number[]): Matrix {
  const m = data.titleCount - 1;
  const values = withoutEffects(data, estimates, new Set());
  const sums = new Float64Array(2 * data.titleCount);
  const mean = new Float64Array(m);
  const cross = new Float64Array(m * m);
  const contrast = new Float64Array(m);
  let used = 0;
  for (let r = 0; r < data.count; r++) {
    totals(data, values, r, sums);
    const each = levels(data, sums);
    let finite = true;
    for (let j = 0; j < m; j++) {
      contrast[j] = (each[j + 1] as number) - (each[0] as number);
      if (!Number.isFinite(contrast[j])) finite = false;
    }
    if (!finite) continue;
    used++;
    for (let a = 0; a < m; a++) {
      mean[a] = (mean[a] as number) + (contrast[a] as number);
      for (let b = 0; b < m; b++)
        cross[a * m + b] = (cross[a * m + b] as number) + (contrast[a] as number) * (contrast[b] as number);
    }
  }
  const covariance: Matrix = [];
  for (let a = 0; a < m; a++) {
    const row: number[] = [];
    for (let b = 0; b < m; b++) {
      const centred =
        used > 1
          ? ((cross[a * m + b] as number) - ((mean[a] as number) * (mean[b] as number)) / used) / (used - 1)
          : 0;
      row.push(centred);
    }
    covariance.push(row);
  }
  return covariance;
}

export function randomisationInference(data: RandomisationData): RandomisationResult {
  const k = data.titleCount;
  const sums = new Float64Array(2 * k);
  totals(data, data.outcome, -1, sums);
  const observed = levels(data, sums);
  const first = observed[0] as number;
  const estimates = observed.map((v) => {
    const value = v - first;
    return Number.isFinite(value) ? Math.max(-CLAMP, Math.min(CLAMP, value)) : 0;
  });

  const observedGap = gap(observed);
  let extreme = 0;
  for (let r = 0; r < data.count; r++) {
    totals(data, data.outcome, r, sums);
    if (!(gap(levels(data, sums)) < observedGap - 1e-12)) extreme++;
  }
  const leader = observed.reduce((best, v, t) => (v > (observed[best] as number) ? t : best), 0);

  const covariance = redrawCovariance(data, estimates);
  const contrasts = Array.from({ length: k - 1 }, (_, j): TitleContrast => {
    const challenger = j + 1;
    const values = withoutEffects(data, estimates, new Set([0, challenger]));
    const pair = pairSums(data, values, challenger);
    const observedAtZero = contrastAt(pair, data.count, 0, data.pseudo);
    let better = 0;
    for (let r = 0; r < data.count; r++)
      if (!(contrastAt(pair, r, 0, data.pseudo) < observedAtZero - 1e-12)) better++;
    const estimate = estimates[challenger] as number;
    const spread = Math.sqrt((covariance[j] as number[])[j] as number);
    const scale = Number.isFinite(spread) && spread > 1e-6 ? spread : 0.05;
    return {
      estimate,
      low: intervalEdge(pair, data, estimate, scale, -1),
      high: intervalEdge(pair, data, estimate, scale, 1),
      pBetterThanFirst: pValue(better, data.count),
    };
  });
  return { contrasts, covariance, leader, pLeader: pValue(extreme, data.count) };
}
