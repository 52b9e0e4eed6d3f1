// The forecast as a simulation of the real test (docs/statistics.md, "Forecast"): tests of the
// planned shape are run on synthetic traffic fitted to the video — its views a day, how fast they
// decay, the noise of one unit — with the product's own schedule generator, its daily looks and
// their winner bars (looks.ts, look-schedule.ts), and the engine's own reading of each look
// (reading-units.ts: the same baseline, weights and randomisation test as a verdict). The chance of
// a verdict at a lift is the share of simulated tests that name the better variant; the
// detectable lift is where that share reaches 80%; the days to a verdict and the switches spent
// come from when those tests stopped.
//
// Each simulated test keeps its noise while the lift grows (common random numbers), so whether it
// decides is monotone in the lift and one bisection per test finds the smallest lift it decides at.

import { normalCdf } from './distributions';
import { lookBars } from './looks';
import { plannedLooks, unitReadyAt } from './look-schedule';
import { Random } from './random';
import { readLeader } from './reading-units';
import { redrawnTitles } from './redraws';
import { generateSchedule } from './schedule';
import type { ScheduleSlot } from './schedule';
import { pacificParts } from '../time/pacific';
import type { WindowObservation, WinnerMetric } from './window-analysis';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface SimulatedShape {
  intervalMinutes: number;
  metric: WinnerMetric;
  titleCount: number;
  /** The test's start and end; the design starts at `designStart` (after a calibration), else at the start. */
  start: Date;
  end: Date;
  designStart?: Date;
}

/** What the forecast knows of the video's traffic. */
export interface VideoTraffic {
  /** Views a day on the video now. */
  viewsPerDay: number;
  /** Days in which its traffic halves; Infinity for a flat video. */
  halfLifeDays: number;
  /** Traffic noise of one unit of the shape beyond whole counts (standard deviation, log scale). */
  unitNoise: number;
  /** Minutes not counted after each switch (views windows). */
  washoutMinutes: number;
}

/** A share of a video's views comes from impressions (the rest: links, embeds, end screens). */
const VIEWS_FROM_IMPRESSIONS = 0.75;
/** A typical click-through rate, for the impressions of a daily unit (only clicks carry noise). */
const TYPICAL_CTR = 0.05;
/** A typical view length, for the seconds watched of a daily unit. */
const TYPICAL_VIEW_SECONDS = 300;
/** The daily cycle the synthetic traffic swings through (the baseline takes it out). */
const DAILY_SWING = 0.3;

/** One simulated test's draws: its schedule and the noise of each unit. */
interface SimulatedRun {
  titles: Int8Array;
  traffic: Float64Array;
  counts: Float64Array;
}

export interface SimulationPlan {
  shape: SimulatedShape;
  traffic: VideoTraffic;
  /** Design windows in time order (title of the first run's schedule; each run redraws them). */
  units: ScheduleSlot[];
  perDay: boolean;
  /** Per look: when, the units it sees (a prefix of `units` by readiness), its bar, and their redrawn titles. */
  looks: { at: Date; seen: number; bar: number; final: boolean; redraws: Int8Array | null }[];
  /** Units ordered by readiness (indices into `units`). */
  order: number[];
  plannedUnitsPerTitle: number;
  /** Title changes up to each unit's end, per run (the quota the test spends until it stops). */
  runs: SimulatedRun[];
}

export interface RunOutcome {
  /** The look that named a winner (index into plan.looks), or −1. */
  look: number;
  winner: number | null;
}

/** A Poisson count with the given mean, at quantile Φ(z) (monotone in the mean for a fixed z). */
function countAt(mean: number, z: number): number {
  if (!(mean > 0)) return 0;
  if (mean > 50) return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
  const u = normalCdf(z);
  let term = Math.exp(-mean);
  let cumulative = term;
  let k = 0;
  while (cumulative < u && k < 1000) {
    k++;
    term *= mean / k;
    cumulative += term;
  }
  return k;
}

const seedOf = (shape: SimulatedShape, seed = 'forecast'): string =>
  `${seed}/${shape.metric}/${shape.intervalMinutes}/${shape.titleCount}`;

/** The design, its looks and bars, and `runs` simulated tests' draws. */
export function simulationPlan(
  shape: SimulatedShape,
  traffic: VideoTraffic,
  runs: number,
  options: { gamma?: number; seed?: string } = {},
): SimulationPlan {
  const designStart = shape.designStart ?? shape.start;
  const slots = (seed: string): ScheduleSlot[] =>
    generateSchedule({
      seed,
      titleCount: shape.titleCount,
      intervalMinutes: shape.intervalMinutes,
      start: designStart,
      end: shape.end,
    }).filter((slot) => slot.kind === 'window');
  const units = slots(`${seedOf(shape, options.seed)}/0`);
  const perDay = shape.metric !== 'views';
  const order = units
    .map((unit, i) => ({ i, ready: unitReadyAt(unit, perDay).getTime() }))
    .sort((a, b) => a.ready - b.ready || a.i - b.i)
    .map((entry) => entry.i);
  const planned = plannedLooks(units, shape.end, perDay);
  const bars = lookBars(planned, { lastIsFinal: true, gamma: options.gamma });
  const ready = order.map((i) => unitReadyAt(units[i] as ScheduleSlot, perDay).getTime());
  const segments = [{ start: designStart, end: shape.end }];
  const looks = planned.map((look, j) => {
    let seen = 0;
    while (seen < ready.length && (ready[seen] as number) <= look.at.getTime()) seen++;
    if (look.final) seen = ready.length;
    const starts = order
      .slice(0, seen)
      .map((i) => (units[i] as ScheduleSlot).startsAt)
      .sort((a, b) => a.getTime() - b.getTime());
    const bar = bars[j] as number;
    const redraws = bar > 0 ? redrawnTitles(starts, segments, shape.titleCount, shape.intervalMinutes) : null;
    return { at: look.at, seen, bar, final: look.final, redraws };
  });
  const counts = new Array<number>(shape.titleCount).fill(0);
  for (const unit of units) counts[unit.titleIndex] = (counts[unit.titleIndex] ?? 0) + 1;
  const random = new Random(`${seedOf(shape, options.seed)}/noise`);
  const simulated: SimulatedRun[] = [];
  for (let r = 0; r < runs; r++) {
    const drawn = r === 0 ? units : slots(`${seedOf(shape, options.seed)}/${r}`);
    simulated.push({
      titles: Int8Array.from(drawn.map((slot) => slot.titleIndex)),
      traffic: Float64Array.from(units, () => random.normal()),
      counts: Float64Array.from(units, () => random.normal()),
    });
  }
  return {
    shape,
    traffic,
    units,
    perDay,
    looks,
    order,
    plannedUnitsPerTitle: Math.min(...counts),
    runs: simulated,
  };
}

/** The video's expected views per hour at `at` with the original title (decay and daily cycle). */
function viewsPerHour(plan: SimulationPlan, at: number): number {
  const { traffic, shape } = plan;
  const days = (at - shape.start.getTime()) / DAY_MS;
  const decay = Number.isFinite(traffic.halfLifeDays) ? 2 ** (-days / traffic.halfLifeDays) : 1;
  const { hour: wholeHour, minute } = pacificParts(at);
  const hour = wholeHour + minute / 60;
  return (traffic.viewsPerDay / 24) * decay * (1 + DAILY_SWING * Math.sin((2 * Math.PI * hour) / 24));
}

/** One run's units as the product would measure them, Variant 2 better by `lift`. */
function observations(plan: SimulationPlan, run: SimulatedRun, lift: number): WindowObservation[] {
  const { traffic } = plan;
  const sigma = traffic.unitNoise;
  return plan.units.map((unit, i) => {
    const title = run.titles[i] as number;
    const effect = title === 1 ? 1 + lift : 1;
    const noise = Math.exp(sigma * (run.traffic[i] as number) - (sigma * sigma) / 2);
    const z = run.counts[i] as number;
    const from = unit.startsAt.getTime();
    const to = unit.endsAt.getTime();
    if (!plan.perDay) {
      const measuredFrom = Math.min(to, from + traffic.washoutMinutes * 60_000);
      const hours = (to - measuredFrom) / HOUR_MS;
      const mean = viewsPerHour(plan, (measuredFrom + to) / 2) * hours * noise * effect;
      return {
        titleIndex: title,
        startsAt: unit.startsAt,
        endsAt: unit.endsAt,
        measuredHours: hours,
        views: countAt(mean, z),
      };
    }
    const views = viewsPerHour(plan, (from + to) / 2) * ((to - from) / HOUR_MS);
    const impressions = Math.max(1, Math.round((views * VIEWS_FROM_IMPRESSIONS) / TYPICAL_CTR));
    const base = impressions * TYPICAL_CTR;
    if (plan.shape.metric === 'ctr') {
      const clicks = Math.min(impressions, countAt(base * noise * effect, z));
      return { ...dayUnit(unit, title), impressions, clicks, views: clicks, watchTimeSec: clicks * 300 };
    }
    const clicks = countAt(base, z);
    const watchTimeSec = Math.round(clicks * TYPICAL_VIEW_SECONDS * noise * effect);
    return { ...dayUnit(unit, title), impressions, clicks, views: clicks, watchTimeSec };
  });
}

const dayUnit = (unit: ScheduleSlot, titleIndex: number) => ({
  titleIndex,
  startsAt: unit.startsAt,
  endsAt: unit.endsAt,
  measuredHours: (unit.endsAt.getTime() - unit.startsAt.getTime()) / HOUR_MS,
});

/** Reads one simulated test look by look as the product does, until a look names a winner. */
export function runSimulatedTest(plan: SimulationPlan, run: number, lift: number): RunOutcome {
  const drawn = plan.runs[run] as SimulatedRun;
  const all = observations(plan, drawn, lift);
  const segments = [{ start: plan.shape.designStart ?? plan.shape.start, end: plan.shape.end }];
  for (let j = 0; j < plan.looks.length; j++) {
    const look = plan.looks[j]!;
    if (!(look.bar > 0)) continue;
    const windows = plan.order
      .slice(0, look.seen)
      .map((i) => all[i] as WindowObservation)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    const read = readLeader(
      {
        windows,
        titleCount: plan.shape.titleCount,
        metric: plan.shape.metric,
        intervalMinutes: plan.shape.intervalMinutes,
        scheduleSegments: segments,
        plannedUnitsPerTitle: plan.plannedUnitsPerTitle,
        knownRedraws: look.redraws ?? undefined,
      },
      look.bar,
    );
    if (read && !read.aboveBar && read.pLeader <= look.bar) return { look: j, winner: read.leader };
  }
  return { look: -1, winner: null };
}

/** The largest lift the search tries: ×20 (a test that cannot find that finds nothing). */
const MAX_LOG_LIFT = Math.log(20);
const BISECTION_STEPS = 8;

/**
 * For each simulated test, the smallest lift (log scale) at which it names Variant 2 the winner
 * at some look (Infinity when even ×20 does not), found by bisection on that test's own draws.
 */
export function criticalLogLifts(plan: SimulationPlan, startingLogLift = 0.1): number[] {
  const decides = (run: number, logLift: number): boolean =>
    runSimulatedTest(plan, run, Math.expm1(logLift)).winner === 1;
  return plan.runs.map((_, run) => {
    let low = 0;
    let high = startingLogLift;
    while (!decides(run, high)) {
      low = high;
      high *= 2;
      if (high > MAX_LOG_LIFT) return Number.POSITIVE_INFINITY;
    }
    for (let i = 0; i < BISECTION_STEPS; i++) {
      const mid = (low + high) / 2;
      if (decides(run, mid)) high = mid;
      else low = mid;
    }
    return high;
  });
}

/** Title changes a simulated test makes until `until` (ms), its first switch from the original included. */
export function switchesUntil(plan: SimulationPlan, run: number, until: number): number {
  const titles = (plan.runs[run] as SimulatedRun).titles;
  let previous = 0;
  let switches = 0;
  for (let i = 0; i < plan.units.length; i++) {
    if ((plan.units[i] as ScheduleSlot).startsAt.getTime() >= until) break;
    const title = titles[i] as number;
    if (title !== previous) switches++;
    previous = title;
  }
  return switches;
}

/** When a simulated test that stopped at look `look` (−1: ran to its final look) stopped, in ms. */
export function stoppedAt(plan: SimulationPlan, look: number): number {
  const at = look >= 0 ? plan.looks[look]! : plan.looks[plan.looks.length - 1]!;
  return at.at.getTime();
}
