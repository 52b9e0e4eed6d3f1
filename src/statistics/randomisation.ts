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
/**
 * Per-title sums under redraw r (r = −1: the observed schedule): of `values` (the first k
 * entries), of the baseline (the next k) and, when `out` has room, of values² / baseline (the
 * last k: what the spread within titles needs).
 */
function totals(data: RandomisationData, values: ArrayLike<number>, r: number, out: Float64Array): void {
  const n = data.titles.length;
  const k = data.titleCount;
  const spread = out.length >= 3 * k;
  out.fill(0);
  for (let i = 0; i < n; i++) {
    const title = r < 0 ? (data.titles[i] as number) : (data.redraws[r * n + i] as number);
    if (title < 0) continue;
    const value = values[i] as number;
    const base = data.expected[i] as number;
    out[title] = (out[title] as number) + value;
    out[k + title] = (out[k + title] as number) + base;
    if (spread && base > 0) out[2 * k + title] = (out[2 * k + title] as number) + (value * value) / base;
  }
}

/** Variance of a title's level: φ / weight for its mean ratio, over the ratio² for the log. */
function levelVariance(sums: Float64Array, k: number, t: number, phi: number, pseudo: number): number {
  const w = (sums[k + t] as number) + pseudo;
  const ratio = ((sums[t] as number) + pseudo) / w;
  return phi / w / (ratio * ratio);
}

/**
 * The lead of the best title over the second best in standard errors. A unit's ratio to its
 * baseline varies about as 1/weight (baseline.ts), so one dispersion φ from the spread within
 * titles gives each title's level a standard error √(φ / weight) / ratio. Studentising keeps the
 * test's power when one title is far ahead: the raw lead's redrawn spread would include that
 * title's own effect. Any statistic keeps the test exact; this one is also sharp.
 */
function studentisedGap(data: RandomisationData, sums: Float64Array): number {
  const k = data.titleCount;
  let within = 0;
  let units = 0;
  for (let t = 0; t < k; t++) {
    const o = sums[t] as number;
    const w = sums[k + t] as number;
    if (w > 0) within += (sums[2 * k + t] as number) - (o * o) / w;
  }
  for (let i = 0; i < data.titles.length; i++) if ((data.expected[i] as number) > 0) units++;
  const phi = Math.max(within / Math.max(1, units - k), 1e-12);
  let first = -1;
  let second = -1;
  const level = new Float64Array(k);
  for (let t = 0; t < k; t++) {
    level[t] = Math.log(((sums[t] as number) + data.pseudo) / ((sums[k + t] as number) + data.pseudo));
    if (!Number.isFinite(level[t])) return Number.POSITIVE_INFINITY;
    if (first < 0 || (level[t] as number) > (level[first] as number)) {
      second = first;
      first = t;
    } else if (second < 0 || (level[t] as number) > (level[second] as number)) second = t;
  }
  const variance =
    levelVariance(sums, k, first, phi, data.pseudo) + levelVariance(sums, k, second, phi, data.pseudo);
  return ((level[first] as number) - (level[second] as number)) / Math.sqrt(variance);
}

function levels(data: RandomisationData, sums: Float64Array): number[] {
  const k = data.titleCount;
  const out = new Array<number>(k);
  for (let t = 0; t < k; t++) out[t] = level(sums[t] as number, sums[k + t] as number, data.pseudo);
  return out;
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

/** Titles 2 … k against Title 1 under the observed schedule: the estimates alone, without redraws. */
export function observedContrasts(data: RandomisationData): number[] {
  const sums = new Float64Array(2 * data.titleCount);
  totals(data, data.outcome, -1, sums);
  const each = levels(data, sums);
  const contrasts: number[] = [];
  for (let j = 1; j < data.titleCount; j++) {
    const value = (each[j] as number) - (each[0] as number);
    contrasts.push(Number.isFinite(value) ? Math.max(-CLAMP, Math.min(CLAMP, value)) : 0);
  }
  return contrasts;
}

/** The leader and the p-value of its lead: the part of the test a verdict's winner bar reads. */
export interface LeaderTest {
  /** The title with the highest level (0 = Title 1). */
  leader: number;
  /** Share of redrawn schedules whose studentised lead is at least the observed one. */
  pLeader: number;
  /**
   * Asked with a bar: the p-value is above it. Counting may then have stopped early, and pLeader
   * is only a lower bound.
   */
  aboveBar?: boolean;
}

/**
 * The p-value of the leader's lead over the runner-up alone, without estimates or intervals: what
 * a reading needs to know whether it names a winner (the forecast simulates many of them). Given
 * the bar, it stops counting redrawn schedules as soon as the p-value must exceed it.
 */
export function leaderTest(data: RandomisationData, bar?: number): LeaderTest {
  const k = data.titleCount;
  const spread = new Float64Array(3 * k);
  totals(data, data.outcome, -1, spread);
  const observedGap = studentisedGap(data, spread);
  const observed = levels(data, spread);
  const leader = observed.reduce((best, v, t) => (v > (observed[best] as number) ? t : best), 0);
  // With a bar, counting stops once the p-value is sure to exceed it (the decision is the same).
  const enough = bar === undefined ? Number.POSITIVE_INFINITY : bar * (data.count + 1) - 1;
  let extreme = 0;
  for (let r = 0; r < data.count; r++) {
    totals(data, data.outcome, r, spread);
    if (!(studentisedGap(data, spread) < observedGap * (1 - 1e-12))) extreme++;
    if (extreme > enough) return { leader, pLeader: pValue(extreme, data.count), aboveBar: true };
  }
  return {
    leader,
    pLeader: pValue(extreme, data.count),
    aboveBar: bar !== undefined && pValue(extreme, data.count) > bar,
  };
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
  const { leader, pLeader } = leaderTest(data);

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
  return { contrasts, covariance, leader, pLeader };
}
