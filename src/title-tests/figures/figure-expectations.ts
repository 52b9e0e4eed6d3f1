import { VARIANT_WORDS } from '../../shared/test-kinds';
import { sampledOnPass, type TestShape } from '../../capacity';
import { DAILY_METRICS_TIME, SAMPLE_VIEWS_EVERY_MINUTES } from './collection-times';
import { isMeasuredPerDay, type WinnerMetric } from '../../shared/test-shapes';
import { blockAlignment } from '../../statistics/schedule';
import { addDays, pacificDay, pacificDayStart, pacificParts } from '../../time/pacific';
import { analyticsPublishedAt, reachReportPublishedAt } from '../../youtube/publication';
import { analysedDays, hasFinalFigures, windowDay } from './final-figures';
import { finalFiguresDeadline, finalFiguresStatus } from './final-figures-status';
import { rotationDay, type RotationFigures } from './rotation-figures';
import type { DailyRow } from './readings';
import type { RotationRow, TitleTestRow } from '../records/title-test-records';
import type { FigureExpectations } from '../records/title-tests.schemas';

/*
 * When each figure still missing is expected, from what the engine really does: view counters
 * are sampled every SAMPLE_VIEWS_EVERY_MINUTES; YouTube's daily figures are collected once a
 * day at DAILY_METRICS_TIME (Pacific), after YouTube publishes them (src/youtube/publication.ts);
 * a daily-metric verdict waits for the last analysed day's figures (docs/decisions/0009), and
 * the first rotation waits for the schedule's first block (src/statistics/schedule.ts).
 *
 * Everything here is an instant, computed with the stored figures (docs/figures.md); the web app
 * words it relative to its own clock ("in 2 days"), so the stored JSON never goes stale. The
 * jobs' constants are read inside the functions only: title-tests.jobs.ts imports the figures
 * code through the view sampling, so they are not ready while the modules load.
 */

const MINUTE_MS = 60_000;

/** The next view sample after `after`: the sampling job runs on every 10-minute mark (UTC). */
export function nextSamplingPass(after: Date): Date {
  const every = SAMPLE_VIEWS_EVERY_MINUTES * MINUTE_MS;
  return new Date(Math.floor(after.getTime() / every) * every + every);
}

/** The next pass that reads this test's counter (its cadence: src/capacity/cost-model.ts). */
export function nextViewSample(after: Date, shape: TestShape): Date {
  let at = nextSamplingPass(after);
  while (!sampledOnPass(shape, at)) at = nextSamplingPass(at);
  return at;
}

/** The next daily collection of YouTube's figures after `after`: 01:30 in Los Angeles. */
export function nextDailyCollection(after: Date): Date {
  const offset = (DAILY_METRICS_TIME.hour * 60 + DAILY_METRICS_TIME.minute) * MINUTE_MS;
  for (let day = pacificDay(after); ; day = addDays(day, 1)) {
    const at = new Date(pacificDayStart(day).getTime() + offset);
    if (at > after) return at;
  }
}

/** When impressions and CTR of a Pacific day are in the product: the collection after the reach report. */
export function reachFiguresExpectedAt(day: string): Date {
  return nextDailyCollection(reachReportPublishedAt(day));
}

/** When views and view duration of a Pacific day are in the product: the collection after Analytics serves it. */
export function analyticsFiguresExpectedAt(day: string): Date {
  return nextDailyCollection(analyticsPublishedAt(day));
}

/** When a day has every figure the verdict needs for the metric. */
function finalFiguresExpectedAt(day: string, metric: WinnerMetric): Date {
  const reach = reachFiguresExpectedAt(day);
  if (metric !== 'combined') return reach;
  const analytics = analyticsFiguresExpectedAt(day);
  return analytics > reach ? analytics : reach;
}

const later = (a: Date, b: Date) => (a > b ? a : b);
const earlier = (a: Date, b: Date) => (a < b ? a : b);

/**
 * A day's figure is expected when the daily collection first follows its publication; once that
 * has passed without it (YouTube is late), at the next collection, the next chance it has.
 */
function expectedAt(collection: Date, now: Date): Date {
  return later(collection, nextDailyCollection(now));
}

const pad = (value: number) => String(value).padStart(2, '0');
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
const every = (hours: number) => (hours === 1 ? 'every hour' : `every ${hours} hours`);

/** Why the schedule waits for its first window, in words (the instant itself is shown beside it). */
function leadInReason(test: TitleTestRow, titleCount: number, firstWindow: Date): string {
  const { hour, minute } = pacificParts(firstWindow);
  const clock = `${pad(hour)}:${pad(minute)} Pacific time`;
  const alignment = blockAlignment(titleCount, test.rotationIntervalMinutes);
  const windowHours = test.rotationIntervalMinutes / 60;
  // In the kind's words ("Each thumbnail is live…"); a title test's read as they always did.
  const { name, one, many } = VARIANT_WORDS[test.kind];
  const Many = many.charAt(0).toUpperCase() + many.slice(1);
  const until = `${test.status === 'scheduled' ? 'From the start until then' : 'Until then'} ${name} 1 (the baseline) is live, and that time is not analysed.`;
  switch (alignment.kind) {
    case 'day':
      return `Each ${one} is live for whole Pacific days, the days YouTube reports impressions, CTR and watch time by, so the first switch is at midnight (${clock}). ${until}`;
    case 'block':
      return `${Many} rotate in blocks of ${titleCount} windows of ${plural(windowHours, 'hour')}, every ${one} once per block, and blocks start at fixed Pacific hours (${every(alignment.blockMinutes / 60)} from midnight) so each ${one} is live at every hour of the day equally often. The first block starts at ${clock}. ${until}`;
    case 'window':
      return `Windows of ${plural(windowHours, 'hour')} start on the Pacific clock (${every(windowHours)} from midnight, as YouTube's days run), so the first starts at ${clock}. ${until}`;
  }
}

/** While no window of the schedule has begun: when the first does, and why the test waits. */
function firstRotation(
  test: TitleTestRow,
  titleCount: number,
  schedule: RotationRow[],
): FigureExpectations['firstRotation'] {
  if (test.status !== 'scheduled' && test.status !== 'active') return null;
  const windows = schedule.filter((rotation) => rotation.kind === 'window');
  const first = windows[0];
  if (!first || windows.some((rotation) => rotation.status !== 'planned')) return null;
  return {
    at: first.plannedStart.toISOString(),
    reason: leadInReason(test, titleCount, first.plannedStart),
  };
}

/**
 * When the verdict is decided: a views test at its end date; a CTR or watch-time test at the
 * daily collection that brings its last analysed day's figures, or at its deadline (end + 4 days)
 * if they are late. Null once decided.
 */
function verdictExpectation(
  test: TitleTestRow,
  schedule: RotationRow[],
  daily: DailyRow[],
  now: Date,
): { at: Date; deadline: Date | null } | null {
  const waiting = finalFiguresStatus(test);
  if (waiting.awaiting) {
    const byDay = new Map(daily.map((row) => [row.day, row]));
    const missing = analysedDays({ rotations: schedule }).filter(
      (day) => !hasFinalFigures(byDay.get(day), test.winnerMetric),
    );
    let at = missing
      .map((day) => expectedAt(finalFiguresExpectedAt(day, test.winnerMetric), now))
      .reduce(later, now);
    if (waiting.dueBy) at = earlier(at, later(waiting.dueBy, now));
    return { at, deadline: waiting.dueBy };
  }
  if (test.status === 'completed' || test.status === 'cancelled') return null;
  if (!isMeasuredPerDay(test.winnerMetric)) return { at: test.endDate, deadline: null };
  const deadline = finalFiguresDeadline(test.endDate);
  const last = schedule
    .filter((rotation) => rotation.kind === 'window' && rotation.status !== 'skipped')
    .at(-1);
  const at = last ? earlier(finalFiguresExpectedAt(windowDay(last), test.winnerMetric), deadline) : deadline;
  return { at: later(at, test.endDate), deadline };
}

export interface ExpectationInputs {
  test: TitleTestRow;
  titleCount: number;
  schedule: RotationRow[];
  daily: DailyRow[];
  averageCtr: number | null;
  averageViewDuration: number | null;
}

/** The instant each pending figure of a rotation is expected (null where it is not pending). */
export function rotationExpectations(
  figure: RotationFigures,
  now: Date,
): { ctrExpectedAt: string | null; durationExpectedAt: string | null } {
  const { rotation } = figure;
  // A live rotation is read with the day its middle has when it ends as planned.
  const day = rotationDay(rotation, later(rotation.plannedEnd, now));
  return {
    ctrExpectedAt:
      figure.ctrSource === 'pending' ? expectedAt(reachFiguresExpectedAt(day), now).toISOString() : null,
    durationExpectedAt:
      figure.durationSource === 'pending'
        ? expectedAt(analyticsFiguresExpectedAt(day), now).toISOString()
        : null,
  };
}

/** When the test's pending figures, first rotation and verdict are expected (see the top of this file). */
export function figureExpectations(inputs: ExpectationInputs, now: Date): FigureExpectations {
  const { test, schedule, daily } = inputs;
  const firstDay = pacificDay(test.startDate);
  const sampling = test.status === 'active' || test.status === 'paused';
  // A queued test has no schedule yet: it says when it is expected to start (src/capacity).
  if (test.status === 'queued')
    return {
      firstRotation: null,
      nextViewSampleAt: null,
      ctrAt: null,
      durationAt: null,
      verdictAt: null,
      verdictDeadline: null,
    };
  const verdict = verdictExpectation(test, schedule, daily, now);
  return {
    firstRotation: firstRotation(test, inputs.titleCount, schedule),
    nextViewSampleAt: sampling
      ? nextViewSample(now, {
          rotationIntervalMinutes: test.rotationIntervalMinutes,
          winnerMetric: test.winnerMetric,
        }).toISOString()
      : null,
    ctrAt:
      inputs.averageCtr === null ? expectedAt(reachFiguresExpectedAt(firstDay), now).toISOString() : null,
    durationAt:
      inputs.averageViewDuration === null
        ? expectedAt(analyticsFiguresExpectedAt(firstDay), now).toISOString()
        : null,
    verdictAt: verdict?.at.toISOString() ?? null,
    verdictDeadline: verdict?.deadline?.toISOString() ?? null,
  };
}
