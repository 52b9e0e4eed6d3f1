// The winner bar at each look (docs/statistics.md, "Looks and stopping"). A test is read once a
// day and stops at the first reading that names a winner, so every reading spends part of the
// false-winner budget. An alpha-spending function (Lan and DeMets) says how much of the budget is
// spent by the time a share t of the planned information is in; the bar of each look follows from
// what the earlier looks spent, by the usual recursion on a Brownian motion of the evidence
// (Armitage, McPherson and Rowe). The randomisation test's p-value is exact at every look, so the
// only approximation is the correlation between looks, which the study checks (bench/stats.ts,
// bench/adverse.ts: false winners with every look included).

import { normalCdf, normalPdf, normalQuantile } from './distributions';

/** The false-winner budget of a whole test, every look included (two-sided). */
export const FALSE_WINNER_BUDGET = 0.04;
/**
 * Shape of the spending (Hwang, Shih and DeCani): γ = −4 spends little early, like O'Brien and
 * Fleming, so the last look keeps most of the budget and the power of a test that runs its length
 * stays close to a single look's; the early looks still stop a test whose winner is far ahead.
 */
export const SPENDING_SHAPE = -4;

/** The share of the budget spent once a share t of the information is in. */
export function spentBy(t: number, alpha = FALSE_WINNER_BUDGET, gamma = SPENDING_SHAPE): number {
  if (!(t > 0)) return 0;
  if (t >= 1) return alpha;
  return (alpha * (1 - Math.exp(-gamma * t))) / (1 - Math.exp(-gamma));
}

/** Where a look stands: its share of the planned information (units per title measured ÷ planned). */
export interface Look {
  information: number;
}

/** Points of the grid the continuation density is carried on, per standard deviation. */
const GRID_PER_SD = 24;
/** A bar beyond this many standard deviations is one no test reaches. */
const UNREACHABLE_Z = 8;

/** Sub-density of the evidence W(t) among tests not stopped yet, on a grid. */
interface Continuing {
  t: number;
  points: Float64Array;
  density: Float64Array;
  step: number;
}

/** P(|W(t)| ≥ b, not stopped before), W(t) = W(previous) + N(0, t − previous). */
function crossing(previous: Continuing, t: number, b: number): number {
  const sd = Math.sqrt(t - previous.t);
  let total = 0;
  for (let i = 0; i < previous.points.length; i++) {
    const w = previous.points[i] as number;
    const tail = 1 - normalCdf((b - w) / sd) + normalCdf((-b - w) / sd);
    total += (previous.density[i] as number) * tail;
  }
  return total * previous.step;
}

/** The sub-density at t on |w| < b, from the previous one (a convolution with the increment). */
function carry(previous: Continuing, t: number, b: number): Continuing {
  const sd = Math.sqrt(t - previous.t);
  const count = Math.max(3, 2 * Math.ceil((b / Math.sqrt(t)) * GRID_PER_SD) + 1);
  const step = (2 * b) / (count - 1);
  const points = Float64Array.from({ length: count }, (_, i) => -b + i * step);
  const density = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const x = points[i] as number;
    let sum = 0;
    for (let j = 0; j < previous.points.length; j++)
      sum += (previous.density[j] as number) * normalPdf((x - (previous.points[j] as number)) / sd);
    // Trapezoid weights at the grid's ends.
    density[i] = (sum * previous.step) / sd;
  }
  density[0] = (density[0] as number) / 2;
  density[count - 1] = (density[count - 1] as number) / 2;
  return { t, points, density, step };
}

/** Where the recursion stands after a look: the continuation density, what was spent, the look's bar. */
interface Step {
  state: Continuing | null;
  spent: number;
  bar: number;
}

/** One look of the recursion: its bar spends `target − spent`, and the density carries on. */
function nextStep(previous: Step, t: number, target: number): Step {
  if (!(t > (previous.state?.t ?? 0))) return { ...previous, bar: 0 };
  const share = Math.max(0, target - previous.spent);
  if (previous.state === null) {
    // First look: |Z| ≥ c with probability `share`.
    const c = share > 0 ? Math.min(UNREACHABLE_Z, normalQuantile(1 - share / 2)) : UNREACHABLE_Z;
    const b = c * Math.sqrt(t);
    const bar = c >= UNREACHABLE_Z ? 0 : 2 * (1 - normalCdf(c));
    const count = 2 * Math.ceil(c * GRID_PER_SD) + 1;
    const step = (2 * b) / (count - 1);
    const points = Float64Array.from({ length: count }, (_, i) => -b + i * step);
    const density = points.map((w) => normalPdf(w / Math.sqrt(t)) / Math.sqrt(t));
    density[0] = (density[0] as number) / 2;
    density[count - 1] = (density[count - 1] as number) / 2;
    return { state: { t, points, density, step }, spent: previous.spent + bar, bar };
  }
  const state = previous.state;
  // The crossing probability falls as the bar rises: bisect on the bar in units of √t.
  let low = 0;
  let high = UNREACHABLE_Z;
  if (share <= 0 || crossing(state, t, high * Math.sqrt(t)) >= share) low = high;
  else
    for (let i = 0; i < 50; i++) {
      const mid = (low + high) / 2;
      if (crossing(state, t, mid * Math.sqrt(t)) > share) low = mid;
      else high = mid;
    }
  const c = low >= UNREACHABLE_Z ? UNREACHABLE_Z : high;
  const reached = c >= UNREACHABLE_Z ? 0 : crossing(state, t, c * Math.sqrt(t));
  return {
    state: carry(state, t, c * Math.sqrt(t)),
    spent: previous.spent + reached,
    bar: c >= UNREACHABLE_Z ? 0 : 2 * (1 - normalCdf(c)),
  };
}

// A test is read at every look, and the study reads thousands: the recursion after each prefix of
// looks is kept, so a reading pays only for the looks no earlier reading went through.
const steps = new Map<string, Step>();
const MAX_STEPS = 4000;

/**
 * The two-sided p-value bar of each look: a look stops the test when the p-value of the leader is
 * at or below it. The last look spends whatever the earlier ones left (`lastIsFinal`), so a test
 * that runs to its end uses the whole budget; otherwise every look spends its share by the
 * spending function. Information shares must increase; a look with no new information gets bar 0.
 */
export function lookBars(
  looks: readonly Look[],
  options: { lastIsFinal: boolean; alpha?: number; gamma?: number },
): number[] {
  const alpha = options.alpha ?? FALSE_WINNER_BUDGET;
  const gamma = options.gamma ?? SPENDING_SHAPE;
  const bars: number[] = [];
  let previous: Step = { state: null, spent: 0, bar: 0 };
  let key = `${alpha}|${gamma}|`;
  looks.forEach((look, index) => {
    const t = Math.min(1, look.information);
    const final = index === looks.length - 1 && options.lastIsFinal;
    key += `${final ? 'F' : ''}${t.toFixed(9)},`;
    let step = steps.get(key);
    if (!step) {
      step = nextStep(previous, t, final ? alpha : spentBy(t, alpha, gamma));
      if (steps.size >= MAX_STEPS) steps.delete(steps.keys().next().value as string);
      steps.set(key, step);
    }
    bars.push(step.bar);
    previous = step;
  });
  return bars;
}
