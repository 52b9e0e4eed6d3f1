import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { rotations, titleTests } from '../../db/schema';
import type { AppContext } from '../app-context';
import type { UserRow } from '../auth/session.service';
import type { DbOrTx } from '../db/database';
import { notFound } from '../errors/app-error';
import { dailyMetricsOfTest, viewSamplesOfTest } from './test-metrics';
import { rotationFigures, testDailyTotals, type FigureSource } from './rotation-figures';
import {
  dailyMetricsOfTests,
  latestSamplesOf,
  sampleCountsOf,
  type DailyRow,
  type LatestSample,
} from './test-readings';
import {
  loadTestDetails,
  loadTestRecord,
  type RotationRow,
  type TitleTestRow,
  type VariantRow,
} from './title-test-records';
import type { TestAnalyticsWithVerdict, TitleTestView } from './title-tests.schemas';
import { observationsFrom } from './verdict-inputs';
import { verdictView } from './verdict-view';

/**
 * The measurements a test's figures are computed from. The read paths load them for all their
 * tests at once (test-readings.ts), so a request runs the same few statements for 1 test or 500.
 */
export interface TestReadings {
  /** YouTube's daily figures from the test's start to its end (or now). */
  daily: DailyRow[];
  /** The video's newest view sample, whenever it was taken. */
  latestSample: LatestSample | null;
}

/** Views per rotation (public counter deltas) and the test's daily totals. */
function measure(test: TitleTestRow, schedule: RotationRow[], readings: TestReadings, now: Date) {
  const { daily, latestSample: sample } = readings;
  const applied = schedule.filter((rotation) => rotation.status === 'applied');
  const latestApplied = applied.at(-1);
  const currentViews =
    sample && (!latestApplied?.activatedAt || sample.sampledAt >= latestApplied.activatedAt)
      ? sample.viewCount
      : (latestApplied?.viewsAtStart ?? null);
  const figures = rotationFigures({
    rotations: schedule,
    daily,
    currentViews,
    now,
    intervalMinutes: test.rotationIntervalMinutes,
  });
  const totals = testDailyTotals(daily);
  const totalViews = figures.reduce((sum, figure) => sum + (figure.views ?? 0), 0);
  return { figures, totals, totalViews, latestApplied };
}

/** Everything the card and the analytics panel show, computed from stored rotations and metrics. */
function computeAnalytics(
  test: TitleTestRow,
  variants: VariantRow[],
  schedule: RotationRow[],
  readings: TestReadings,
  now: Date,
) {
  const { figures, totals, totalViews, latestApplied } = measure(test, schedule, readings, now);
  const positionOf = new Map(variants.map((variant) => [variant.id, variant]));
  const running = test.status === 'active' || test.status === 'scheduled';
  const next = running
    ? schedule.find((rotation) => rotation.status === 'planned' && rotation.plannedStart > now)
    : undefined;
  const currentTitle =
    test.appliedTitle ?? (latestApplied ? positionOf.get(latestApplied.variantId)!.title : null);
  const source = (values: FigureSource[]): FigureSource =>
    values.includes('estimated') ? 'estimated' : values.includes('measured') ? 'measured' : 'pending';
  return {
    figures,
    totals,
    totalViews,
    currentTitle,
    nextRotationIn: next
      ? Math.max(0, Math.ceil((next.plannedStart.getTime() - now.getTime()) / 60_000))
      : null,
    viewsAsOf: readings.latestSample?.sampledAt ?? latestApplied?.activatedAt ?? null,
    ctrSource: source(figures.map((figure) => figure.ctrSource)),
    durationSource: source(figures.map((figure) => figure.durationSource)),
    positionOf,
  };
}

/**
 * A test's card from what is already loaded: `samplesSinceStart` counts the view samples from its
 * start on (sampleCountsOf), the data points with its daily rows.
 */
export function testView(
  test: TitleTestRow,
  variants: VariantRow[],
  schedule: RotationRow[],
  readings: TestReadings & { samplesSinceStart: number },
  now: Date,
): TitleTestView {
  const analytics = computeAnalytics(test, variants, schedule, readings, now);
  return {
    id: test.id,
    status: test.status,
    statusReason: test.statusReason,
    lastError: test.lastError,
    videoId: test.videoId,
    videoTitle: test.videoTitle,
    originalTitle: test.originalTitle,
    titles: variants.map((variant) => variant.title),
    rotationIntervalMinutes: test.rotationIntervalMinutes,
    winnerMetric: test.winnerMetric,
    startDate: test.startDate.toISOString(),
    endDate: test.endDate.toISOString(),
    createdAt: test.createdAt.toISOString(),
    appliedTitle: test.appliedTitle,
    analytics: {
      averageCtr: analytics.totals.averageCtr === null ? null : analytics.totals.averageCtr * 100,
      totalViews: analytics.totalViews,
      totalImpressions: analytics.totals.impressions,
      averageViewDuration: analytics.totals.averageViewDuration,
      dataPointsCollected: readings.samplesSinceStart + readings.daily.length,
      rotationsCount: analytics.figures.length,
    },
  };
}

/** The user's tests, newest first (SPEC §3 Test with analytics). */
export async function listTests(app: AppContext, user: UserRow): Promise<TitleTestView[]> {
  const tests = await app.db
    .select()
    .from(titleTests)
    .where(eq(titleTests.userId, user.id))
    .orderBy(desc(titleTests.createdAt));
  return viewsOf(app, tests);
}

/** The cards of many tests from a fixed set of statements (variants, rotations, daily rows, samples). */
export async function viewsOf(app: AppContext, tests: TitleTestRow[]): Promise<TitleTestView[]> {
  const now = app.clock.now();
  const ids = tests.map((test) => test.id);
  const [details, daily, latest, counts] = await Promise.all([
    loadTestDetails(app.db, ids),
    dailyMetricsOfTests(app.db, tests, now),
    latestSamplesOf(
      app.db,
      tests.map((test) => test.videoId),
    ),
    sampleCountsOf(app.db, ids),
  ]);
  return tests.map((test) =>
    testView(
      test,
      details.variants.get(test.id) ?? [],
      details.rotations.get(test.id) ?? [],
      {
        daily: daily.get(test.id) ?? [],
        latestSample: latest.get(test.videoId) ?? null,
        samplesSinceStart: counts.get(test.id) ?? 0,
      },
      now,
    ),
  );
}

export async function getOwnTestView(app: AppContext, user: UserRow, testId: string): Promise<TitleTestView> {
  const [test] = await app.db
    .select()
    .from(titleTests)
    .where(and(eq(titleTests.id, testId), eq(titleTests.userId, user.id)));
  if (!test) throw notFound('Test');
  const [view] = await viewsOf(app, [test]);
  return view!;
}

/** SPEC §3 test analytics: per-rotation history with each figure's source. */
export async function getTestAnalytics(
  app: AppContext,
  user: UserRow,
  testId: string,
): Promise<TestAnalyticsWithVerdict> {
  const record = await loadTestRecord(app.db, testId);
  if (!record || record.test.userId !== user.id) throw notFound('Test');
  const { test, variants, rotations: schedule } = record;
  const now = app.clock.now();
  const until = test.endedAt ?? now;
  // The daily rows serve the figures and the verdict alike; loaded once.
  const [daily, samples, latest] = await Promise.all([
    dailyMetricsOfTest(app.db, test, until),
    viewSamplesOfTest(app.db, test, until),
    latestSamplesOf(app.db, [test.videoId]),
  ]);
  const analytics = computeAnalytics(
    test,
    variants,
    schedule,
    { daily, latestSample: latest.get(test.videoId) ?? null },
    now,
  );
  return {
    verdict: await verdictView(app, record, observationsFrom(record, samples, daily)),
    rotationsCount: analytics.figures.length,
    nextRotationIn: analytics.nextRotationIn,
    averageCtr: analytics.totals.averageCtr === null ? null : analytics.totals.averageCtr * 100,
    totalViews: analytics.totalViews,
    averageViewDuration: analytics.totals.averageViewDuration,
    currentTitle: analytics.currentTitle,
    rotationLogs: analytics.figures.map((figure, index) => {
      const variant = analytics.positionOf.get(figure.rotation.variantId)!;
      return {
        order: index + 1,
        title: `Title ${variant.position + 1}`,
        titleText: variant.title,
        activatedAt: figure.rotation.activatedAt?.toISOString() ?? null,
        ctrAtRotation: figure.ctr === null ? null : figure.ctr * 100,
        ctrSource: figure.ctrSource,
        viewsAtRotation: figure.views,
        averageViewDuration: figure.averageViewDuration,
        durationSource: figure.durationSource,
        durationMinutes: figure.hours === null ? null : Math.round(figure.hours * 60),
      };
    }),
    dataNotes: {
      viewsAsOf: analytics.viewsAsOf?.toISOString() ?? null,
      ctrAndDurationThrough: analytics.totals.throughDay,
      ctrSource: analytics.ctrSource,
      durationSource: analytics.durationSource,
    },
  };
}

/**
 * SPEC §3 dashboard stats over the user's tests: the cards' figures without the cards. Four
 * statements (tests, applied rotations, newest samples, daily rows) however many tests; the sums
 * stay in TypeScript so every figure is the one the cards add up to, to the last bit.
 */
export async function getDashboardStats(app: AppContext, user: UserRow) {
  const tests = await app.db
    .select()
    .from(titleTests)
    .where(eq(titleTests.userId, user.id))
    .orderBy(desc(titleTests.createdAt));
  const now = app.clock.now();
  const ids = tests.map((test) => test.id);
  const [applied, daily, latest] = await Promise.all([
    ids.length === 0
      ? []
      : app.db
          .select()
          .from(rotations)
          .where(and(inArray(rotations.testId, ids), eq(rotations.status, 'applied')))
          .orderBy(asc(rotations.slot)),
    dailyMetricsOfTests(app.db, tests, now),
    latestSamplesOf(
      app.db,
      tests.map((test) => test.videoId),
    ),
  ]);
  const appliedOf = new Map<string, RotationRow[]>();
  for (const rotation of applied) {
    const own = appliedOf.get(rotation.testId);
    if (own) own.push(rotation);
    else appliedOf.set(rotation.testId, [rotation]);
  }
  const measured = tests.map((test) =>
    measure(
      test,
      appliedOf.get(test.id) ?? [],
      { daily: daily.get(test.id) ?? [], latestSample: latest.get(test.videoId) ?? null },
      now,
    ),
  );
  const ctrs = measured
    .map(({ totals }) => (totals.averageCtr === null ? null : totals.averageCtr * 100))
    .filter((value): value is number => value !== null);
  return {
    activeTests: tests.filter((test) => test.status === 'active').length,
    totalViews: measured.reduce((sum, { totalViews }) => sum + totalViews, 0),
    avgCtr: ctrs.length > 0 ? ctrs.reduce((a, b) => a + b, 0) / ctrs.length : null,
    completedTests: tests.filter((test) => test.status === 'completed').length,
  };
}

export async function countRunningTests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(titleTests)
    .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']));
  return Number(row?.value ?? 0);
}
