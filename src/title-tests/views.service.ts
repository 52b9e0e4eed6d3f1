import { and, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { testFigures, titleTests } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { UserRow } from '../../db/schema/users';
import { findOwnChannel } from '../channels';
import type { DbOrTx } from '../db/database';
import { preparedStatement } from '../db/prepared';
import { notFound } from '../errors/app-error';
import { StoredJson } from '../http/stored-json';
import { isCurrentFormat, liveAnalytics, type StoredAnalytics } from './figures/compute-test-figures';
import { figuresAreCurrent, figuresOfTests } from './figures/stored-figures';
import {
  dashboardStatsSchema,
  type TestAnalyticsWithVerdict,
  type TitleTestView,
} from './records/title-tests.schemas';

/*
 * The polled read paths: lookups of the figures stored when each test's data last changed
 * (stored-figures.ts). A request runs a fixed number of statements however many tests, rotations
 * and samples there are; figures found behind their data are computed first, in one batch.
 */

/** Each test's stored card and whether it is current, newest first. */
function cardRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ id: titleTests.id, current: figuresAreCurrent, card: testFigures.card })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(where)
    .orderBy(desc(titleTests.createdAt));
}

type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

// The dashboard's poll: built once per database handle (src/db/prepared.ts).
// An absent channel id (null) means every channel of the account.
const ofChannel = sql`(${sql.placeholder('channelId')}::uuid is null or ${titleTests.channelConnectionId} = ${sql.placeholder('channelId')}::uuid)`;

const userCardRows = preparedStatement((db) =>
  cardRows(db, and(eq(titleTests.userId, sql.placeholder('userId')), ofChannel)).prepare('user_test_cards'),
);

/** The cards' JSON, after computing in one batch any whose figures are behind their data. */
async function cardTexts(ctx: ServiceContext, rows: CardRow[]): Promise<string[]> {
  const behind = rows.filter((row) => !row.current || row.card === null).map((row) => row.id);
  const refreshed = behind.length > 0 ? await figuresOfTests(ctx.db, behind, ctx.clock.now()) : null;
  return rows.flatMap((row) => {
    if (row.current && row.card !== null) return [row.card];
    const figures = refreshed?.get(row.id);
    // A test deleted meanwhile has no figures: it is no longer listed.
    return figures ? [JSON.stringify(figures.card)] : [];
  });
}

const userCardTexts = async (ctx: ServiceContext, user: UserRow, channelId: string | null) =>
  cardTexts(ctx, await userCardRows(ctx.db).execute({ userId: user.id, channelId }));

/**
 * The user's test cards, newest first, as one JSON array: what GET /api/tests sends as it is.
 * The dashboard polls it, so a recent answer is reused while nothing changed (src/db/read-cache.ts).
 */
export function listTestsJson(
  ctx: ServiceContext,
  user: UserRow,
  channelId: string | null = null,
): Promise<StoredJson> {
  return ctx.readCache.read(`tests:${user.id}:${channelId ?? 'all'}`, async () => {
    if (channelId) await findOwnChannel(ctx.db, user, channelId);
    return new StoredJson(`[${(await userCardTexts(ctx, user, channelId)).join(',')}]`);
  });
}

/** The cards of these tests, keyed by test id (admin views). */
export async function cardsOf(ctx: ServiceContext, testIds: string[]): Promise<Map<string, TitleTestView>> {
  if (testIds.length === 0) return new Map();
  const texts = await cardTexts(ctx, await cardRows(ctx.db, inArray(titleTests.id, testIds)));
  const cards = texts.map((text) => JSON.parse(text) as TitleTestView);
  return new Map(cards.map((card) => [card.id, card]));
}

export async function getOwnTestView(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<TitleTestView> {
  const [card] = await cardTexts(
    ctx,
    await cardRows(ctx.db, and(eq(titleTests.id, testId), eq(titleTests.userId, user.id))),
  );
  if (card === undefined) throw notFound('Test');
  return JSON.parse(card) as TitleTestView;
}

/** A test's card and analytics panel with its owner, from one lookup (computed first if behind). */
const testFiguresRow = preparedStatement((db) =>
  db
    .select({
      userId: titleTests.userId,
      current: figuresAreCurrent,
      card: testFigures.card,
      analytics: testFigures.analytics,
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(eq(titleTests.id, sql.placeholder('testId')))
    .prepare('test_figures_row'),
);

async function figuresOf(ctx: ServiceContext, testId: string) {
  const [row] = await testFiguresRow(ctx.db).execute({ testId });
  if (!row) return null;
  const now = ctx.clock.now();
  const stored = row.analytics === null ? null : (JSON.parse(row.analytics) as StoredAnalytics);
  if (row.current && row.card !== null && stored !== null && isCurrentFormat(stored)) {
    return {
      userId: row.userId,
      card: JSON.parse(row.card) as TitleTestView,
      analytics: liveAnalytics(stored, now),
    };
  }
  const figures = (await figuresOfTests(ctx.db, [testId], now)).get(testId);
  return figures
    ? { userId: row.userId, card: figures.card, analytics: liveAnalytics(figures.analytics, now) }
    : null;
}

const MINUTE = 60_000;

/**
 * Test analytics (docs/product.md#entities) as JSON: per-rotation history with each figure's
 * source, and the verdict. Reused while nothing changed within the same minute of the clock (its
 * live fields count minutes).
 */
export function getTestAnalyticsJson(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<StoredJson> {
  const minute = Math.floor(ctx.clock.now().getTime() / MINUTE);
  return ctx.readCache.read(`analytics:${user.id}:${testId}:${minute}`, async () => {
    const figures = await figuresOf(ctx, testId);
    if (!figures || figures.userId !== user.id) throw notFound('Test');
    return new StoredJson(JSON.stringify(figures.analytics));
  });
}

/**
 * Test analytics (docs/product.md#entities): per-rotation history with each figure's source, and
 * the verdict.
 */
export async function getTestAnalytics(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<TestAnalyticsWithVerdict> {
  return (await getTestAnalyticsJson(ctx, user, testId)).parse<TestAnalyticsWithVerdict>();
}

/** Any test's card and analytics panel (the admin's full report checks the caller). */
export async function testFiguresForAdmin(ctx: ServiceContext, testId: string) {
  const figures = await figuresOf(ctx, testId);
  if (!figures) throw notFound('Test');
  return figures;
}

const statsOf = preparedStatement((db) =>
  db
    .select({
      activeTests: sql<number>`count(*) filter (where ${titleTests.status} = 'active')`.mapWith(Number),
      completedTests: sql<number>`count(*) filter (where ${titleTests.status} = 'completed')`.mapWith(Number),
      totalViews: sql<number>`coalesce(sum(${testFigures.totalViews}), 0)`.mapWith(Number),
      avgCtr: sql<number | null>`avg(${testFigures.averageCtrPercent})`,
      behind: sql<number>`count(*) filter (where not ${figuresAreCurrent})`.mapWith(Number),
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where(and(eq(titleTests.userId, sql.placeholder('userId')), ofChannel))
    .prepare('user_dashboard_stats'),
);

/**
 * Dashboard stats (docs/product.md#entities) over the user's tests: one aggregate over the stored
 * figures (the cards' own totals), after computing any that are behind their data.
 */
export function getDashboardStatsJson(
  ctx: ServiceContext,
  user: UserRow,
  channelId: string | null = null,
): Promise<StoredJson> {
  return ctx.readCache.read(`stats:${user.id}:${channelId ?? 'all'}`, async () => {
    if (channelId) await findOwnChannel(ctx.db, user, channelId);
    return new StoredJson(
      JSON.stringify(dashboardStatsSchema.parse(await dashboardStats(ctx, user, channelId))),
    );
  });
}

async function dashboardStats(ctx: ServiceContext, user: UserRow, channelId: string | null) {
  let [stats] = await statsOf(ctx.db).execute({ userId: user.id, channelId });
  if (stats && stats.behind > 0) {
    const behind = await ctx.db
      .select({ id: titleTests.id })
      .from(titleTests)
      .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
      .where(and(eq(titleTests.userId, user.id), not(figuresAreCurrent)));
    await figuresOfTests(
      ctx.db,
      behind.map((row) => row.id),
      ctx.clock.now(),
    );
    [stats] = await statsOf(ctx.db).execute({ userId: user.id, channelId });
  }
  return {
    activeTests: stats?.activeTests ?? 0,
    totalViews: stats?.totalViews ?? 0,
    avgCtr: stats?.avgCtr === null || stats?.avgCtr === undefined ? null : Number(stats.avgCtr),
    completedTests: stats?.completedTests ?? 0,
  };
}
