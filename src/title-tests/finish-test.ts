import { and, asc, eq, gte, isNull, lte } from 'drizzle-orm';
import { dailyMetrics, rotations } from '../../db/schema';
import { pacificDay } from '../time/pacific';
import type { EngineContext } from './engine-context';
import { handleYouTubeFailure } from './fault-handling';
import { rotationFigures } from './rotation-figures';
import { expectedLiveTitle, setTestFields, type TestRecord } from './title-test-records';
import { decideByHighestAverage } from './winner-rule';

/**
 * Puts the final title on an ended test: the original after a cancel, the winner (or the original
 * when nothing won) after completion. Idempotent: a test whose final title is applied is left
 * alone, and a retry after a crash reads the live title before writing.
 */
export async function finishTest(ctx: EngineContext, record: TestRecord): Promise<'finished' | 'failed' | 'deferred'> {
  const { app, youtube } = ctx;
  const { test, connection } = record;
  if (test.appliedTitle !== null) return 'finished';
  const now = app.clock.now();

  let finalTitle = test.originalTitle;
  let verdict: unknown = test.verdict;
  if (test.status === 'completed') {
    const daily = await app.db
      .select()
      .from(dailyMetrics)
      .where(
        and(
          eq(dailyMetrics.videoId, test.videoId),
          gte(dailyMetrics.day, pacificDay(test.startDate)),
          lte(dailyMetrics.day, pacificDay(test.endedAt ?? now)),
        ),
      )
      .orderBy(asc(dailyMetrics.day));
    const decided = decideByHighestAverage({
      metric: test.winnerMetric,
      variantPositions: new Map(record.variants.map((variant) => [variant.id, variant.position])),
      figures: rotationFigures({ rotations: record.rotations, daily, currentViews: null, now, intervalMinutes: test.rotationIntervalMinutes }),
    });
    verdict = decided;
    if (decided.winnerPosition !== null) finalTitle = record.variants[decided.winnerPosition]!.title;
  }

  let viewCount: number;
  let kept: string | null = null;
  try {
    const live = await youtube.getVideo(connection, test.videoId);
    if (!live) {
      await setTestFields(app.db, test.id, { appliedTitle: test.originalTitle, verdict, lastError: 'The video no longer exists on YouTube.', updatedAt: now });
      return 'finished';
    }
    viewCount = live.viewCount;
    const testTitles = new Set([...record.variants.map((variant) => variant.title), expectedLiveTitle(record)]);
    if (live.title !== finalTitle && !testTitles.has(live.title)) {
      kept = live.title; // The creator set a title of their own: keep it.
    } else if (live.title !== finalTitle) {
      await youtube.setTitle(connection, test.videoId, finalTitle);
    }
  } catch (error) {
    const handled = await handleYouTubeFailure(ctx, record, youtube.classify(error), 'putting the final title back');
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
    statusReason: kept ? `Your own title “${kept}” was kept: it was changed outside Titlewise during the test.` : null,
    updatedAt: now,
  });
  return 'finished';
}
