import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import { metricSamples, titleTests } from '../../db/schema';
import type { AppContext } from '../app-context';
import type { UserRow } from '../auth/session.service';
import type { DbOrTx } from '../db/database';
import { notFound } from '../errors/app-error';
import { dailyMetricsOfTest } from './test-metrics';
import { rotationFigures, testDailyTotals, type FigureSource } from './rotation-figures';
import {
  loadTestDetails,
  loadTestRecord,
  type RotationRow,
  type TitleTestRow,
  type VariantRow,
} from './title-test-records';
import type { TestAnalyticsWithVerdict, TitleTestView } from './title-tests.schemas';
import { verdictView } from './verdict-view';

async function latestSample(db: DbOrTx, videoId: string) {
  const [row] = await db
    .select()
    .from(metricSamples)
    .where(eq(metricSamples.videoId, videoId))
    .orderBy(desc(metricSamples.sampledAt))
    .limit(1);
  return row ?? null;
}

/** Everything the card and the analytics panel show, computed from stored rotations and metrics. */
async function computeAnalytics(
  app: AppContext,
  test: TitleTestRow,
  variants: VariantRow[],
  schedule: RotationRow[],
) {
  const now = app.clock.now();
  const [daily, sample, samplesCount] = await Promise.all([
    dailyMetricsOfTest(app.db, test, test.endedAt ?? now),
    latestSample(app.db, test.videoId),
    app.db
      .select({ value: count() })
      .from(metricSamples)
      .where(and(eq(metricSamples.videoId, test.videoId), gte(metricSamples.sampledAt, test.startDate))),
  ]);
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
    dataPoints: Number(samplesCount[0]?.value ?? 0) + daily.length,
    nextRotationIn: next
      ? Math.max(0, Math.ceil((next.plannedStart.getTime() - now.getTime()) / 60_000))
      : null,
    viewsAsOf: sample?.sampledAt ?? latestApplied?.activatedAt ?? null,
    ctrSource: source(figures.map((figure) => figure.ctrSource)),
    durationSource: source(figures.map((figure) => figure.durationSource)),
    positionOf,
  };
}

function toView(
  test: TitleTestRow,
  variants: VariantRow[],
  analytics: Awaited<ReturnType<typeof computeAnalytics>>,
): TitleTestView {
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
      dataPointsCollected: analytics.dataPoints,
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

export async function viewsOf(app: AppContext, tests: TitleTestRow[]): Promise<TitleTestView[]> {
  const details = await loadTestDetails(
    app.db,
    tests.map((test) => test.id),
  );
  return Promise.all(
    tests.map(async (test) => {
      const variants = details.variants.get(test.id) ?? [];
      return toView(
        test,
        variants,
        await computeAnalytics(app, test, variants, details.rotations.get(test.id) ?? []),
      );
    }),
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
  const [test] = await app.db
    .select()
    .from(titleTests)
    .where(and(eq(titleTests.id, testId), eq(titleTests.userId, user.id)));
  if (!test) throw notFound('Test');
  const record = await loadTestRecord(app.db, test.id);
  if (!record) throw notFound('Test');
  const { variants, rotations: schedule } = record;
  const analytics = await computeAnalytics(app, test, variants, schedule);
  return {
    verdict: await verdictView(app, record),
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

/** SPEC §3 dashboard stats over the user's tests. */
export async function getDashboardStats(app: AppContext, user: UserRow) {
  const views = await listTests(app, user);
  const ctrs = views
    .map((view) => view.analytics.averageCtr)
    .filter((value): value is number => value !== null);
  return {
    activeTests: views.filter((view) => view.status === 'active').length,
    totalViews: views.reduce((sum, view) => sum + view.analytics.totalViews, 0),
    avgCtr: ctrs.length > 0 ? ctrs.reduce((a, b) => a + b, 0) / ctrs.length : null,
    completedTests: views.filter((view) => view.status === 'completed').length,
  };
}

export async function countRunningTests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(titleTests)
    .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']));
  return Number(row?.value ?? 0);
}
