import type { WinnerMetric } from '../shared/test-shapes';
import { rotatesThumbnails, rotatesTitles, type TestKind } from '../shared/test-kinds';
import { quotaCosts } from '../youtube/quota-ledger';

// What a running test costs the project's YouTube quota, at the floor YouTube charges for the work
// (docs/youtube.md#quota, docs/capacity.md). The bench (npm run bench:capacity) checks the ledger of
// simulated days against this model.

/** One title change: read the snippet and counters (1), write it (50); the write's answer confirms it. */
export const UNITS_PER_ROTATION = quotaCosts['videos.list'] + quotaCosts['videos.update'];
/**
 * Putting a title back at the end costs one rotation; every admitted test keeps it in reserve.
 * @alias the same number as UNITS_PER_ROTATION, named for what it reserves
 */
export const RESTORE_RESERVE_UNITS = UNITS_PER_ROTATION;

/**
 * One switch of a test of this kind: the read (1), the title's write (50) where titles change, and
 * thumbnails.set (50) where thumbnails do. Fetching the served image to confirm it is no API call.
 */
export function unitsPerSwitch(kind: TestKind = 'titles'): number {
  return (
    quotaCosts['videos.list'] +
    (rotatesTitles(kind) ? quotaCosts['videos.update'] : 0) +
    (rotatesThumbnails(kind) ? quotaCosts['thumbnails.set'] : 0)
  );
}
/** How often the sampling job runs; each test is sampled on the passes its cadence picks. */
export const SAMPLING_PASS_MINUTES = 10;
/** Video counters one videos.batchGetStats call reads (1 unit). */
export const VIDEOS_PER_SAMPLING_CALL = 50;
const PASSES_PER_DAY = 1440 / SAMPLING_PASS_MINUTES;
/**
 * A pass costs ceil(videos / 50) calls, at most one more than the tests' fractional shares add up
 * to: the pool keeps one call per pass aside for that rounding, so the shares' sum is a true bound.
 */
export const SAMPLING_ROUNDING_UNITS_PER_DAY = PASSES_PER_DAY * quotaCosts['videos.batchGetStats'];

export interface TestShape {
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
  /** What the test rotates (absent: titles). */
  kind?: TestKind;
}

/**
 * How often a test's view counter is read. Windows of up to 4 hours need the 10-minute grain (the
 * washout is 15 minutes); longer windows wash out for 48 minutes or more, and a daily-metric test's
 * verdict comes from YouTube's daily figures: their cards need the counter no more than every 30 or
 * 60 minutes. Every switch also reads the counter, at no extra cost (the rotation's read).
 */
export function samplingPeriodMinutes(shape: TestShape): number {
  if (shape.winnerMetric !== 'views' || shape.rotationIntervalMinutes >= 1440) return 60;
  return shape.rotationIntervalMinutes >= 480 ? 30 : SAMPLING_PASS_MINUTES;
}

/** Is the test sampled on the pass that runs at `at`? Passes are aligned to the clock in UTC. */
export function sampledOnPass(shape: TestShape, at: Date): boolean {
  const pass = Math.floor(at.getTime() / (SAMPLING_PASS_MINUTES * 60_000));
  return pass % (samplingPeriodMinutes(shape) / SAMPLING_PASS_MINUTES) === 0;
}

/** The test's share of sampling calls per day (1/50 of a call per pass it is read on). */
export function samplingUnitsPerDay(shape: TestShape): number {
  return (
    (1440 / samplingPeriodMinutes(shape) / VIDEOS_PER_SAMPLING_CALL) * quotaCosts['videos.batchGetStats']
  );
}

/** A running test's projected spend per day: its rotations and its share of sampling. */
export function dailyUnits(shape: TestShape): number {
  return (1440 / shape.rotationIntervalMinutes) * unitsPerSwitch(shape.kind) + samplingUnitsPerDay(shape);
}

/** What admitting a test reserves of its account's and plan's allotment: a day's spend and the restore. */
export function reservedUnits(shape: TestShape): number {
  return dailyUnits(shape) + unitsPerSwitch(shape.kind);
}
