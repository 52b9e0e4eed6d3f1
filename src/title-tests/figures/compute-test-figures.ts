import { windowStandings, type WindowStanding } from './counted-windows';
import { figureExpectations, rotationExpectations } from './figure-expectations';
import { countedViews, rotationFigures, testDailyTotals, type FigureSource } from './rotation-figures';
import type { DailyRow, LatestSample, SampleRow } from './readings';
import type { RotationRow, TitleTestRow, VariantRow } from '../records/title-test-records';
import type {
  RotationLog,
  TestAnalyticsWithVerdict,
  TitleTestView,
  VerdictView,
} from '../records/title-tests.schemas';
import { storedForecastOf } from '../records/stored-forecast';
import { observationsOfStandings } from './window-observations';
import { verdictView } from './worded-verdict';
import { imageFilePath } from '../../shared/image-rules';
import { VARIANT_WORDS } from '../../shared/test-kinds';

const thumbnailUrl = (imageId: string | null): string | null => (imageId ? imageFilePath(imageId) : null);

/**
 * What a test's figures are computed from: its row, titles and schedule, and the measurements
 * of its video (readings.ts loads them for many tests in a fixed number of statements).
 */
export interface TestInputs {
  test: TitleTestRow;
  variants: VariantRow[];
  rotations: RotationRow[];
  /** YouTube's daily figures from the test's start to its end (or now). */
  daily: DailyRow[];
  /** The video's newest view sample, whenever it was taken. */
  latestSample: LatestSample | null;
  /**
   * The video's view samples from the test's start on, oldest first; or, when the verdict is
   * carried over (`verdict`), how many there are and the applied rotations' standings as stored
   * with it (in slot order: the schedule has not changed since, see carriedWindows).
   */
  samples: SampleRow[] | { count: number; windows: CarriedWindow[] };
  /** A verdict still valid for these inputs (see verdictStillHolds); computed when absent. */
  verdict?: VerdictView;
}

/** A stored standing (counted-windows.ts) of one applied rotation, as its rotation log keeps it. */
export type CarriedWindow = Pick<
  RotationLog,
  'analysis' | 'excludedBecause' | 'excludedReason' | 'viewsAtRotation' | 'analysedViews' | 'analysedHours'
>;

/**
 * What the verdict was computed from, to tell whether new view samples alone can change it: the
 * finished windows then, and whether a sample already followed the last of them (a window's views
 * are read between the samples around its ends, so the first sample after a window can change them).
 */
export interface VerdictBasis {
  finishedWindows: number;
  settled: boolean;
}

/**
 * The analytics panel as stored: everything but what the clock alone changes, which is kept as
 * the instants it is computed from (liveAnalytics adds it when the panel is read).
 */
export interface StoredAnalytics {
  /** ANALYTICS_FORMAT when stored: a panel stored before a figure was added is computed again. */
  format?: number;
  body: TestAnalyticsWithVerdict;
  /** When the next rotation is planned; null when none is (the test is not running). */
  nextRotationAt: string | null;
  /** The rotation live now, whose duration grows until it ends: its place in the log and start. */
  running: { logIndex: number; since: string } | null;
  verdictBasis?: VerdictBasis;
}

/**
 * Raised when the stored panel gains a field (2: `expected`, when pending figures are due; 3: each
 * rotation's standing, counted-windows.ts; 4: the verdict's recommended title, stage, p-value,
 * method and days measured).
 */
export const ANALYTICS_FORMAT = 4;

/** Whether a stored panel has every field this server sends (older ones are computed again). */
export function isCurrentFormat(stored: StoredAnalytics): boolean {
  return stored.format === ANALYTICS_FORMAT;
}

function finishedWindowEnds(schedule: RotationRow[]): number[] {
  return schedule
    .filter((rotation) => rotation.kind === 'window' && rotation.status === 'applied' && rotation.endedAt)
    .map((rotation) => rotation.endedAt!.getTime());
}

/**
 * Whether a stored verdict holds after new view samples alone: no window has finished since, and
 * a sample had already followed the last finished one.
 */
export function verdictStillHolds(stored: StoredAnalytics, schedule: RotationRow[]): boolean {
  const basis = stored.verdictBasis;
  return (
    basis !== undefined && basis.settled && basis.finishedWindows === finishedWindowEnds(schedule).length
  );
}

/**
 * The standings stored with a verdict that still holds (verdictStillHolds), one per applied
 * rotation in slot order; null when the stored panel does not line up with the schedule (another
 * format, another set of rotations), which is then analysed again. New samples alone change no
 * finished window's standing once a count has followed its end (the verdict's `settled`).
 */
export function carriedWindows(stored: StoredAnalytics, schedule: RotationRow[]): CarriedWindow[] | null {
  if (!isCurrentFormat(stored)) return null;
  const applied = schedule.filter((rotation) => rotation.status === 'applied' && rotation.activatedAt);
  const logs = stored.body.rotationLogs;
  if (logs.length !== applied.length) return null;
  const lined = applied.every(
    (rotation, index) => logs[index]!.activatedAt === rotation.activatedAt!.toISOString(),
  );
  return lined ? logs : null;
}

/** Standings from those stored (carriedWindows): the live window's views are counted again. */
function standingsFromCarried(
  schedule: RotationRow[],
  windows: CarriedWindow[],
  currentViews: number | null,
  intervalMinutes: number,
  winnerMetric: TitleTestRow['winnerMetric'],
): WindowStanding[] {
  const fresh = windowStandings({
    rotations: schedule,
    samples: [],
    intervalMinutes,
    winnerMetric,
    currentViews,
  });
  return fresh.map((standing, index) => {
    if (!standing.rotation.endedAt) return standing;
    const window = windows[index]!;
    return {
      rotation: standing.rotation,
      count: window.analysis,
      exclusion: window.excludedBecause,
      reason: window.excludedReason,
      views: window.viewsAtRotation,
      analysedViews: window.analysedViews,
      analysedHours: window.analysedHours,
    };
  });
}

export interface TestFigures {
  card: TitleTestView;
  analytics: StoredAnalytics;
  totalViews: number;
  averageCtrPercent: number | null;
}

const percentOrNull = (fraction: number | null) => (fraction === null ? null : fraction * 100);

function summarize(values: FigureSource[]): FigureSource {
  return values.includes('estimated') ? 'estimated' : values.includes('measured') ? 'measured' : 'pending';
}

/** Every figure the card and the analytics panel show, computed once from the test's inputs. */
export function computeTestFigures(inputs: TestInputs, now: Date): TestFigures {
  const { test, variants, rotations: schedule, daily, latestSample: sample, samples } = inputs;
  const applied = schedule.filter((rotation) => rotation.status === 'applied');
  const latestApplied = applied.at(-1);
  const currentViews =
    sample && (!latestApplied?.activatedAt || sample.sampledAt >= latestApplied.activatedAt)
      ? sample.viewCount
      : (latestApplied?.viewsAtStart ?? null);
  const until = test.endedAt ?? now;
  const sampleCount = Array.isArray(samples) ? samples.length : samples.count;
  // Which windows count, decided once (counted-windows.ts): the verdict and every figure read it.
  const standings = Array.isArray(samples)
    ? windowStandings({
        rotations: schedule,
        samples: samples.filter((row) => row.sampledAt <= until),
        intervalMinutes: test.rotationIntervalMinutes,
        winnerMetric: test.winnerMetric,
        washoutMinutes: test.washoutMinutes,
        currentViews,
        testEnded: test.endedAt !== null,
      })
    : standingsFromCarried(
        schedule,
        samples.windows,
        currentViews,
        test.rotationIntervalMinutes,
        test.winnerMetric,
      );
  const figures = rotationFigures({
    standings,
    daily,
    now,
    intervalMinutes: test.rotationIntervalMinutes,
  });
  const totals = testDailyTotals(daily);
  const totalViews = countedViews(figures);
  const averageCtrPercent = percentOrNull(totals.averageCtr);
  const variantOf = new Map(variants.map((variant) => [variant.id, variant]));
  const running = test.status === 'active' || test.status === 'scheduled';
  // The next switch of titles: the next window. A lead-in keeps Title 1 live and a tail keeps the
  // live title, so the card's "Next rotation" and its "Rotation starts …" name the same instant.
  const next = running
    ? schedule.find(
        (rotation) =>
          rotation.kind === 'window' && rotation.status === 'planned' && rotation.plannedStart > now,
      )
    : undefined;
  const liveIndex = figures.findIndex(
    (figure) => running && figure.rotation.endedAt === null && figure.rotation.activatedAt !== null,
  );
  const ends = finishedWindowEnds(schedule);
  const lastEnd = ends.length > 0 ? Math.max(...ends) : null;
  const verdict =
    inputs.verdict ??
    verdictView(
      inputs,
      observationsOfStandings(standings, variants, daily, test.rotationIntervalMinutes),
      now,
    );
  const card: TitleTestView = {
    id: test.id,
    status: test.status,
    statusReason: test.statusReason,
    lastError: test.lastError,
    videoId: test.videoId,
    videoTitle: test.videoTitle,
    originalTitle: test.originalTitle,
    kind: test.kind,
    videoFormat: test.videoFormat,
    titles: variants.map((variant) => variant.title),
    thumbnails: variants.map((variant) => thumbnailUrl(variant.thumbnailImageId)),
    rotationIntervalMinutes: test.rotationIntervalMinutes,
    winnerMetric: test.winnerMetric,
    startDate: test.startDate.toISOString(),
    endDate: test.endDate.toISOString(),
    createdAt: test.createdAt.toISOString(),
    appliedTitle: test.appliedTitle,
    appliedThumbnail: thumbnailUrl(test.appliedThumbnailImageId),
    expectedStartAt: test.expectedStartAt?.toISOString() ?? null,
    stopsAtVerdict: test.stopAtVerdict,
    forecast: storedForecastOf(test.forecast),
    analytics: {
      averageCtr: averageCtrPercent,
      totalViews,
      totalImpressions: totals.impressions,
      averageViewDuration: totals.averageViewDuration,
      dataPointsCollected: sampleCount + daily.length,
      rotationsCount: figures.length,
    },
  };
  const body: TestAnalyticsWithVerdict = {
    verdict,
    rotationsCount: figures.length,
    nextRotationIn: null,
    clockAt: null,
    averageCtr: averageCtrPercent,
    totalViews,
    averageViewDuration: totals.averageViewDuration,
    currentTitle: test.appliedTitle ?? (latestApplied ? variantOf.get(latestApplied.variantId)!.title : null),
    rotationLogs: figures.map((figure, index) => {
      const variant = variantOf.get(figure.rotation.variantId)!;
      return {
        order: index + 1,
        title: `${VARIANT_WORDS[test.kind].name} ${variant.position + 1}`,
        titleText: variant.title,
        thumbnailUrl: thumbnailUrl(variant.thumbnailImageId),
        activatedAt: figure.rotation.activatedAt?.toISOString() ?? null,
        ctrAtRotation: percentOrNull(figure.ctr),
        ctrSource: figure.ctrSource,
        viewsAtRotation: figure.views,
        averageViewDuration: figure.averageViewDuration,
        durationSource: figure.durationSource,
        durationMinutes: figure.hours === null ? null : Math.round(figure.hours * 60),
        analysis: figure.standing.count,
        excludedBecause: figure.standing.exclusion,
        excludedReason: figure.standing.reason,
        analysedViews: figure.standing.analysedViews,
        analysedHours: figure.standing.analysedHours,
        ...rotationExpectations(figure, now),
      };
    }),
    dataNotes: {
      viewsAsOf: (sample?.sampledAt ?? latestApplied?.activatedAt ?? null)?.toISOString() ?? null,
      ctrAndDurationThrough: totals.throughDay,
      ctrSource: summarize(figures.map((figure) => figure.ctrSource)),
      durationSource: summarize(figures.map((figure) => figure.durationSource)),
    },
    expected: figureExpectations(
      {
        test,
        titleCount: variants.length,
        schedule,
        daily,
        averageCtr: averageCtrPercent,
        averageViewDuration: totals.averageViewDuration,
      },
      now,
    ),
  };
  return {
    card,
    totalViews,
    averageCtrPercent,
    analytics: {
      format: ANALYTICS_FORMAT,
      body,
      nextRotationAt: next?.plannedStart.toISOString() ?? null,
      running:
        liveIndex < 0
          ? null
          : { logIndex: liveIndex, since: figures[liveIndex]!.rotation.activatedAt!.toISOString() },
      verdictBasis: {
        finishedWindows: ends.length,
        settled: lastEnd === null || (sample !== null && sample.sampledAt.getTime() >= lastEnd),
      },
    },
  };
}

const MINUTE = 60_000;

/**
 * The stored panel with what the clock changes filled in: the wait for the next rotation, the
 * live one's length, and the clock itself (the web app words expected instants relative to it).
 */
export function liveAnalytics(stored: StoredAnalytics, now: Date): TestAnalyticsWithVerdict {
  const { body, nextRotationAt, running } = stored;
  const rotationLogs = running
    ? body.rotationLogs.map((log, index) =>
        index === running.logIndex
          ? {
              ...log,
              durationMinutes: Math.max(0, Math.round((now.getTime() - Date.parse(running.since)) / MINUTE)),
            }
          : log,
      )
    : body.rotationLogs;
  return {
    ...body,
    clockAt: now.toISOString(),
    nextRotationIn:
      nextRotationAt === null
        ? null
        : Math.max(0, Math.ceil((Date.parse(nextRotationAt) - now.getTime()) / MINUTE)),
    rotationLogs,
  };
}
