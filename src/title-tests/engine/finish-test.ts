import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { rotations, titleTests } from '../../../db/schema';
import { scheduleAdvance } from './title-tests.jobs';
import { isMeasuredPerDay } from '../../shared/test-shapes';
import type { TestVerdict } from '../../statistics';
import { formatMoment } from '../../shared/moments';
import { messageTimeZoneOf } from '../../auth';
import { withTx } from '../../context/service-context';
import type { EngineContext } from './engine-context';
import { refreshTestFigures } from '../figures/stored-figures';
import { handleYouTubeFailure } from './fault-handling';
import { analysedDays, finalFiguresComplete } from '../figures/final-figures';
import { finalFiguresDeadline } from '../figures/final-figures-status';
import { computeVerdict } from '../figures/worded-verdict';
import {
  expectedLiveTitle,
  loadTestRecord,
  setTestFields,
  type TestRecord,
  type TitleTestRow,
} from '../records/title-test-records';
import { notifyTestEnding } from '../../notifications';
import { capitalised, rotatesThumbnails, theOriginal, VARIANT_WORDS } from '../../shared/test-kinds';
import { switchThumbnail, testsOwnThumbnails } from './thumbnail-switch';

export type FinishOutcome = 'finished' | 'failed' | 'deferred' | 'waiting';

type Decision = Pick<TestVerdict, 'verdict' | 'winnerTitleIndex'> &
  Partial<Pick<TestVerdict, 'recommendedTitleIndex'>>;

/** What an ended test leaves live, and what is stored with it. */
interface Ending {
  /** The variant whose title (and thumbnail) the end puts live: 0, the original. */
  finalVariant: number;
  finalTitle: string;
  verdict: unknown;
  reason: string | null;
  /** Set while the verdict waits for YouTube's final figures (the original title is live meanwhile). */
  finalFiguresDueAt: Date | null;
  /** Titles the product itself may have left live: only these are replaced (any other is the creator's). */
  ours: Set<string>;
}

/**
 * Whether the test ran to its planned end date: only then does the end-of-test winner bar apply.
 * A test completed earlier by the creator is decided with the stricter interim bar, because
 * completing as soon as the card shows a leader is a look at the data like any other.
 */
export function ranToPlannedEnd(test: Pick<TitleTestRow, 'endedAt' | 'endDate'>): boolean {
  return test.endedAt !== null && test.endedAt >= test.endDate;
}

/**
 * The variant a verdict puts live: its winner; else a challenger that beats the original with the
 * winner's confidence (the engine's recommendation: never the original when the data show it
 * worse); else the original (0).
 */
export function variantToPutLive(record: TestRecord, decision: Decision): number {
  const index =
    decision.verdict === 'winner' && decision.winnerTitleIndex !== null
      ? decision.winnerTitleIndex
      : (decision.recommendedTitleIndex ?? 0);
  return index > 0 && record.variants[index] ? index : 0;
}

/** The title variant `index` puts live: the video's original title for variant 1. */
function titleOf(record: TestRecord, index: number): string {
  return index > 0 ? record.variants[index]!.title : record.test.originalTitle;
}

/** The engine's reasons say so themselves when the original stays (VARIANT_WORDS' `original`). */
export const saysOriginalStays = (reason: string): boolean =>
  /original (title|thumbnail|title and thumbnail) stays?\b/i.test(reason);

/** A verdict as stored on the test (jsonb): enough of it to know which title it names. */
export function storedDecision(value: unknown): Decision | null {
  if (typeof value !== 'object' || value === null) return null;
  const { verdict, winnerTitleIndex, recommendedTitleIndex } = value as Record<string, unknown>;
  if (typeof verdict !== 'string') return null;
  if (winnerTitleIndex !== null && typeof winnerTitleIndex !== 'number') return null;
  return {
    verdict: verdict as Decision['verdict'],
    winnerTitleIndex,
    recommendedTitleIndex: typeof recommendedTitleIndex === 'number' ? recommendedTitleIndex : 0,
  };
}

/**
 * Puts the final title on an ended test, and decides it. Cancelled: the original title. Completed
 * views test: the statistics engine's winner, else the original. Completed CTR or watch-time
 * test: YouTube's figures of its last days are not in yet, so the original title goes back at
 * once with a provisional verdict, and the test waits (final_figures_due_at) until the daily
 * collection has every analysed day or the deadline passes; then the verdict is decided once and
 * a winner goes live. Idempotent: a test whose final title is applied is left alone, a retry after
 * a crash reads the live title before writing, and the decision is a conditional update.
 */
export async function finishTest(ctx: EngineContext, record: TestRecord): Promise<FinishOutcome> {
  const { test } = record;
  if (test.finalFiguresDueAt !== null) return decideOnFinalFigures(ctx, record);
  if (test.appliedTitle !== null) return 'finished';
  return putFinalTitle(ctx, record, (closed) => endingOf(ctx, closed));
}

async function endingOf(ctx: EngineContext, record: TestRecord): Promise<Ending> {
  const { test } = record;
  const ours = new Set([...record.variants.map((variant) => variant.title), expectedLiveTitle(record)]);
  const keepOriginal = {
    finalVariant: 0,
    finalTitle: test.originalTitle,
    verdict: test.verdict,
    reason: null,
    finalFiguresDueAt: null,
    ours,
  };
  if (test.status !== 'completed') return keepOriginal;

  // Decided already — at a daily look that named a winner (test-looks.ts), or on the final figures
  // (decideOnFinalFigures): that verdict is the decision.
  const atLook = test.decidedAt !== null ? storedDecision(test.verdict) : null;
  if (atLook) {
    // The original title may be live because the end put it back while YouTube's last figures
    // were awaited: it is the test's own, not a creator's edit, and the decision replaces it.
    ours.add(test.originalTitle);
    const finalVariant = variantToPutLive(record, atLook);
    return {
      ...keepOriginal,
      finalVariant,
      finalTitle: titleOf(record, finalVariant),
      reason: test.statusReason,
    };
  }

  if (isMeasuredPerDay(test.winnerMetric)) {
    const decided = storedDecision(test.verdict);
    if (decided) {
      // Decided on the final figures: the winner replaces the original title put back at the end.
      ours.add(test.originalTitle);
      const finalVariant = variantToPutLive(record, decided);
      return {
        ...keepOriginal,
        finalVariant,
        finalTitle: titleOf(record, finalVariant),
        reason: test.statusReason,
      };
    }
    // Ended before any full window: no figure to wait for, decided at once.
    if (analysedDays(record).length > 0) {
      const dueAt = finalFiguresDeadline(test.endedAt ?? ctx.clock.now());
      return {
        ...keepOriginal,
        // What the figures so far say, read with the interim bar: a look before the data is in.
        verdict: await computeVerdict(ctx, record, false),
        finalFiguresDueAt: dueAt,
        reason: `The test has ended. YouTube reports click-through rate and watch time per day, 2–3 days late, so ${theOriginal(VARIANT_WORDS[test.kind], 'is back', 'are back')} until the figures of the last days are in. The verdict follows by ${formatMoment(dueAt, await messageTimeZoneOf(ctx.db, test.userId))}; a winning ${VARIANT_WORDS[test.kind].one} then goes live.`,
      };
    }
  }

  // Ended, maybe before its planned end: read with that moment's bar, spoken of as over.
  const decided = await computeVerdict(ctx, record, ranToPlannedEnd(test), { ended: true });
  const finalVariant = variantToPutLive(record, decided);
  return {
    ...keepOriginal,
    finalVariant,
    finalTitle: titleOf(record, finalVariant),
    verdict: decided,
    reason:
      finalVariant === 0 && !saysOriginalStays(decided.reason)
        ? `${decided.reason} ${capitalised(theOriginal(VARIANT_WORDS[test.kind], 'was put back', 'were put back'))}.`
        : decided.reason,
  };
}

/**
 * A test waiting for its final figures: once every analysed day has YouTube's figures (or the
 * deadline has passed) the verdict is computed and stored once, and a winner is put live by
 * putFinalTitle, read-modify-write like every title change. Until then nothing happens.
 */
async function decideOnFinalFigures(ctx: EngineContext, record: TestRecord): Promise<FinishOutcome> {
  const { test } = record;
  const now = ctx.clock.now();
  const complete = await finalFiguresComplete(ctx.db, record);
  if (!complete && now < test.finalFiguresDueAt!) return 'waiting';

  const verdict = await computeVerdict(ctx, record, ranToPlannedEnd(test), { ended: true });
  const winner = variantToPutLive(record, verdict);
  const kept =
    test.appliedTitle !== null && test.appliedTitle !== test.originalTitle ? test.appliedTitle : null;
  // The end found a thumbnail of the creator's own live and kept it: no winner replaces it either.
  const keptThumbnail =
    rotatesThumbnails(test.kind) && test.appliedTitle !== null && test.appliedThumbnailImageId === null;
  const late = complete
    ? ''
    : ' YouTube’s figures for some days had not arrived by the deadline; the verdict uses those that had.';
  const outcome =
    winner === 0
      ? saysOriginalStays(verdict.reason)
        ? ''
        : ` ${capitalised(theOriginal(VARIANT_WORDS[test.kind], 'stays', 'stay'))}.`
      : kept
        ? ` Your own title “${kept}” stays: it was changed outside Titlewise during the test.`
        : keptThumbnail
          ? ' Your own thumbnail stays: it was changed outside Titlewise during the test.'
          : '';
  const [decided] = await ctx.db
    .update(titleTests)
    .set({
      verdict,
      finalFiguresDueAt: null,
      decidedAt: now,
      statusReason: `${verdict.reason}${late}${outcome}`,
      updatedAt: now,
      // The title goes live through putFinalTitle; until it has, the test counts as not finished.
      ...(winner !== 0 && !kept && !keptThumbnail
        ? { appliedTitle: null, appliedThumbnailImageId: null }
        : {}),
    })
    .where(and(eq(titleTests.id, test.id), isNotNull(titleTests.finalFiguresDueAt)))
    .returning();
  const reloaded = await loadTestRecord(ctx.db, test.id);
  if (!reloaded) return 'finished';
  if (!decided) {
    // Extended meanwhile (it runs again, extend-test.service.ts): nothing is decided now.
    if (reloaded.test.status !== 'completed' && reloaded.test.status !== 'cancelled') return 'waiting';
    return finishTest(ctx, reloaded); // decided meanwhile by another delivery
  }
  if (reloaded.test.appliedTitle !== null) {
    // Decided, and the title live since the end stays: the verdict is the news.
    await notifyTestEnding(ctx, ctx.db, reloaded.test, {
      verdict: verdict.verdict,
      reason: reloaded.test.statusReason,
      liveTitle: reloaded.test.appliedTitle,
      confirmed: null,
      provisional: false,
    });
    return 'finished';
  }
  return putFinalTitle(ctx, reloaded, (closed) => endingOf(ctx, closed));
}

/**
 * The record as the end's counter read leaves it: the window live until now closed at `at` with
 * the count read then, exactly as putFinalTitle stores it. The decision reads this, so it counts
 * the last window the card, the chart and the exports count (counted-windows.ts), rather than
 * leaving it out as still pending (docs/decisions/0034-the-end-decides-on-its-own-counter-read.md).
 */
export function withLiveWindowsClosed(record: TestRecord, at: Date, views: number): TestRecord {
  return {
    ...record,
    rotations: record.rotations.map((rotation) =>
      rotation.status === 'applied' && rotation.endedAt === null
        ? { ...rotation, endedAt: at, viewsAtEnd: views }
        : rotation,
    ),
  };
}

/**
 * What the end does with the title YouTube shows now: nothing when the final title is live
 * already (`in-place`), writes it over a title the product itself may have left live (`ours`:
 * `write`), and keeps any other title, the creator's own (`keep-creators`).
 */
export function finalTitleAction(
  liveTitle: string,
  finalTitle: string,
  ours: Set<string>,
): 'in-place' | 'write' | 'keep-creators' {
  if (liveTitle === finalTitle) return 'in-place';
  return ours.has(liveTitle) ? 'write' : 'keep-creators';
}

/**
 * Reads the live video (the counter read that closes the last window), decides the ending on the
 * windows that read closes (`decide`), and puts its title live, read-modify-write.
 */
async function putFinalTitle(
  ctx: EngineContext,
  record: TestRecord,
  decide: (closed: TestRecord) => Promise<Ending>,
): Promise<FinishOutcome> {
  const { youtube } = ctx;
  const { test, connection } = record;
  const now = ctx.clock.now();
  const failed = async (error: unknown): Promise<FinishOutcome> => {
    const handled = await handleYouTubeFailure(
      ctx,
      record,
      youtube.classify(error),
      'putting the final title back',
    );
    if (handled) return 'failed';
    throw error;
  };

  let live: Awaited<ReturnType<typeof youtube.getVideo>>;
  try {
    live = await youtube.getVideo(connection, test.videoId);
  } catch (error) {
    return failed(error);
  }
  if (!live) {
    const ending = await decide(record);
    await setTestFields(ctx.db, test.id, {
      appliedTitle: test.originalTitle,
      verdict: ending.verdict,
      finalFiguresDueAt: null,
      lastError: 'The video no longer exists on YouTube.',
      updatedAt: now,
    });
    return 'finished';
  }
  const viewCount = live.viewCount;
  // Decided after the read that closes the last window, on the windows it closes.
  const ending = await decide(withLiveWindowsClosed(record, now, viewCount));
  const { finalTitle } = ending;

  let kept: string | null = null;
  // What YouTube showed when read back after the write; null when nothing had to be written.
  let confirmed: boolean | null = null;
  // Thumbnail and package tests: the final variant's image, unless the creator set one of their own.
  let thumbnail: { imageId: string | null; servedSha256: string; kept: boolean } | null = null;
  try {
    if (rotatesThumbnails(test.kind)) {
      const target = record.variants[ending.finalVariant]!;
      const switched = await switchThumbnail(ctx, record, live, target, {
        requestedAt: null,
        markRequested: async () => {},
        ours: await testsOwnThumbnails(ctx, record),
      });
      const keptOwn = switched.outcome === 'outside';
      thumbnail = {
        imageId: keptOwn ? null : target.thumbnailImageId,
        servedSha256: switched.servedSha256,
        kept: keptOwn,
      };
      if (switched.outcome === 'set') confirmed = switched.confirmed;
    }
    const action = finalTitleAction(live.title, finalTitle, ending.ours);
    if (action === 'keep-creators') {
      kept = live.title; // The creator set a title of their own: keep it.
    } else if (action === 'write') {
      const written = (await youtube.setTitle(connection, live, finalTitle)).confirmed;
      confirmed = (confirmed ?? true) && written;
    }
  } catch (error) {
    return failed(error);
  }

  await ctx.db.transaction(async (tx) => {
    await tx
      .update(rotations)
      .set({ endedAt: now, viewsAtEnd: viewCount })
      .where(and(eq(rotations.testId, test.id), eq(rotations.status, 'applied'), isNull(rotations.endedAt)));
    await tx
      .update(rotations)
      .set({ status: 'skipped' })
      .where(and(eq(rotations.testId, test.id), eq(rotations.status, 'planned')));
    const keptThumbnailNote = thumbnail?.kept
      ? ' Your own thumbnail was kept: it was changed outside Titlewise during the test.'
      : '';
    await setTestFields(tx, test.id, {
      appliedTitle: kept ?? finalTitle,
      ...(thumbnail
        ? { appliedThumbnailImageId: thumbnail.imageId, liveThumbnailSha256: thumbnail.servedSha256 }
        : {}),
      verdict: ending.verdict,
      endedAt: test.endedAt ?? now,
      finalFiguresDueAt: ending.finalFiguresDueAt,
      // Decided now, unless the verdict waits for YouTube's final figures (or the test was cancelled).
      decidedAt:
        test.status === 'completed' && ending.finalFiguresDueAt === null ? (test.decidedAt ?? now) : null,
      nextLookAt: null,
      lastError: null,
      deferredUntil: null,
      statusReason:
        (kept
          ? `Your own title “${kept}” was kept: it was changed outside Titlewise during the test.`
          : (ending.reason ?? '')) + keptThumbnailNote || null,
      updatedAt: now,
    });
    // The deadline wakes the test's job; the daily collection wakes it earlier when the figures are in.
    if (ending.finalFiguresDueAt) await scheduleAdvance(withTx(ctx, tx), test.id, ending.finalFiguresDueAt);
    await notifyTestEnding(ctx, tx, test, {
      verdict: storedDecision(ending.verdict)?.verdict ?? null,
      reason: kept
        ? `Your own title “${kept}” was kept: it was changed outside Titlewise during the test.`
        : ending.reason,
      liveTitle: kept ?? finalTitle,
      confirmed,
      provisional: ending.finalFiguresDueAt !== null,
    });
    await refreshTestFigures(tx, { testIds: [test.id] }, now);
  });
  return 'finished';
}
