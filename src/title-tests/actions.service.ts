import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordAudit, testAuditState } from '../audit';
import { rotations, titleTests } from '../../db/schema';
import { admissionJob, scheduleAdvance } from './engine/title-tests.jobs';
import type { UserRow } from '../../db/schema/users';
import type { Tx } from '../db/database';
import { conflict } from '../errors/app-error';
import { withTx } from '../context/service-context';
import type { EngineContext } from './engine/engine-context';
import { refreshTestFigures } from './figures/stored-figures';
import { findOwnTest } from './create-test.service';
import { nextStatus } from './records/state-machine';
import { endLiveWindows, type TitleTestRow } from './records/title-test-records';
import type { TestAction } from './records/title-tests.schemas';

/**
 * Pause, resume, complete or cancel (docs/product.md#test-states) the user's own test; another
 * user's is "not found". The audit log records who did it (the owner, or their team's editor).
 */
export async function performTestAction(
  ctx: EngineContext,
  user: UserRow,
  testId: string,
  action: TestAction,
  // Required: the audit log records who acted (the owner, or their team's editor), never a default.
  actor: Pick<UserRow, 'id'>,
): Promise<void> {
  const test = await findOwnTest(ctx, user, testId);
  await applyTestAction(ctx, test, action, (tx) =>
    recordAudit(tx, {
      actorUserId: actor.id,
      action: `test.${action}`,
      targetType: 'test',
      targetId: test.id,
      before: testAuditState(test),
      after: { ...testAuditState(test), status: nextStatus(test.status, action) },
      at: ctx.clock.now(),
    }),
  );
}

/**
 * The transition itself, for whoever may act on the test (its owner, an admin). The status changes
 * at once; title changes happen in the test's job (never concurrently with a rotation): resume
 * applies the slot due now, complete applies the winner, cancel restores the original title.
 * `within` runs in the same transaction (an admin's audit row, a deletion request).
 */
export async function applyTestAction(
  ctx: EngineContext,
  test: TitleTestRow,
  action: TestAction,
  within?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const testId = test.id;
  const to = nextStatus(test.status, action);
  const now = ctx.clock.now();
  const schedule = await ctx.db
    .select({
      slot: rotations.slot,
      plannedStart: rotations.plannedStart,
      plannedEnd: rotations.plannedEnd,
      status: rotations.status,
    })
    .from(rotations)
    .where(eq(rotations.testId, testId))
    // By slot: an extension's segment follows a superseded tail with the same planned start.
    .orderBy(asc(rotations.slot));
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(titleTests)
      .set({
        status: to,
        updatedAt: now,
        statusReason: null,
        ...(to === 'completed' || to === 'cancelled' ? { endedAt: now } : {}),
        // A queued test never changed the title: it ends here, with nothing to put back.
        ...(test.status === 'queued' ? { appliedTitle: test.originalTitle, expectedStartAt: null } : {}),
      })
      .where(and(eq(titleTests.id, testId), eq(titleTests.status, test.status)))
      .returning();
    if (!updated) throw conflict('The test changed while you were acting on it. Refresh and try again.');
    await within?.(tx);
    if (test.status === 'queued') {
      // The tests waiting behind it in its plan's line may fit now.
      await admissionJob.send({ ...ctx, db: tx }, {});
      await refreshTestFigures(tx, { testIds: [testId] }, now);
      return;
    }
    if (action === 'pause') {
      // The live window ends here; figures while paused do not count for any title.
      await endLiveWindows(tx, [testId], now);
      return;
    }
    if (action === 'resume') {
      // Resume continues the schedule from now: windows that passed while paused are skipped.
      const passed = schedule
        .filter((slot) => slot.status === 'planned' && slot.plannedEnd <= now)
        .map((slot) => slot.slot);
      if (passed.length > 0) {
        await tx
          .update(rotations)
          .set({ status: 'skipped' })
          .where(and(eq(rotations.testId, testId), inArray(rotations.slot, passed)));
      }
      // Whatever thumbnail is served now is taken over: the next switch replaces it (thumbnail-switch.ts).
      await tx.update(titleTests).set({ liveThumbnailSha256: null }).where(eq(titleTests.id, testId));
      const due = schedule.filter((slot) => slot.plannedStart <= now).at(-1);
      const next = schedule.find((slot) => slot.plannedStart > now);
      const wakeAt = due && due.status !== 'applied' ? now : (next?.plannedStart ?? test.endDate);
      await scheduleAdvance(withTx(ctx, tx), testId, wakeAt);
    } else {
      await scheduleAdvance(withTx(ctx, tx), testId, now);
      // Its units are free again: a queued test may start.
      await admissionJob.send({ ...ctx, db: tx }, {});
    }
    // The card and panel show the new state as soon as it commits (stored-figures.ts).
    await refreshTestFigures(tx, { testIds: [testId] }, now);
  });
}
