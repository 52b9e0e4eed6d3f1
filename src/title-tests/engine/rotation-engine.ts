import { and, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import { metricSamples, rotations, titleTests, titleVariants } from '../../../db/schema';
import { rotatesThumbnails } from '../../shared/test-kinds';
import { markSlotRequested, switchThumbnail, type ThumbnailSwitch } from './thumbnail-switch';
import { admissionJob, scheduleAdvance } from './title-tests.jobs';
import { withTx } from '../../context/service-context';
import type { EngineContext } from './engine-context';
import { refreshTestFigures } from '../figures/stored-figures';
import { handleYouTubeFailure } from './fault-handling';
import { finishTest } from './finish-test';
import { lookAtTest, lookDue } from './test-looks';
import { confirmForecast } from './forecast-confirmation';
import { nextLookAfter } from '../figures/look-bars';
import { mayAct } from '../records/held-tests';
import { runningStatuses } from '../../shared/test-states';
import { removeTestMarkedForDeletion } from './deletion';
import {
  endLiveWindows,
  expectedLiveTitle,
  loadTestRecord,
  setTestFields,
  variantTitle,
  type RotationRow,
  type TestRecord,
} from '../records/title-test-records';
import { notifyTestPaused, notifyTestStarted } from '../../notifications';

export type AdvanceOutcome =
  | 'missing'
  | 'finished'
  | 'paused'
  | 'deferred'
  | 'waiting'
  | 'nothing-due'
  | 'rotated'
  | 'edited-outside'
  | 'failed'
  | 'deleted'
  | 'held';

/**
 * Does whatever is due for a test now, exactly once per slot, and schedules the next wake-up.
 * Safe to run any number of times and after a crash at any point: it re-reads the live title,
 * writes only if YouTube does not already show the slot's title, and records the slot with a
 * conditional update whose transaction also enqueues the next wake-up.
 */
export async function advanceTest(ctx: EngineContext, testId: string): Promise<AdvanceOutcome> {
  const record = await loadTestRecord(ctx.db, testId);
  if (!record) return 'missing';
  const now = ctx.clock.now();
  const { test } = record;
  // A test held by a tool runs on that tool's clock only (a stray wake-up of it is a no-op).
  if (!mayAct(ctx.holding, test.heldBy)) return 'held';

  if (test.status === 'completed' || test.status === 'cancelled') {
    // An admin deleted the test: it goes once a final title is back (never before), without
    // waiting for a verdict that no one will read.
    if (test.deletionRequestedAt && (await removeTestMarkedForDeletion(ctx.db, testId))) return 'deleted';
    const outcome = await finishTest(ctx, record);
    if (
      outcome === 'finished' &&
      test.deletionRequestedAt &&
      (await removeTestMarkedForDeletion(ctx.db, testId))
    )
      return 'deleted';
    return outcome;
  }
  if (now >= test.endDate) {
    // Conditional on the end read: an extension that committed meanwhile moved it (extend-test.service.ts).
    const [ended] = await ctx.db
      .update(titleTests)
      .set({ status: 'completed', endedAt: now, updatedAt: now })
      .where(
        and(
          eq(titleTests.id, testId),
          inArray(titleTests.status, [...runningStatuses]),
          lte(titleTests.endDate, now),
        ),
      )
      .returning({ id: titleTests.id });
    // Its units are free again: a queued test may start.
    if (ended && !ctx.holding) await admissionJob.send(ctx, {});
    const reloaded = await loadTestRecord(ctx.db, testId);
    return ended && reloaded ? finishTest(ctx, reloaded) : 'finished';
  }
  if (test.status === 'paused') return 'paused';
  // The daily look first: a look that names a winner ends the test here (test-looks.ts).
  if (lookDue(record, now)) {
    const looked = await lookAtTest(ctx, record);
    if (looked !== 'looked' && looked !== 'not-due') return looked;
    return advanceTest(ctx, testId);
  }
  const firstLook = test.status === 'active' && test.nextLookAt === null ? nextLookAfter(record, now) : null;
  // A test just started, started before looks were kept, or reopened by an extension: its next look.
  if (firstLook) await setTestFields(ctx.db, testId, { nextLookAt: firstLook });
  if (test.deferredUntil && test.deferredUntil > now) {
    await scheduleAdvance(ctx, testId, test.deferredUntil);
    return 'deferred';
  }

  const due = dueRotation(record, now);
  if (!due) {
    const first = record.rotations[0];
    if (first) await scheduleAdvance(ctx, testId, first.plannedStart);
    return 'waiting';
  }
  if (due.status !== 'planned') return 'nothing-due';
  return applySlot(ctx, record, due.slot);
}

/**
 * The slot a wake-up at `now` acts on: the latest whose start has passed. Earlier slots still
 * planned were missed (a worker down, a quota wait) and are skipped, never played late.
 */
export function dueRotation(record: Pick<TestRecord, 'rotations'>, now: Date): RotationRow | undefined {
  return record.rotations.filter((rotation) => rotation.plannedStart <= now).at(-1);
}

/**
 * What a slot does with the title YouTube shows now: `in-place` when it already shows the slot's
 * title (an earlier attempt's write landed), `write` when it shows the title the product last put
 * live, and `outside` for any other title: the creator changed it, and their edit wins.
 */
export function slotTitleAction(
  liveTitle: string,
  desired: string,
  expected: string,
): 'in-place' | 'write' | 'outside' {
  if (liveTitle === desired) return 'in-place';
  if (liveTitle === expected) return 'write';
  return 'outside';
}

/** What a slot's switch found and did on YouTube, before anything about it is recorded. */
export type SlotSwitch =
  | { outcome: 'gone' }
  | { outcome: 'outside'; reason: string; viewCount: number }
  | { outcome: 'switched'; viewCount: number; confirmed: boolean; thumbnail: ThumbnailSwitch | null };

/**
 * Reads the live video and puts the slot's variant live on it: the thumbnail first (a package's
 * title never goes live without its image), then the title, written only when YouTube does not
 * show it already. Writes nothing when the video is gone or someone else changed what it shows.
 * YouTube's errors are thrown to the caller.
 */
export async function switchSlot(
  ctx: EngineContext,
  record: TestRecord,
  rotation: RotationRow,
): Promise<SlotSwitch> {
  const { youtube } = ctx;
  const { test, connection } = record;
  const desired = variantTitle(record, rotation.variantId);
  const variant = record.variants.find((entry) => entry.id === rotation.variantId)!;
  const live = await youtube.getVideo(connection, test.videoId);
  if (!live) return { outcome: 'gone' };
  const action = slotTitleAction(live.title, desired, expectedLiveTitle(record));
  if (action === 'outside') {
    // The creator changed the title in Studio: their edit wins, the test stops rotating.
    const reason = `The title was changed outside Titlewise (to “${live.title}”). The test is paused so your edit is kept; resume it to continue rotating.`;
    return { outcome: 'outside', reason, viewCount: live.viewCount };
  }
  let confirmed = true;
  let thumbnail: ThumbnailSwitch | null = null;
  // The thumbnail first: a package's title never goes live without its image.
  if (rotatesThumbnails(test.kind)) {
    thumbnail = await switchThumbnail(ctx, record, live, variant, {
      requestedAt: rotation.thumbnailRequestedAt,
      markRequested: markSlotRequested(ctx, rotation.id),
    });
    if (thumbnail.outcome === 'outside') {
      return {
        outcome: 'outside',
        reason:
          'The thumbnail was changed outside Titlewise. The test is paused so your image is kept; resume it to continue rotating.',
        viewCount: live.viewCount,
      };
    }
    confirmed = thumbnail.confirmed;
  }
  if (action === 'write') {
    const after = await youtube.setTitle(connection, live, desired);
    await ctx.hooks?.afterTitleWrite?.(test.id, rotation.slot);
    confirmed = confirmed && after.title === desired;
  }
  return { outcome: 'switched', viewCount: live.viewCount, confirmed, thumbnail };
}

async function applySlot(ctx: EngineContext, record: TestRecord, slot: number): Promise<AdvanceOutcome> {
  const { youtube } = ctx;
  const { test, connection } = record;
  const rotation = record.rotations.find((entry) => entry.slot === slot)!;
  const desired = variantTitle(record, rotation.variantId);
  const variant = record.variants.find((entry) => entry.id === rotation.variantId)!;

  let viewCount: number;
  let confirmed: boolean;
  let thumbnail: ThumbnailSwitch | null;
  // Before the first switch, the plan is made again on what the video showed until now.
  if (
    rotation.kind === 'window' &&
    !record.rotations.some((entry) => entry.kind === 'window' && entry.status === 'applied')
  )
    await confirmForecast(ctx, record);
  try {
    const found = await switchSlot(ctx, record, rotation);
    if (found.outcome === 'gone') {
      await handleYouTubeFailure(
        ctx,
        record,
        { kind: 'not-found', message: 'the video no longer exists on YouTube.' },
        'rotating titles',
      );
      return 'failed';
    }
    if (found.outcome === 'outside') {
      await pauseForOutsideEdit(ctx, record, found.reason, found.viewCount);
      return 'edited-outside';
    }
    ({ viewCount, confirmed, thumbnail } = found);
  } catch (error) {
    await ctx.db
      .update(rotations)
      .set({ attempts: rotation.attempts + 1 })
      .where(eq(rotations.id, rotation.id));
    const handled = await handleYouTubeFailure(ctx, record, youtube.classify(error), 'rotating titles');
    if (handled) return 'failed';
    throw error;
  }

  const now = ctx.clock.now();
  const next = record.rotations.find((entry) => entry.slot > slot);
  const outcome = await ctx.db.transaction(async (tx) => {
    // No key update: it serialises the test's own writers, while a sampling pass's figures upsert
    // (a foreign-key share lock on this row) goes on; FOR UPDATE made the two deadlock.
    const [locked] = await tx
      .select()
      .from(titleTests)
      .where(eq(titleTests.id, test.id))
      .for('no key update');
    const [applied] = await tx
      .update(rotations)
      .set({
        status: 'applied',
        activatedAt: now,
        viewsAtStart: viewCount,
        titleConfirmed: confirmed,
        error: null,
      })
      .where(and(eq(rotations.id, rotation.id), eq(rotations.status, 'planned')))
      .returning();
    if (!applied || !locked) return 'nothing-due' as const;
    if (thumbnail) {
      // How YouTube serves this image: recognised at later switches, and the last one left live.
      await tx
        .update(titleVariants)
        .set({ servedThumbnailSha256: thumbnail.servedSha256 })
        .where(eq(titleVariants.id, variant.id));
    }
    // The switch's read carried the counter: a free sample exactly at the window's edge.
    await tx.insert(metricSamples).values({
      videoId: test.videoId,
      channelId: connection.youtubeChannelId,
      viewCount,
      sampledAt: now,
    });
    // Close the window that was live until now; slots that were never applied were missed.
    await tx
      .update(rotations)
      .set({ endedAt: now, viewsAtEnd: viewCount })
      .where(
        and(
          eq(rotations.testId, test.id),
          eq(rotations.status, 'applied'),
          isNull(rotations.endedAt),
          lt(rotations.slot, slot),
        ),
      );
    await tx
      .update(rotations)
      .set({ status: 'skipped' })
      .where(and(eq(rotations.testId, test.id), eq(rotations.status, 'planned'), lt(rotations.slot, slot)));
    await tx
      .update(titleTests)
      .set({
        currentSlot: slot,
        ...(thumbnail ? { liveThumbnailSha256: thumbnail.servedSha256 } : {}),
        lastError: null,
        deferredUntil: null,
        statusReason: null,
        updatedAt: now,
        ...(locked.status === 'scheduled' ? { status: 'active' as const } : {}),
      })
      .where(and(eq(titleTests.id, test.id), inArray(titleTests.status, ['scheduled', 'active', 'paused'])));
    // The test's first title went live: the test has started.
    if (!record.rotations.some((entry) => entry.status === 'applied')) {
      const position = record.variants.findIndex((variant) => variant.id === rotation.variantId);
      // A first views test reads the video before its first switch (a lead-in of a day or more).
      const firstWindow = record.rotations.find((entry) => entry.kind === 'window');
      const reading =
        rotation.kind === 'lead-in' &&
        firstWindow !== undefined &&
        firstWindow.plannedStart.getTime() - now.getTime() > test.rotationIntervalMinutes * 60_000;
      await notifyTestStarted(ctx, tx, locked, {
        title: desired,
        titleNumber: position + 1,
        titleCount: record.variants.length,
        firstSwitchAt: reading ? firstWindow.plannedStart : null,
      });
    }
    // A held test's figures wait for its first reader (held-tests.ts): nobody reads them meanwhile.
    if (!ctx.holding) await refreshTestFigures(tx, { testIds: [test.id] }, now);
    await ctx.hooks?.beforeCommit?.(test.id, slot);
    if (locked.status === 'active' || locked.status === 'scheduled') {
      const wake = next ? next.plannedStart : test.endDate;
      const look = locked.nextLookAt ?? nextLookAfter(record, now);
      await scheduleAdvance(withTx(ctx, tx), test.id, look && look < wake ? look : wake);
    }
    return 'rotated' as const;
  });
  // A tool's own clock (a held test: the demo's rehearsal) is not the deployment's lateness.
  if (outcome === 'rotated' && !ctx.holding)
    ctx.metrics.slotLateness.observe((now.getTime() - rotation.plannedStart.getTime()) / 1000);
  return outcome;
}

/** Someone else changed what the test rotates: their edit wins, and the test stops rotating. */
async function pauseForOutsideEdit(
  ctx: EngineContext,
  record: TestRecord,
  reason: string,
  viewCount: number,
): Promise<void> {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await setTestFields(tx, record.test.id, { status: 'paused', statusReason: reason, updatedAt: at });
    await endLiveWindows(tx, [record.test.id], at, viewCount);
    await notifyTestPaused(ctx, tx, record.test, reason, at);
  });
}
