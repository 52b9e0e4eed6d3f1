// The washout the product sets for a test of a measured shape (docs/decisions/0025): one earlier
// finished test on the same channel (another video, the same traffic, counter and windows) is
// simulated and stored as the product stores it, its windows are read into 10-minute bins by the
// product's own switchWindowsOf, the lag by estimateLag, and the washout and any refusal of the
// window length by washoutFor and lagProblem.

import { samplingPeriodMinutes } from '../../src/capacity/cost-model';
import { estimateLag } from '../../src/statistics/lag';
import { generateSchedule } from '../../src/statistics/schedule';
import {
  ASSUMED_LAG,
  lagProblem,
  switchWindowsOf,
  washoutFor,
} from '../../src/title-tests/figures/channel-lag';
import type { TitleTestRow } from '../../src/title-tests/records/title-test-records';
import { DAY_MS, MINUTE_MS, simulateTraffic } from './channel-traffic';
import { counterAt, sampledEvery } from './counter';
import { storeTest } from './product-rows';
import { Rng } from './rng';
import type { EarlierTest, Shape } from './shapes';

/** Days from the earlier test's end to this test's start, uniform in this range. */
const GAP_DAYS = [1, 14] as const;

export interface WashoutChoice {
  /** The lag read from the earlier test, in minutes; null when it showed none (the rule applies). */
  lagMinutes: number | null;
  /** The lag was as long as the bins looked at: at least `lagMinutes`. */
  atLeast: boolean;
  /** The washout the product sets for the test. */
  minutes: number;
  /** The product refuses the test's windows as too short for the lag: the test never runs. */
  refused: boolean;
}

/**
 * The product's washout for a test of `shape` starting at `start`, from the earlier test. Keyed by
 * the run, not the scenario: a run's identical-title and lift cells share the channel's history.
 */
export function measuredWashout(
  shape: Shape,
  earlier: EarlierTest,
  runKey: string,
  start: Date,
): WashoutChoice {
  const rng = new Rng(`${runKey}/earlier`);
  const end = new Date(
    start.getTime() - Math.round(rng.between(GAP_DAYS[0], GAP_DAYS[1]) * 1440) * MINUTE_MS,
  );
  const earlierStart = new Date(end.getTime() - earlier.days * DAY_MS);
  // The channel's first test could not have hourly windows (its lag was not measured yet).
  const earlierInterval = Math.max(120, shape.intervalMinutes);
  const slots = generateSchedule({
    seed: `${runKey}/earlier-schedule`,
    titleCount: 2,
    intervalMinutes: earlierInterval,
    start: earlierStart,
    end,
  });
  const traffic = simulateTraffic({
    traffic: shape.traffic,
    lag: shape.lag,
    rng,
    start: earlierStart,
    end,
    slots,
    truth: [0, earlier.lift],
  });
  const earlierShape = { rotationIntervalMinutes: earlierInterval, winnerMetric: shape.metric };
  const testShape = { rotationIntervalMinutes: shape.intervalMinutes, winnerMetric: shape.metric };
  // What the product holds of a finished test: its rotations with the switches' own reads, and
  // the samples its passes took from its start date to its end (viewSamplesOfTest).
  const stored = storeTest({
    slots,
    titleCount: 2,
    samples: [],
    counterAt: (at) => counterAt(traffic.samples, at),
    daily: [],
    intervalMinutes: earlierInterval,
    metric: shape.metric,
  });
  const samples = sampledEvery(
    traffic.samples.filter(
      (sample) => sample.sampledAt >= earlierStart && sample.sampledAt.getTime() <= end.getTime(),
    ),
    samplingPeriodMinutes(earlierShape),
  );
  const test = earlierShape satisfies Partial<TitleTestRow> as TitleTestRow;
  const windows = switchWindowsOf({ test, variants: stored.variants, rotations: stored.rotations }, samples);
  // channelLag reads only tests with windows; a test that shows none leaves the lag assumed.
  const lag = estimateLag(windows.length > 0 ? [windows] : []);
  return {
    lagMinutes: lag?.minutes ?? null,
    atLeast: lag?.atLeast ?? false,
    minutes: washoutFor(shape.intervalMinutes, lag ?? ASSUMED_LAG),
    refused: lagProblem(testShape, lag ?? ASSUMED_LAG) !== null,
  };
}

/** The washout of a first test on the channel: its lag not measured, the product assumes up to an hour. */
export function assumedWashout(shape: Shape): WashoutChoice {
  const testShape = { rotationIntervalMinutes: shape.intervalMinutes, winnerMetric: shape.metric };
  return {
    lagMinutes: null,
    atLeast: false,
    minutes: washoutFor(shape.intervalMinutes, ASSUMED_LAG),
    refused: lagProblem(testShape, ASSUMED_LAG) !== null,
  };
}
