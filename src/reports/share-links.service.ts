import { createHash, createHmac, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { reportLinks, titleTests, users } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { Config } from '../config';
import type { DbOrTx } from '../db/database';
import { AppError, notFound } from '../errors/app-error';
import type { ServiceContext } from '../context/service-context';
import {
  NO_LIVE_REPORT_LINK,
  REPORT_LINK_REVOKED,
  REPORT_LINK_UNKNOWN,
  reportPagePath,
} from '../shared/report-links';
import { testFiguresForAdmin } from '../title-tests';
import type { PublicReport, ShareLinks, ShareLinkView } from './reports.schemas';

/*
 * Read-only report links (docs/product.md#shared-report-links). A link's token is the HMAC of
 * its id under the deployment's secret: 256 bits nobody can guess without that secret. Only the
 * token's SHA-256 is stored, so the table alone opens no report; the owner's live link is shown
 * to them again by deriving its token once more. One live link per test: a new one revokes the
 * old. A revoked link is kept, so its token says "revoked" rather than "unknown".
 */

type LinkRow = typeof reportLinks.$inferSelect;

function tokenOf(config: Config, linkId: string): string {
  return createHmac('sha256', config.sessionSecret).update(`report-link:${linkId}`).digest('base64url');
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The address of a stored link, or null when its token cannot be derived any more (the
 * deployment's secret changed since: the link still opens, but only a new one can be shown).
 */
function urlOf(config: Config, link: LinkRow): string | null {
  const token = tokenOf(config, link.id);
  return hashOf(token) === link.tokenHash ? `${config.publicUrl}${reportPagePath(token)}` : null;
}

/** The caller's own test, locked for the change when `lock`; another user's test is "not found". */
async function ownTest(db: DbOrTx, user: UserRow, testId: string, lock = false) {
  const query = db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(and(eq(titleTests.id, testId), eq(titleTests.userId, user.id)));
  const [test] = await (lock ? query.for('update') : query);
  if (!test) throw notFound('Test');
  return test;
}

function view(config: Config, link: LinkRow): ShareLinkView | null {
  const url = urlOf(config, link);
  return url === null ? null : { url, createdAt: link.createdAt.toISOString() };
}

/** The test's live link (its address) and the links revoked before it, newest first. */
export async function listShareLinks(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<ShareLinks> {
  await ownTest(ctx.db, user, testId);
  const links = await ctx.db
    .select()
    .from(reportLinks)
    .where(eq(reportLinks.testId, testId))
    .orderBy(desc(reportLinks.createdAt));
  const live = links.find((link) => link.revokedAt === null);
  return {
    current: live ? view(ctx.config, live) : null,
    revoked: links
      .filter((link) => link.revokedAt !== null)
      .map((link) => ({ createdAt: link.createdAt.toISOString(), revokedAt: link.revokedAt!.toISOString() })),
  };
}

/**
 * A new report link for the owner's test. A live link the test had is revoked in the same
 * transaction (one live link per test; the test row is locked so two requests cannot both add one).
 */
export async function createShareLink(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<ShareLinkView & { replacedPrevious: boolean }> {
  const now = ctx.clock.now();
  const id = randomUUID();
  const token = tokenOf(ctx.config, id);
  const replaced = await ctx.db.transaction(async (tx) => {
    await ownTest(tx, user, testId, true);
    const revoked = await tx
      .update(reportLinks)
      .set({ revokedAt: now })
      .where(and(eq(reportLinks.testId, testId), isNull(reportLinks.revokedAt)))
      .returning({ id: reportLinks.id });
    await tx.insert(reportLinks).values({ id, testId, tokenHash: hashOf(token), createdAt: now });
    return revoked.length > 0;
  });
  return {
    url: `${ctx.config.publicUrl}${reportPagePath(token)}`,
    createdAt: now.toISOString(),
    replacedPrevious: replaced,
  };
}

/** Revokes the test's live link; 404 when it has none (and nothing changes). Nothing else changes. */
export async function revokeShareLink(
  ctx: ServiceContext,
  user: UserRow,
  testId: string,
): Promise<{ success: true; revokedAt: string }> {
  await ownTest(ctx.db, user, testId);
  const now = ctx.clock.now();
  const [revoked] = await ctx.db
    .update(reportLinks)
    .set({ revokedAt: now })
    .where(and(eq(reportLinks.testId, testId), isNull(reportLinks.revokedAt)))
    .returning({ id: reportLinks.id });
  if (!revoked) throw new AppError('NOT_FOUND', NO_LIVE_REPORT_LINK);
  return { success: true, revokedAt: now.toISOString() };
}

/**
 * The report a link opens, for anyone holding it: the test's titles, figures and verdict as its
 * analytics panel shows them, without the owner, the test's id or anything to act on. An
 * unknown token and a revoked link are both 404, each with its own words; a link of a test or an
 * account being deleted reads as revoked.
 */
export async function readReport(ctx: ServiceContext, token: string): Promise<PublicReport> {
  const [row] = await ctx.db
    .select({
      link: reportLinks,
      testDeleting: titleTests.deletionRequestedAt,
      ownerDeleting: users.deletionRequestedAt,
    })
    .from(reportLinks)
    .innerJoin(titleTests, eq(titleTests.id, reportLinks.testId))
    .innerJoin(users, eq(users.id, titleTests.userId))
    .where(eq(reportLinks.tokenHash, hashOf(token)));
  if (!row) throw new AppError('NOT_FOUND', REPORT_LINK_UNKNOWN);
  const { link } = row;
  // Deleting the test or the account ends its links at once, though erasure may take days.
  if (link.revokedAt !== null || row.testDeleting !== null || row.ownerDeleting !== null)
    throw new AppError('NOT_FOUND', REPORT_LINK_REVOKED);
  const { card, analytics } = await testFiguresForAdmin(ctx, link.testId);
  return {
    videoTitle: card.videoTitle,
    status: card.status,
    winnerMetric: card.winnerMetric,
    rotationIntervalMinutes: card.rotationIntervalMinutes,
    startDate: card.startDate,
    endDate: card.endDate,
    kind: card.kind,
    titles: card.titles,
    thumbnails: card.thumbnails,
    summary: {
      totalViews: analytics.totalViews,
      averageCtr: analytics.averageCtr,
      averageViewDuration: analytics.averageViewDuration,
      rotationsCount: analytics.rotationsCount,
    },
    verdict: analytics.verdict,
    expected: analytics.expected,
    clockAt: analytics.clockAt,
    sharedAt: link.createdAt.toISOString(),
  };
}
