import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { testFigures, titleTests } from '../../db/schema';
import type { AppContext } from '../app-context';
import type { UserRow } from '../auth/session.service';
import type { DbOrTx } from '../db/database';
import { notFound } from '../errors/app-error';
import { liveAnalytics, type StoredAnalytics } from './compute-test-figures';
import { figuresAreCurrent, figuresOfTests } from './test-figures';
import type { TestAnalyticsWithVerdict, TitleTestView } from './title-tests.schemas';

/*
 * The polled read paths: lookups of the figures stored when each test's data last changed
 * (test-figures.ts). A request runs a fixed number of statements however many tests, rotations
 * and samples there are; figures found behind their data are computed first, in one batch.
 */

/** Cards of the tests `where` selects, newest first, each as the JSON stored for it. */
async function cardTexts(app: AppContext, where: SQL | undefined): Promise<string[]> {
  const rows = await app.db
    .select({
      id: titleTests.id,
      current: figuresAreCurrent,
      card: testFigures.card,
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(where)
    .orderBy(desc(titleTests.createdAt));
  const behind = rows.filter((row) => !row.current || row.card === null).map((row) => row.id);
  const refreshed = behind.length > 0 ? await figuresOfTests(app.db, behind, app.clock.now()) : null;
  return rows.flatMap((row) => {
    if (row.current && row.card !== null) return [row.card];
    const figures = refreshed?.get(row.id);
    // A test deleted meanwhile has no figures: it is no longer listed.
    return figures ? [JSON.stringify(figures.card)] : [];
  });
}

/** The user's test cards, newest first, as one JSON array (the REST list sends it as it is). */
export async function listTestsJson(app: AppContext, user: UserRow): Promise<string> {
  return `[${(await cardTexts(app, eq(titleTests.userId, user.id))).join(',')}]`;
}

/** The user's tests, newest first (SPEC §3 Test with analytics). */
export async function listTests(app: AppContext, user: UserRow): Promise<TitleTestView[]> {
  return (await cardTexts(app, eq(titleTests.userId, user.id))).map(
    (text) => JSON.parse(text) as TitleTestView,
  );
}

/** The cards of these tests, keyed by test id (admin views). */
export async function cardsOf(app: AppContext, testIds: string[]): Promise<Map<string, TitleTestView>> {
  if (testIds.length === 0) return new Map();
  const texts = await cardTexts(app, inArray(titleTests.id, testIds));
  const cards = texts.map((text) => JSON.parse(text) as TitleTestView);
  return new Map(cards.map((card) => [card.id, card]));
}

export async function getOwnTestView(app: AppContext, user: UserRow, testId: string): Promise<TitleTestView> {
  const [card] = await cardTexts(app, and(eq(titleTests.id, testId), eq(titleTests.userId, user.id)));
  if (card === undefined) throw notFound('Test');
  return JSON.parse(card) as TitleTestView;
}

/** A test's card and analytics panel with its owner, from one lookup (computed first if behind). */
async function figuresOf(app: AppContext, testId: string) {
  const [row] = await app.db
    .select({
      userId: titleTests.userId,
      current: figuresAreCurrent,
      card: testFigures.card,
      analytics: testFigures.analytics,
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(eq(titleTests.id, testId));
  if (!row) return null;
  const now = app.clock.now();
  if (row.current && row.card !== null && row.analytics !== null) {
    return {
      userId: row.userId,
      card: JSON.parse(row.card) as TitleTestView,
      analytics: liveAnalytics(JSON.parse(row.analytics) as StoredAnalytics, now),
    };
  }
  const figures = (await figuresOfTests(app.db, [testId], now)).get(testId);
  return figures
    ? { userId: row.userId, card: figures.card, analytics: liveAnalytics(figures.analytics, now) }
    : null;
}

/** SPEC §3 test analytics: per-rotation history with each figure's source, and the verdict. */
export async function getTestAnalytics(
  app: AppContext,
  user: UserRow,
  testId: string,
): Promise<TestAnalyticsWithVerdict> {
  const figures = await figuresOf(app, testId);
  if (!figures || figures.userId !== user.id) throw notFound('Test');
  return figures.analytics;
}

/** Any test's card and analytics panel (the admin's full report checks the caller). */
export async function testFiguresForAdmin(app: AppContext, testId: string) {
  const figures = await figuresOf(app, testId);
  if (!figures) throw notFound('Test');
  return figures;
}

function statsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      activeTests: sql<number>`count(*) filter (where ${titleTests.status} = 'active')`.mapWith(Number),
      completedTests: sql<number>`count(*) filter (where ${titleTests.status} = 'completed')`.mapWith(Number),
      totalViews: sql<number>`coalesce(sum(${testFigures.totalViews}), 0)`.mapWith(Number),
      avgCtr: sql<number | null>`avg(${testFigures.averageCtrPercent})`,
      behind: sql<number>`count(*) filter (where not ${figuresAreCurrent})`.mapWith(Number),
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(eq(titleTests.userId, userId));
}

/**
 * SPEC §3 dashboard stats over the user's tests: one aggregate over the stored figures (the
 * cards' own totals), after computing any that are behind their data.
 */
export async function getDashboardStats(app: AppContext, user: UserRow) {
  let [stats] = await statsOf(app.db, user.id);
  if (stats && stats.behind > 0) {
    const behind = await app.db
      .select({ id: titleTests.id })
      .from(titleTests)
      .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
      .where(and(eq(titleTests.userId, user.id), not(figuresAreCurrent)));
    await figuresOfTests(
      app.db,
      behind.map((row) => row.id),
      app.clock.now(),
    );
    [stats] = await statsOf(app.db, user.id);
  }
  return {
    activeTests: stats?.activeTests ?? 0,
    totalViews: stats?.totalViews ?? 0,
    avgCtr: stats?.avgCtr === null || stats?.avgCtr === undefined ? null : Number(stats.avgCtr),
    completedTests: stats?.completedTests ?? 0,
  };
}

export async function countRunningTests(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(titleTests)
    .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']));
  return Number(row?.value ?? 0);
}
