import { and, eq, isNull } from 'drizzle-orm';
import { rotations } from '../../db/schema';
import type { EngineContext } from './engine-context';
import { handleYouTubeFailure } from './fault-handling';
import { computeVerdict, finalTitleFor } from './test-verdict';
import { expectedLiveTitle, setTestFields, type TestRecord } from './title-test-records';

/**
 * Puts the final title on an ended test: the original after a cancel; after completion, the
 * statistics engine's winner or preferred title for the test's metric, else the original. Idempotent: a test whose final title is applied is left
 * alone, and a retry after a crash reads the live title before writing.
 */
export async function finishTest(
  ctx: EngineContext,
  record: TestRecord,
): Promise<'finished' | 'failed' | 'deferred'> {
  const { app, youtube } = ctx;
  const { test, connection } = record;
  if (test.appliedTitle !== null) return 'finished';
  const now = app.clock.now();

  let finalTitle = test.originalTitle;
  let verdict: unknown = test.verdict;
  let reason: string | null = null;
  if (test.status === 'completed') {
    const decided = await computeVerdict(app, record, true);
    verdict = decided;
    finalTitle = finalTitleFor(record, decided);
    reason =
      finalTitle === test.originalTitle
        ? `${decided.reason} The original title was put back.`
        : decided.reason;
  }

  let viewCount: number;
  let kept: string | null = null;
  try {
    const live = await youtube.getVideo(connection, test.videoId);
    if (!live) {
      await setTestFields(app.db, test.id, {
        appliedTitle: test.originalTitle,
        verdict,
        lastError: 'The video no longer exists on YouTube.',
        updatedAt: now,
      });
      return 'finished';
    }
    viewCount = live.viewCount;
    const testTitles = new Set([
      ...record.variants.map((variant) => variant.title),
      expectedLiveTitle(record),
    ]);
    if (live.title !== finalTitle && !testTitles.has(live.title)) {
      kept = live.title; // The creator set a title of their own: keep it.
    } else if (live.title !== finalTitle) {
      await youtube.setTitle(connection, test.videoId, finalTitle);
    }
  } catch (error) {
    const handled = await handleYouTubeFailure(
      ctx,
      record,
      youtube.classify(error),
      'putting the final title back',
    );
    if (handled) return 'failed';
    throw error;
  }

  await app.db
    .update(rotations)
    .set({ endedAt: now, viewsAtEnd: viewCount })
    .where(and(eq(rotations.testId, test.id), eq(rotations.status, 'applied'), isNull(rotations.endedAt)));
  await app.db
    .update(rotations)
    .set({ status: 'skipped' })
    .where(and(eq(rotations.testId, test.id), eq(rotations.status, 'planned')));
  await setTestFields(app.db, test.id, {
    appliedTitle: kept ?? finalTitle,
    verdict,
    endedAt: test.endedAt ?? now,
    lastError: null,
    deferredUntil: null,
    statusReason: kept
      ? `Your own title “${kept}” was kept: it was changed outside Titlewise during the test.`
      : reason,
    updatedAt: now,
  });
  return 'finished';
}
