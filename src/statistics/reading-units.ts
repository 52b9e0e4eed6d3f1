// The units one reading of a test compares (docs/statistics.md, "Model" and "Inference"): the
// windows (or days) that carry the metric, each with its outcome, its no-title baseline and its
// weight, and the titles every redrawn schedule would have given them. analyzeTest turns them into
// a verdict; the forecast (forecast-simulation.ts) reads only the leader's p-value from them, many
// times over, so both read a test in exactly the same way.

import { baselineSize, expectedOutcomes, outcomeOf, precisionWeights } from './baseline';
import { measureProgress } from './progress';
import type { Progress } from './progress';
import { leaderTest } from './randomisation';
import type { LeaderTest, RandomisationData } from './randomisation';
import { redrawnTitles, REDRAW_COUNT, segmentOfWindows } from './redraws';
import type { ScheduleSegment } from './redraws';
import type { ScheduleDesign } from './schedule';
import { RESPONSE_OF, usableWindows } from './window-analysis';
import type { Response, WindowObservation, WinnerMetric } from './window-analysis';

export interface ReadingInput {
  /** Full schedule windows only (not lead-in or tail), measured after the washout. */
  windows: readonly WindowObservation[];
  titleCount: number;
  metric: WinnerMetric;
  intervalMinutes: number;
  /**
   * The start and end each part of the schedule was drawn for (one for a test never extended);
   * without them they are recovered from the windows, which is exact only if the first design
   * window was measured.
   */
  scheduleSegments?: readonly ScheduleSegment[];
  /** How the schedule was drawn (schedule.ts); default the latest design. */
  scheduleDesign?: ScheduleDesign;
  /** Redrawn schedules (default 999); only tests of the engine itself use fewer. */
  redraws?: number;
  publishedAt?: Date;
  /** Units per title the schedule plans, for the progress bar. */
  plannedUnitsPerTitle?: number;
  /**
   * The units' titles under the redrawn schedules, when the caller has them already (the forecast
   * reads the same units many times); they must be those redrawnTitles gives for `windows`.
   */
  knownRedraws?: Int8Array;
}

export interface ReadingUnits {
  response: Response;
  /** The usable units, in time order. */
  data: WindowObservation[];
  progress: Progress;
  /**
   * The titles of the units under each redrawn schedule; null before the minimums are met, or
   * when the units are not design windows of the schedule described (`matchesSchedule` false).
   */
  redraws: Int8Array | null;
  matchesSchedule: boolean;
  /** The randomisation test's data on a baseline fitted to `baselineData` (the units themselves, or with effects taken out). */
  unitData: (baselineData: readonly WindowObservation[]) => RandomisationData;
}

/** Totals are counts for views and clicks (a title with none reads as level) and seconds for watch time. */
const PSEUDO_COUNT = { views: 0.5, ctr: 0.5, watch: 0 } as const;

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

export function readingUnits(input: ReadingInput): ReadingUnits {
  const response = RESPONSE_OF[input.metric];
  const data = usableWindows(input.windows, response).filter(
    (w) => Number.isInteger(w.titleIndex) && w.titleIndex >= 0 && w.titleIndex < input.titleCount,
  );
  const options = {
    titleCount: input.titleCount,
    intervalMinutes: input.intervalMinutes,
    publishedAt: input.publishedAt,
  };
  const spareUnits = data.length - baselineSize(data, response, options);
  const progress = measureProgress(data, input.titleCount, response, input.plannedUnitsPerTitle, spareUnits);
  const count = input.redraws ?? REDRAW_COUNT;
  const redraws = !progress.met
    ? null
    : input.knownRedraws && input.knownRedraws.length === count * data.length
      ? input.knownRedraws
      : redrawnTitles(
          data.map((w) => w.startsAt),
          input.scheduleSegments ?? segmentOfWindows(data),
          input.titleCount,
          input.intervalMinutes,
          count,
          input.scheduleDesign,
        );
  const outcome = data.map((w) => outcomeOf(w, response));
  return {
    response,
    data,
    progress,
    redraws,
    matchesSchedule: !progress.met || redraws !== null,
    unitData: (baselineData) => {
      // Each title's level is the weighted mean of its units' ratios to their baseline (baseline.ts).
      const expected = expectedOutcomes(baselineData, response, options);
      const weights = precisionWeights(outcome, expected);
      const weightPerExpected = sum(weights) / Math.max(sum(expected), Number.MIN_VALUE);
      return {
        titles: data.map((w) => w.titleIndex),
        outcome: outcome.map((o, i) =>
          (expected[i] as number) > 0 ? ((weights[i] as number) * o) / (expected[i] as number) : 0,
        ),
        expected: weights,
        redraws: redraws ?? new Int8Array(0),
        count: redraws ? count : 0,
        titleCount: input.titleCount,
        pseudo: PSEUDO_COUNT[response] * weightPerExpected,
      };
    },
  };
}

/**
 * The leader and its p-value on the units read so far, as analyzeTest's winner bar reads them;
 * null before the minimums are met or when the units do not match the schedule. With the look's
 * bar it may stop counting once the p-value is sure to exceed it (LeaderTest.aboveBar).
 */
export function readLeader(input: ReadingInput, bar?: number): LeaderTest | null {
  const units = readingUnits(input);
  if (!units.progress.met || units.redraws === null) return null;
  return leaderTest(units.unitData(units.data), bar);
}
