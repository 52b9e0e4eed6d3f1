import type { ServiceContext } from '../../context/service-context';
import { COLLECTING_DATA_LABEL, VERDICT_LABELS, type VerdictKind } from '../../shared/test-shapes';
import { isRunning } from '../records/state-machine';
import { VARIANT_WORDS, type TestKind } from '../../shared/test-kinds';
import { progressItemLabel, verdictNotes, verdictReasonWords } from '../../shared/verdict-words';
import { analyzeTest, type TestVerdict, type WindowObservation } from '../../statistics';
import { finalFiguresStatus } from './final-figures-status';
import type { TestRecord } from '../records/title-test-records';
import type { VerdictView } from '../records/title-tests.schemas';
import { observationsOf, scheduleSegmentsOf } from './verdict-inputs';
import { winnerBarAt } from './look-bars';
import { chanceOfWinnerByEnd } from '../../statistics/conditional-power';
import { normalQuantile } from '../../statistics/distributions';
import { storedForecastOf } from '../records/stored-forecast';
import type { ScheduleDesign } from '../../statistics/schedule';

// The one place a test's verdict is computed (docs/statistics.md#verdicts): `computeVerdict`
// decides it when a test ends (finish-test.ts stores it), `verdictView` shows the stored one, or
// the current reading while the test runs, on the analytics panel.

/** The test as the engine needs it: its row, titles and stored schedule. */
export type TestSchedule = Pick<TestRecord, 'test' | 'variants' | 'rotations'>;

/**
 * The engine's verdict with the words a creator reads (src/shared/verdict-words.ts): its label,
 * its reason, its notes and what each progress count is called. This is what a test stores when
 * it ends and what the API answers, so verdicts stored before the engine answered reason codes
 * (text only, without `why`) read the same.
 */
export interface WordedVerdict extends Omit<TestVerdict, 'progress'> {
  label: string;
  reason: string;
  /** Caveats for the UI, e.g. which figures are Titlewise's own calculation. */
  notes: string[];
  progress: Omit<TestVerdict['progress'], 'items'> & {
    items: (TestVerdict['progress']['items'][number] & { label: string })[];
  };
}

/** The engine's verdict in the words of the test's kind of variant. */
export function wordVerdict(verdict: TestVerdict, kind: TestKind): WordedVerdict {
  const context = { metric: verdict.metric, words: VARIANT_WORDS[kind] };
  return {
    ...verdict,
    label: VERDICT_LABELS[verdict.verdict],
    reason: verdictReasonWords(verdict.why, context),
    notes: verdictNotes(context),
    progress: {
      ...verdict.progress,
      items: verdict.progress.items.map((item) => ({
        ...item,
        label: progressItemLabel(item.key, verdict.progress),
      })),
    },
  };
}

/**
 * The statistics engine's verdict on a test from what has been measured so far.
 * `isFinal` once the test has run to its planned end (the final winner bar). Seeded by the test's
 * schedule seed, so the same data always gives the same verdict.
 */
export async function computeVerdict(
  ctx: ServiceContext,
  record: TestRecord,
  isFinal: boolean,
  options: { windows?: WindowObservation[]; ended?: boolean } = {},
): Promise<WordedVerdict> {
  return verdictOf(
    record,
    { isFinal, ended: options.ended ?? isFinal },
    options.windows ?? (await observationsOf(ctx, record)),
    ctx.clock.now(),
    (error) =>
      ctx.log.error(
        { err: error, testId: record.test.id },
        'The verdict could not be computed: Inconclusive',
      ),
  );
}

/**
 * The verdict on windows already measured (computeVerdict loads them). The engine never fails a
 * test: should it throw on data the product collected, the reading is Inconclusive (with the cause
 * reported to `onFailure`), so the final title still goes back and the panel still shows.
 */
function verdictOf(
  record: TestSchedule,
  { isFinal, ended }: { isFinal: boolean; ended: boolean },
  windows: WindowObservation[],
  at: Date,
  onFailure: (error: unknown) => void,
): WordedVerdict {
  const input = {
    windows,
    titleCount: record.variants.length,
    metric: record.test.winnerMetric,
    intervalMinutes: record.test.rotationIntervalMinutes,
    isFinal,
    ended,
    winnerBar: winnerBarAt(record, at, isFinal),
    seed: record.test.scheduleSeed,
    scheduleSegments: scheduleSegmentsOf(record.rotations),
    scheduleDesign: record.test.scheduleDesign as ScheduleDesign,
    plannedUnitsPerTitle: plannedUnitsPerTitle(record),
  };
  try {
    return wordVerdict(analyzeTest(input), record.test.kind);
  } catch (error) {
    onFailure(error);
    const empty = analyzeTest({ ...input, windows: [] });
    const failed: TestVerdict = {
      ...empty,
      verdict: 'inconclusive',
      winnerTitleIndex: null,
      moreDaysNeeded: null,
      recommendedTitleIndex: 0,
      why: { code: 'analysis-failed' },
    };
    return wordVerdict(failed, record.test.kind);
  }
}

/** Full windows per title in the stored schedule (the units a views test plans; days for daily metrics). */
function plannedUnitsPerTitle(record: TestSchedule): number {
  const counts = new Map<string, number>();
  for (const rotation of record.rotations) {
    if (rotation.kind === 'window') counts.set(rotation.variantId, (counts.get(rotation.variantId) ?? 0) + 1);
  }
  return Math.min(...record.variants.map((variant) => counts.get(variant.id) ?? 0));
}

const percent = (value: number) => Math.round(value * 1000) / 10;

/** Verdicts stored before the verdict words changed: "preferred" was never a verdict, "no difference" is "same". */
const LEGACY_VERDICTS: Record<string, VerdictKind> = { preferred: 'inconclusive', no_difference: 'same' };

function storedVerdict(value: unknown): WordedVerdict | null {
  if (typeof value !== 'object' || value === null || !('verdict' in value) || !('titles' in value))
    return null;
  const stored = value as WordedVerdict;
  const verdict = LEGACY_VERDICTS[stored.verdict] ?? stored.verdict;
  return {
    ...stored,
    moreDaysNeeded: stored.moreDaysNeeded ?? null,
    verdict,
    label: VERDICT_LABELS[verdict],
    // Verdicts stored before the engine recommended a title put the winner live, else the original.
    recommendedTitleIndex:
      typeof stored.recommendedTitleIndex === 'number'
        ? stored.recommendedTitleIndex
        : verdict === 'winner' && stored.winnerTitleIndex !== null
          ? stored.winnerTitleIndex
          : 0,
    pValue: typeof stored.pValue === 'number' ? stored.pValue : null,
    method: typeof stored.method === 'string' ? stored.method : null,
  };
}

/** The test's planned length in days, from its start to its (possibly extended) end. */
function lengthInDays(record: TestSchedule): number {
  return (record.test.endDate.getTime() - record.test.startDate.getTime()) / 86_400_000;
}

/** The verdict's progress as the panel shows it, with the days measured of the days planned. */
function progressView(verdict: WordedVerdict, record: TestSchedule): VerdictView['progress'] {
  const planned = verdict.progress.items.find((item) => item.key === 'planned');
  const length = lengthInDays(record);
  return {
    fraction: verdict.progress.fraction,
    met: verdict.progress.met,
    items: verdict.progress.items.map(({ key, label, current, required, met }) => ({
      key: String(key),
      label,
      current,
      required,
      met,
    })),
    // The share of the planned windows (days) measured, every title's together (the bar beside
    // it shows the same share), as days of the test's length.
    days:
      planned && planned.required > 0
        ? {
            measured: Math.round(Math.min(1, verdict.progress.fraction) * length * 10) / 10,
            planned: Math.round(length * 10) / 10,
          }
        : null,
  };
}

function rawAverages(windows: WindowObservation[], titleCount: number): VerdictView['raw'] {
  return Array.from({ length: titleCount }, (_, titleIndex) => {
    const own = windows.filter((window) => window.titleIndex === titleIndex);
    const hours = own.reduce((sum, window) => sum + window.measuredHours, 0);
    const views = own.reduce((sum, window) => sum + window.views, 0);
    const days = own.filter((window) => (window.impressions ?? 0) > 0);
    const impressions = days.reduce((sum, window) => sum + (window.impressions ?? 0), 0);
    const clicks = days.reduce((sum, window) => sum + (window.clicks ?? 0), 0);
    return {
      titleIndex,
      viewsPerHour: hours > 0 ? Math.round((views / hours) * 10) / 10 : null,
      windows: own.length,
      ctrPercent: impressions > 0 ? Math.round((clicks / impressions) * 10_000) / 100 : null,
      days: days.length,
    };
  });
}

/**
 * The verdict the analytics panel shows: the one decided at the end for a completed test, else
 * the engine's current reading (read with the interim bar: the test is still running), from the
 * test's measured windows (observationsFrom).
 */
export function verdictView(
  record: TestSchedule,
  windows: WindowObservation[],
  at: Date,
  onFailure: (error: unknown) => void = () => {},
): VerdictView {
  const waiting = finalFiguresStatus(record.test);
  const stored =
    record.test.status === 'completed' && !waiting.awaiting ? storedVerdict(record.test.verdict) : null;
  const verdict = stored ?? verdictOf(record, { isFinal: false, ended: false }, windows, at, onFailure);
  // While waiting, the reason is the reading so far; awaitingFinalData says what is awaited.
  const reason = waiting.awaiting ? `So far: ${verdict.reason}` : verdict.reason;
  // A test still running short of a verdict is collecting data; "Inconclusive" is for one that ended so.
  const collecting = stored === null && verdict.verdict === 'inconclusive' && isRunning(record.test.status);
  const stage = isRunning(record.test.status)
    ? 'running'
    : record.test.status === 'cancelled'
      ? 'cancelled'
      : 'ended';
  return {
    verdict: waiting.awaiting ? 'inconclusive' : verdict.verdict,
    label: waiting.awaiting
      ? VERDICT_LABELS.inconclusive
      : collecting
        ? COLLECTING_DATA_LABEL
        : verdict.label,
    awaitingFinalData: waiting.awaiting,
    moreDaysNeeded: waiting.awaiting ? null : verdict.moreDaysNeeded,
    winnerTitleIndex: waiting.awaiting ? null : verdict.winnerTitleIndex,
    // While the final figures are awaited the original is live; a cancelled test put it back.
    recommendedTitleIndex: waiting.awaiting || stage === 'cancelled' ? 0 : verdict.recommendedTitleIndex,
    stage,
    reason,
    metric: verdict.metric,
    final: stored !== null,
    pValue: verdict.pValue,
    method: verdict.method,
    titles: verdict.titles.map((title) => ({
      titleIndex: title.titleIndex,
      title: record.variants[title.titleIndex]?.title ?? `Title ${title.titleIndex + 1}`,
      liftPercent: percent(title.lift),
      liftLowPercent: percent(title.liftLow),
      liftHighPercent: percent(title.liftHigh),
      probabilityBest: Math.round(title.probabilityBest * 1000) / 1000,
      expectedLossPercent: percent(title.expectedLoss),
    })),
    progress: progressView(verdict, record),
    notes: verdict.notes,
    raw: rawAverages(windows, record.variants.length),
    chanceOfWinner: collecting ? chanceOfWinner(record, verdict) : null,
  };
}

/**
 * A running test's chance of naming a winner by its end if a variant is as much better as the
 * plan it was created with could find (conditional-power.ts); null without a plan or a reading.
 */
function chanceOfWinner(record: TestSchedule, verdict: WordedVerdict): number | null {
  const planned = storedForecastOf(record.test.forecast)?.minimumDetectableLiftPercent ?? null;
  const information = verdict.progress.items.find((item) => item.key === 'planned');
  if (planned === null || verdict.pValue === null || !information || information.required <= 0) return null;
  const challengers = verdict.titles.filter((title) => title.titleIndex > 0);
  const best = challengers.reduce<(typeof challengers)[number] | null>(
    (top, title) => (top === null || title.lift > top.lift ? title : top),
    null,
  );
  if (!best) return null;
  const standardError = (Math.log1p(best.liftHigh) - Math.log1p(best.liftLow)) / (2 * 1.959963984540054);
  const chance = chanceOfWinnerByEnd({
    lead: normalQuantile(1 - Math.min(Math.max(verdict.pValue, 1e-9), 1 - 1e-9) / 2),
    information: Math.min(1, information.current / information.required),
    plannedLogLift: Math.log1p(planned / 100),
    standardError,
    finalBar: winnerBarAt(record, record.test.endDate, true),
  });
  return Math.round(chance * 1000) / 1000;
}
