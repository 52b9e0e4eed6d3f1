// How the product reads a test: the engine's reading once a day at 02:00 Pacific, each with the
// winner bar of its look (src/title-tests/figures/look-bars.ts), and the test stops at the first
// look that names a winner (what a test does by default); otherwise the final reading once every
// window (and, for daily metrics, every day's figures) is in, with the rest of the budget. An
// engine exception is caught and read as the product reads it: Inconclusive, the original stays.

import { analyzeTest } from '../../src/statistics/verdict';
import type { AnalyzeTestInput, TestVerdict } from '../../src/statistics/verdict';
import type { WinnerMetric } from '../../src/statistics/window-analysis';
import { dailyLookTimes } from '../../src/statistics/look-schedule';
import { winnerBarAt } from '../../src/title-tests/figures/look-bars';
import { scheduleSegmentsOf } from '../../src/title-tests/records/schedule-segments';
import { observationsAt } from './product-rows';
import type { StoredTest } from './product-rows';

export interface Reading {
  verdict: TestVerdict['verdict'];
  winnerTitleIndex: number | null;
  recommendedTitleIndex: number;
  /** Per title (index 0 = original): lift and 95% interval; NaN when the engine gave none. */
  lifts: { lift: number; low: number; high: number }[];
  threw: boolean;
  error: string | null;
  /** When the reading was made (ms). */
  at: number;
}

export interface TestPlan {
  stored: StoredTest;
  metric: WinnerMetric;
  titleCount: number;
  intervalMinutes: number;
  start: Date;
  end: Date;
  publishedAt: Date;
  scheduleSeed: string;
  plannedUnitsPerTitle: number;
  /** When the final reading happens (the end; for daily metrics when the last day is in). */
  finalAt: number;
}

export function readAt(plan: TestPlan, at: number, isFinal: boolean): Reading {
  const looked = { test: { winnerMetric: plan.metric, endDate: plan.end }, rotations: plan.stored.rotations };
  // scheduleSegments: as the product reads them from the stored schedule — its design starts at the
  // first window (after a calibration read), which is where the engine redraws it from.
  const input: AnalyzeTestInput & { scheduleSegments: { start: Date; end: Date }[] } = {
    windows: observationsAt(plan.stored, at),
    titleCount: plan.titleCount,
    metric: plan.metric,
    intervalMinutes: plan.intervalMinutes,
    isFinal,
    winnerBar: winnerBarAt(looked, new Date(at), isFinal),
    seed: plan.scheduleSeed,
    publishedAt: plan.publishedAt,
    plannedUnitsPerTitle: plan.plannedUnitsPerTitle,
    scheduleSegments: scheduleSegmentsOf(plan.stored.rotations),
  };
  try {
    const verdict = analyzeTest(input);
    const lifts = Array.from({ length: plan.titleCount }, (_, titleIndex) => {
      const title = verdict.titles.find((t) => t.titleIndex === titleIndex);
      return title
        ? { lift: title.lift, low: title.liftLow, high: title.liftHigh }
        : { lift: Number.NaN, low: Number.NaN, high: Number.NaN };
    });
    return {
      verdict: verdict.verdict,
      winnerTitleIndex: verdict.verdict === 'winner' ? verdict.winnerTitleIndex : null,
      recommendedTitleIndex: verdict.recommendedTitleIndex,
      lifts,
      threw: false,
      error: null,
      at,
    };
  } catch (error) {
    const nan = { lift: Number.NaN, low: Number.NaN, high: Number.NaN };
    return {
      verdict: 'inconclusive',
      winnerTitleIndex: null,
      recommendedTitleIndex: 0,
      lifts: Array.from({ length: plan.titleCount }, () => nan),
      threw: true,
      error: error instanceof Error ? error.message : String(error),
      at,
    };
  }
}

export interface ReadTest {
  interim: Reading[];
  final: Reading;
}

/**
 * The daily readings up to the first "Winner" (where the test stops), and the final reading when
 * no look named one (a test that stopped has no other reading).
 */
export function readTest(plan: TestPlan): ReadTest {
  const interim: Reading[] = [];
  for (const at of dailyLookTimes(plan.start, plan.end)) {
    const reading = readAt(plan, at.getTime(), false);
    interim.push(reading);
    if (reading.verdict === 'winner') return { interim, final: reading };
  }
  return { interim, final: readAt(plan, plan.finalAt, true) };
}
