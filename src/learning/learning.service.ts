import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { titleTests, titleVariants } from '../../db/schema';
import type { UserRow } from '../auth/session.service';
import { chosenChannel } from '../channels/channels.service';
import type { DbOrTx } from '../db/database';
import { csvDocument, Download } from '../http/download';
import { imageBytes } from '../images/images.service';
import type { ServiceContext } from '../platform/service-context';
import { FEATURE_WORDS, THUMBNAIL_FEATURES, type LearningFeature } from '../shared/learning-features';
import { MIN_POOLED_TESTS } from '../statistics/meta-analysis';
import type { LearningView } from './learning.schemas';
import { thumbnailLook, type ThumbnailLook } from './thumbnail-features';
import { nextTest, whatWorks, type FinishedTest } from './what-works';

/*
 * "What works here" for a channel, and across the deployment for admins (docs/learning.md): the
 * finished tests, read from what the product stored (each variant's title and image, the final
 * verdict's estimates), pooled by whatWorks. Nothing is asked of YouTube.
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

/** The finished tests matching `where`, as whatWorks reads them. */
async function finishedTests(db: DbOrTx, where: ReturnType<typeof and>): Promise<FinishedTest[]> {
  const tests = await db
    .select({
      id: titleTests.id,
      kind: titleTests.kind,
      metric: titleTests.winnerMetric,
      verdict: titleTests.verdict,
    })
    .from(titleTests)
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
  const out: FinishedTest[] = [];
  for (const test of tests) {
    const stored = storedEstimatesSchema.safeParse(test.verdict);
    if (!stored.success) continue;
    const own = variants.filter((variant) => variant.testId === test.id);
    out.push({
      id: test.id,
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
