import { and, asc, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { channelConnections, titleTests, titleVariants, users, type TeamRole } from '../../db/schema';
import { recordAudit } from '../audit';
import type { UserRow } from '../../db/schema/users';
import { chosenChannel } from '../channels';
import type { DbOrTx } from '../db/database';
import { forbidden } from '../errors/app-error';
import { csvDocument, Download } from '../http/download';
import { imageBytes } from '../images';
import type { ServiceContext } from '../context/service-context';
import { FEATURE_WORDS, THUMBNAIL_FEATURES, type LearningFeature } from '../shared/learning-features';
import { LEARNING_POOL_MESSAGES, MIN_POOL_CHANNELS } from '../shared/learning-pool';
import { MIN_POOLED_TESTS } from '../statistics/meta-analysis';
import type { LearningPool, LearningView } from './learning.schemas';
import { thumbnailLook, type ThumbnailLook } from './thumbnail-features';
import { nextTest, whatWorks, type FinishedTest } from './what-works';

/*
 * "What works here" for a channel, across the deployment for admins, and across the channels whose
 * creators opted in for those creators (docs/learning.md, docs/decisions/0047): the finished tests,
 * read from what the product stored (each variant's title and image, the final verdict's
 * estimates), pooled by whatWorks. Nothing is asked of YouTube.
 */

/** The part of a stored verdict the learning reads: each variant's effect against the original. */
const storedEstimatesSchema = z.object({
  titles: z.array(
    z.object({
      titleIndex: z.number().int(),
      logEffect: z.number(),
      liftLow: z.number(),
      liftHigh: z.number(),
    }),
  ),
});

/** Looks of stored images, by id: images never change, so a look is computed once per process. */
const looks = new Map<string, Promise<ThumbnailLook | null>>();
const MAX_CACHED_LOOKS = 2_000;

function lookOf(db: DbOrTx, imageId: string): Promise<ThumbnailLook | null> {
  let look = looks.get(imageId);
  if (!look) {
    if (looks.size >= MAX_CACHED_LOOKS) looks.delete(looks.keys().next().value!);
    look = imageBytes(db, imageId)
      .then((file) => (file ? thumbnailLook(file.bytes) : null))
      .catch(() => null);
    looks.set(imageId, look);
  }
  return look;
}

/** A finished test as whatWorks reads it, with whose it is (to count a pool's channels). */
type OwnedFinishedTest = FinishedTest & { userId: string; youtubeChannelId: string };

/** The finished tests matching `where`, as whatWorks reads them. */
async function finishedTests(db: DbOrTx, where: ReturnType<typeof and>): Promise<OwnedFinishedTest[]> {
  const tests = await db
    .select({
      id: titleTests.id,
      kind: titleTests.kind,
      metric: titleTests.winnerMetric,
      verdict: titleTests.verdict,
      userId: titleTests.userId,
      youtubeChannelId: channelConnections.youtubeChannelId,
    })
    .from(titleTests)
    .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
    .where(
      and(
        where,
        eq(titleTests.status, 'completed'),
        isNotNull(titleTests.verdict),
        isNull(titleTests.finalFiguresDueAt),
      ),
    );
  if (tests.length === 0) return [];
  const variants = await db
    .select({
      testId: titleVariants.testId,
      title: titleVariants.title,
      imageId: titleVariants.thumbnailImageId,
    })
    .from(titleVariants)
    .where(
      inArray(
        titleVariants.testId,
        tests.map((test) => test.id),
      ),
    )
    .orderBy(asc(titleVariants.testId), asc(titleVariants.position));
  const out: OwnedFinishedTest[] = [];
  for (const test of tests) {
    const stored = storedEstimatesSchema.safeParse(test.verdict);
    if (!stored.success) continue;
    const own = variants.filter((variant) => variant.testId === test.id);
    out.push({
      id: test.id,
      userId: test.userId,
      youtubeChannelId: test.youtubeChannelId,
      metric: test.metric,
      variants: await Promise.all(
        own.map(async (variant) => ({
          title: variant.title,
          look: test.kind !== 'titles' && variant.imageId ? await lookOf(db, variant.imageId) : null,
        })),
      ),
      estimates: stored.data.titles,
    });
  }
  return out;
}

const isThumbnailFeature = (feature: LearningFeature): boolean =>
  (THUMBNAIL_FEATURES as readonly string[]).includes(feature);

function viewOf(channelId: string | null, tests: FinishedTest[]): LearningView {
  const findings = whatWorks(tests);
  const next = nextTest(findings);
  return {
    channelId,
    finishedTests: tests.length,
    minimumTests: MIN_POOLED_TESTS,
    metrics: findings.map((group) => ({
      ...group,
      features: group.features.map((item) => ({ ...item, label: FEATURE_WORDS[item.feature] })),
    })),
    next: next && {
      ...next,
      label: FEATURE_WORDS[next.feature],
      kind: isThumbnailFeature(next.feature) ? 'thumbnails' : 'titles',
    },
  };
}

/** What the finished tests of `owner`'s channel (the chosen one, else the latest connected) show. */
export async function channelLearning(
  ctx: ServiceContext,
  owner: UserRow,
  channelId?: string,
): Promise<LearningView> {
  const connection = await chosenChannel(ctx.db, owner, channelId);
  if (!connection) return viewOf(null, []);
  const tests = await finishedTests(
    ctx.db,
    and(eq(titleTests.userId, owner.id), eq(titleTests.channelConnectionId, connection.id)),
  );
  return viewOf(connection.id, tests);
}

/** The same across every channel of the deployment, for admins: pooled, no channel named. */
export async function deploymentLearning(ctx: ServiceContext): Promise<LearningView> {
  return viewOf(null, await finishedTests(ctx.db, undefined));
}

/** Whether `owner`'s finished tests are pooled with other opted-in channels; `role`: how the caller acts. */
export function learningSharing(
  owner: UserRow,
  role: 'owner' | TeamRole,
): { optedIn: boolean; canChange: boolean } {
  return { optedIn: owner.learningPoolOptIn, canChange: role === 'owner' };
}

/**
 * Opts the account in or out of the pool (only its owner may). Nothing is copied: the pool is
 * read from the opted-in accounts' tests on each request, so opting out takes them out at once.
 */
export async function setLearningSharing(
  ctx: ServiceContext,
  owner: UserRow,
  role: 'owner' | TeamRole,
  optedIn: boolean,
): Promise<{ optedIn: boolean; canChange: boolean }> {
  if (role !== 'owner') throw forbidden(LEARNING_POOL_MESSAGES.ownerOnly);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ learningPoolOptIn: optedIn, updatedAt: now })
      .where(and(eq(users.id, owner.id), ne(users.learningPoolOptIn, optedIn)))
      .returning({ id: users.id });
    if (changed.length > 0)
      await recordAudit(tx, {
        actorUserId: owner.id,
        action: 'learning.pool-opt-in',
        targetType: 'user',
        targetId: owner.id,
        before: { optedIn: !optedIn },
        after: { optedIn },
        at: now,
      });
  });
  return { optedIn, canChange: true };
}

/**
 * Channels counted towards MIN_POOL_CHANNELS, conservatively: distinct YouTube channels, but never
 * more than the accounts they come from (a channel two accounts connected counts once, and so do
 * one account's several channels), so at least that many creators stand behind the figures.
 */
function poolChannels(tests: OwnedFinishedTest[]): number {
  const channels = new Set(tests.map((test) => test.youtubeChannelId)).size;
  const accounts = new Set(tests.map((test) => test.userId)).size;
  return Math.min(channels, accounts);
}

/**
 * What the finished tests of every opted-in account show together, for a creator who opted in:
 * no channel named, no next test suggested, and nothing but the counts below MIN_POOL_CHANNELS.
 * Accounts being deleted are left out. Admins read every channel instead (deploymentLearning).
 */
export async function learningPool(ctx: ServiceContext, owner: UserRow): Promise<LearningPool> {
  if (!owner.learningPoolOptIn) throw forbidden(LEARNING_POOL_MESSAGES.notOptedIn);
  const optedIn = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.learningPoolOptIn, true), isNull(users.deletionRequestedAt)));
  const tests = await finishedTests(ctx.db, inArray(titleTests.userId, optedIn));
  const channels = poolChannels(tests);
  return {
    channels,
    minimumChannels: MIN_POOL_CHANNELS,
    view: channels < MIN_POOL_CHANNELS ? null : { ...viewOf(null, tests), next: null },
  };
}

/** "What works here" as a download: CSV (one row per metric and feature) or the whole view as JSON. */
export function learningDownload(view: LearningView, format: 'csv' | 'json'): Download {
  if (format === 'json')
    return new Download(
      'application/json; charset=utf-8',
      'titlewise-what-works.json',
      JSON.stringify(view, null, 2),
    );
  const rows = view.metrics.flatMap((group) =>
    group.features.map((item) => [
      group.metric,
      item.feature,
      item.label,
      item.tests,
      item.lift,
      item.liftLow,
      item.liftHigh,
      item.verdict,
      item.testsNeeded,
    ]),
  );
  return new Download(
    'text/csv; charset=utf-8',
    'titlewise-what-works.csv',
    csvDocument(
      ['metric', 'feature', 'label', 'tests', 'lift', 'lift_low', 'lift_high', 'verdict', 'tests_needed'],
      rows,
    ),
  );
}
