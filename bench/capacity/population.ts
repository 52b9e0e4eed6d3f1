import { randomUUID } from 'node:crypto';
import type { CapacityPlan } from '../../src/shared/capacity-shares';
import type { TestKind } from '../../src/shared/test-kinds';
import type { WinnerMetric } from '../../src/shared/test-shapes';
import type { PlannedCreator } from '../rotation/world-plan';

// Who arrives when and asks for what: a seeded, pure plan of the simulated internet's creators.

const HOUR_MS = 3_600_000;

export interface TestRequest {
  /** When the creator asks, in ms after the run's start. */
  atMs: number;
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
  durationDays: number;
  /** Index of the creator's video the test runs on (one test per video). */
  video: number;
}

export interface Creator extends PlannedCreator {
  plan: CapacityPlan;
  heavy: boolean;
  /**
   * What all of the creator's tests rotate. One kind per creator, so each ledger row (kept per
   * channel, not per test) belongs to one kind and the study can check each kind's units apart.
   */
  kind: TestKind;
  requests: TestRequest[];
}

/**
 * The mix each test is drawn from: the shortest shapes that can still decide (forecast.service.ts)
 * on a channel's first tests — views windows of 2 hours (an unmeasured channel's lag rules out
 * hourly ones) after the day or two the test reads the video (two on a busy video,
 * docs/decisions/0058), daily views, daily CTR.
 */
export const SHAPES = [
  { name: '2-hour views', rotationIntervalMinutes: 120, winnerMetric: 'views', durationDays: 5, weight: 0.4 },
  {
    name: 'daily views',
    rotationIntervalMinutes: 1440,
    winnerMetric: 'views',
    durationDays: 12,
    weight: 0.3,
  },
  { name: 'daily CTR', rotationIntervalMinutes: 1440, winnerMetric: 'ctr', durationDays: 14, weight: 0.3 },
] as const;

/** Plans of the ordinary creators, and how many tests each asks for (within the plan's running limit). */
const PLAN_MIX: { plan: CapacityPlan; weight: number; tests: number }[] = [
  { plan: 'free', weight: 0.5, tests: 1 },
  { plan: 'pro', weight: 0.35, tests: 3 },
  { plan: 'authority', weight: 0.15, tests: 5 },
];
/** What creators test: mostly titles, thumbnails (thumbnails.set, 50 units) and packages (both writes). */
const KIND_MIX: { kind: TestKind; weight: number }[] = [
  { kind: 'titles', weight: 0.7 },
  { kind: 'thumbnails', weight: 0.2 },
  { kind: 'packages', weight: 0.1 },
];
/** A creator's later tests follow the first by this much each. */
const NEXT_TEST_AFTER_MS = 6 * HOUR_MS;
/** Heavy accounts ask for everything within the first half day. */
const HEAVY_SPREAD_MS = 12 * HOUR_MS;

/** mulberry32: a small seeded generator, so a run's population can be drawn again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T extends { weight: number }>(items: readonly T[], draw: number): T {
  let left = draw;
  for (const item of items) {
    if (left < item.weight) return item;
    left -= item.weight;
  }
  return items.at(-1)!;
}

function identity(index: number): PlannedCreator {
  const suffix = String(index).padStart(6, '0');
  return {
    index,
    userId: randomUUID(),
    connectionId: randomUUID(),
    simAccountId: `sim-cap-${suffix}`,
    channelId: `UCcapacity${suffix}`,
  };
}

/**
 * `creators` creators (the first `heavy` of them the heavy Authority accounts) arriving uniformly
 * over `runMs`. An ordinary creator asks for its plan's number of tests, one every 6 hours from
 * its arrival while the run lasts, all of one kind (KIND_MIX); a heavy account asks for
 * `heavyTests` 2-hour views title tests.
 */
export function planPopulation(args: {
  creators: number;
  heavy: number;
  heavyTests: number;
  runMs: number;
  seed: number;
}): Creator[] {
  const draw = random(args.seed);
  return Array.from({ length: args.creators }, (_, index): Creator => {
    if (index < args.heavy) {
      const shortest = SHAPES[0];
      return {
        ...identity(index),
        plan: 'authority',
        heavy: true,
        kind: 'titles',
        requests: Array.from({ length: args.heavyTests }, (_, video) => ({
          atMs: Math.floor((video / args.heavyTests) * HEAVY_SPREAD_MS),
          rotationIntervalMinutes: shortest.rotationIntervalMinutes,
          winnerMetric: shortest.winnerMetric,
          durationDays: shortest.durationDays,
          video,
        })),
      };
    }
    const { plan, tests } = pick(PLAN_MIX, draw());
    const { kind } = pick(KIND_MIX, draw());
    const arrival = Math.floor(draw() * args.runMs);
    const requests: TestRequest[] = [];
    for (let video = 0; video < tests; video++) {
      const atMs = arrival + video * NEXT_TEST_AFTER_MS;
      const shape = pick(SHAPES, draw());
      if (atMs < args.runMs)
        requests.push({
          atMs,
          rotationIntervalMinutes: shape.rotationIntervalMinutes,
          winnerMetric: shape.winnerMetric,
          durationDays: shape.durationDays,
          video,
        });
    }
    return { ...identity(index), plan, heavy: false, kind, requests };
  });
}
