// How a creator reads a test: the engine's reading once a day at 02:00 Pacific (isFinal false;
// a creator may complete the test at the first "Winner"), and the final reading once every window
// (and, for daily metrics, every day's figures) is in. An engine exception is caught and read as
// the product reads it: Inconclusive, the original stays.

import { analyzeTest } from '../../src/statistics/verdict';
import type { AnalyzeTestInput, TestVerdict } from '../../src/statistics/verdict';
import type { WinnerMetric } from '../../src/statistics/window-analysis';
import { addDays, pacificDay, pacificDayStart } from '../../src/time/pacific';
import { observationsAt } from './product-rows';
import type { StoredTest } from './product-rows';

const LOOK_HOUR_MS = 2 * 3_600_000;

export interface Reading {
  verdict: TestVerdict['verdict'];
  winnerTitleIndex: number | null;
  recommendedTitleIndex: number;
  /** Per title (index 0 = original): lift and 95% interval; NaN when the engine gave none. */
  lifts: { lift: number; low: number; high: number }[];
  threw: boolean;
  error: string | null;
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

/** 02:00 Pacific each day after the start, while the test runs. */
export function lookTimes(start: Date, end: Date): number[] {
  const looks: number[] = [];
  let day = addDays(pacificDay(start), 1);
  for (;;) {
    const look = pacificDayStart(day).getTime() + LOOK_HOUR_MS;
    if (look >= end.getTime()) return looks;
    looks.push(look);
    day = addDays(day, 1);
  }
}

export function readAt(plan: TestPlan, at: number, isFinal: boolean): Reading {
  // scheduleSegments: the stored schedule's span, which the engine redraws (one segment: no extension).
  const input: AnalyzeTestInput & { scheduleSegments: { start: Date; end: Date }[] } = {
    windows: observationsAt(plan.stored, at),
    titleCount: plan.titleCount,
    metric: plan.metric,
    intervalMinutes: plan.intervalMinutes,
    isFinal,
    seed: plan.scheduleSeed,
    publishedAt: plan.publishedAt,
    plannedUnitsPerTitle: plan.plannedUnitsPerTitle,
    scheduleSegments: [{ start: plan.start, end: plan.end }],
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
    };
  }
}

export interface ReadTest {
  interim: Reading[];
  final: Reading;
}

/**
 * The daily readings up to the first "Winner" (where a creator may complete the test, so later
 * looks change nothing the study counts), and the final reading, always.
 */
export function readTest(plan: TestPlan): ReadTest {
  const interim: Reading[] = [];
  for (const at of lookTimes(plan.start, plan.end)) {
    const reading = readAt(plan, at, false);
    interim.push(reading);
    if (reading.verdict === 'winner') break;
  }
  return { interim, final: readAt(plan, plan.finalAt, true) };
}
