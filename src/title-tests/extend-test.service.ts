import { storedForecastOf } from './records/stored-forecast';
import { and, asc, eq } from 'drizzle-orm';
import { rotations, titleTests, titleVariants } from '../../db/schema';
import { recordAudit, testAuditState } from '../audit';
import type { UserRow } from '../../db/schema/users';
import { admitExtension, assertShapeCanFit, extensionCapacity } from '../capacity';
import type { Tx } from '../db/database';
import { badRequest, conflict } from '../errors/app-error';
import { withTx, type ServiceContext } from '../context/service-context';
import type { EngineContext } from './engine/engine-context';
import {
  EXTEND_STATE_MESSAGES,
  extendStateProblem,
  extensionBounds,
  extensionEndProblem,
} from '../shared/test-extension';
import { MAX_TEST_DAYS, MIN_FORECAST_DAYS } from '../shared/title-test-rules';
import { scheduleAdvance } from './engine/title-tests.jobs';
import { findOwnTest } from './create-test.service';
import { finalFiguresStatus } from './figures/final-figures-status';
import { forecastTest } from './forecast.service';
import { extensionStart } from './records/schedule-segments';
import { storeScheduleSegment } from './engine/schedule-rows';
import { refreshTestFigures } from './figures/stored-figures';
import type { TitleTestRow } from './records/title-test-records';
import type { ExtendTestInput, ExtensionForecast } from './records/title-tests.schemas';
import { computeVerdictInputs } from './figures/verdict-inputs';

// Extending a test (docs/decisions/0024-extending-a-test.md): a running test, or one waiting for its
// final figures, runs on to a later end. Slots that ran never change: a new segment of the schedule
// is drawn for the added time and stored after the old one.

const DAY_MS = 86_400_000;

/** A test waiting for its final figures with the original title back: extending reopens it. */
function reopens(test: TitleTestRow): boolean {
  return test.status === 'completed' && test.finalFiguresDueAt !== null;
}

/** Why this test cannot be extended now, whatever the end, or null (a 409 when thrown). */
function stateProblem(test: TitleTestRow, now: Date): string | null {
  if (test.deletionRequestedAt) return EXTEND_STATE_MESSAGES.deleted;
  const waiting = finalFiguresStatus(test);
  // Completed, but the end-of-test job has not put the original title back yet.
  if (test.status === 'completed' && waiting.awaiting && !reopens(test)) return EXTEND_STATE_MESSAGES.ending;
  // Its end has come: the test's job is completing it now.
  if ((test.status === 'active' || test.status === 'paused') && now >= test.endDate)
    return EXTEND_STATE_MESSAGES.ending;
  return extendStateProblem({ status: test.status, awaitingFinalFigures: waiting.awaiting });
}

const shapeOf = (test: TitleTestRow) => ({
  rotationIntervalMinutes: test.rotationIntervalMinutes,
  winnerMetric: test.winnerMetric,
  kind: test.kind,
});

/**
 * Extends the user's own test to `input.endDate` (another user's test is "not found"): validates
 * the state, the date and YouTube capacity, then in one transaction draws and stores the new
 * segment, moves the end, and for a test waiting for its final figures puts it back to running.
 * Bad input or a refusal changes nothing. The audit log records who did it.
 */
export async function extendTest(
  ctx: EngineContext,
  user: UserRow,
  input: ExtendTestInput,
  // Required: the audit log records who acted (the owner, or their team's editor), never a default.
  actor: Pick<UserRow, 'id'>,
): Promise<void> {
  const newEnd = new Date(input.endDate);
  const seen = await findOwnTest(ctx, user, input.id);
  // Refused early, before any lock is taken; checked again on the locked row below.
  const early = stateProblem(seen, ctx.clock.now());
  if (early) throw conflict(early);
  const badEnd = extensionEndProblem(seen, newEnd, ctx.clock.now());
  if (badEnd) throw badRequest(badEnd);
  // A demo account's tests run on the simulator's quota of its own copy, never the deployment's.
  if (!user.isDemo)
    assertShapeCanFit(ctx.config, user, shapeOf(seen), newEnd.getTime() - seen.startDate.getTime());

  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The test's own writers (a rotation, the end-of-test job) take the same lock: no slot is
    // applied, and the test does not end, while its schedule grows.
    const [test] = await tx.select().from(titleTests).where(eq(titleTests.id, seen.id)).for('no key update');
    if (!test || test.status !== seen.status || test.endDate.getTime() !== seen.endDate.getTime())
      throw conflict('The test changed while you were acting on it. Refresh and try again.');
    const problem = stateProblem(test, now);
    if (problem) throw conflict(problem);
    const endProblem = extensionEndProblem(test, newEnd, now);
    if (endProblem) throw badRequest(endProblem);
    if (!user.isDemo)
      await admitExtension(withTx(ctx, tx), user, {
        id: test.id,
        shape: shapeOf(test),
        startDate: test.startDate,
        newEnd,
      });
    const firstSlot = await appendSegment(tx, test, newEnd, now);
    await reopenOrMoveEnd(tx, test, newEnd, now);
    // An active test's chain of wake-ups already reaches the segment's start; a reopened one
    // starts its segment now. A paused test waits for Resume.
    if (test.status !== 'paused') await scheduleAdvance(withTx(ctx, tx), test.id, firstSlot);
    await refreshTestFigures(tx, { testIds: [test.id] }, now);
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: 'test.extend',
      targetType: 'test',
      targetId: test.id,
      before: { ...testAuditState(test), endDate: test.endDate.toISOString() },
      after: {
        ...testAuditState(test),
        status: reopens(test) ? 'active' : test.status,
        endDate: newEnd.toISOString(),
      },
      at: now,
    });
  });
}

/**
 * Draws the new segment (seed `${scheduleSeed}/extension-${n}`) from where extensionStart places it
 * to the new end, numbered after the stored slots and blocks, and supersedes a tail that had not
 * started. Returns when its first slot starts.
 */
async function appendSegment(tx: Tx, test: TitleTestRow, newEnd: Date, now: Date): Promise<Date> {
  const [schedule, variants] = await Promise.all([
    tx
      .select({
        slot: rotations.slot,
        kind: rotations.kind,
        status: rotations.status,
        plannedStart: rotations.plannedStart,
        block: rotations.block,
        segment: rotations.segment,
      })
      .from(rotations)
      .where(eq(rotations.testId, test.id))
      .orderBy(asc(rotations.slot)),
    tx
      .select({ id: titleVariants.id })
      .from(titleVariants)
      .where(eq(titleVariants.testId, test.id))
      .orderBy(asc(titleVariants.position)),
  ]);
  const placement = extensionStart(schedule, test.endDate, now, reopens(test));
  if (placement.supersedes !== null) {
    const [superseded] = await tx
      .update(rotations)
      .set({ status: 'skipped' })
      .where(
        and(
          eq(rotations.testId, test.id),
          eq(rotations.slot, placement.supersedes),
          eq(rotations.status, 'planned'),
        ),
      )
      .returning({ id: rotations.id });
    if (!superseded) throw conflict('The test changed while you were acting on it. Refresh and try again.');
  }
  const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), -1);
  const slots = await storeScheduleSegment(
    tx,
    test,
    variants.map((variant) => variant.id),
    test.rotationIntervalMinutes,
    {
      segment: max(schedule.map((slot) => slot.segment)) + 1,
      start: placement.start,
      end: newEnd,
      firstSlot: max(schedule.map((slot) => slot.slot)) + 1,
      firstBlock: max(schedule.map((slot) => slot.block ?? -1)) + 1,
    },
  );
  return slots[0]!.startsAt;
}

/**
 * The new end. A test waiting for its final figures runs again: its provisional verdict and the
 * wait are dropped, and the engine knows the original title is live (current slot none), so the
 * first slot of the new segment puts its title on through the usual read-modify-write.
 */
async function reopenOrMoveEnd(tx: Tx, test: TitleTestRow, newEnd: Date, now: Date): Promise<void> {
  const reopened = reopens(test);
  const [updated] = await tx
    .update(titleTests)
    .set({
      endDate: newEnd,
      updatedAt: now,
      ...(reopened
        ? {
            status: 'active' as const,
            statusReason: null,
            verdict: null,
            appliedTitle: null,
            endedAt: null,
            finalFiguresDueAt: null,
            currentSlot: null,
            deferredUntil: null,
            lastError: null,
          }
        : {}),
    })
    .where(and(eq(titleTests.id, test.id), eq(titleTests.status, test.status)))
    .returning({ id: titleTests.id });
  if (!updated) throw conflict('The test changed while you were acting on it. Refresh and try again.');
}

/** Views per day the test's own measured windows show, or null before any. */
function observedViewsPerDay(windows: { views: number; measuredHours: number }[]): number | null {
  const hours = windows.reduce((sum, window) => sum + window.measuredHours, 0);
  if (hours <= 0) return null;
  return (windows.reduce((sum, window) => sum + window.views, 0) / hours) * 24;
}

const planDays = (ms: number) => Math.min(MAX_TEST_DAYS, Math.max(MIN_FORECAST_DAYS, ms / DAY_MS));

/**
 * Before the creator confirms (the Extend dialog): the plan re-run for the test's length with the
 * new end (what it would detect, from the channel's and the video's own traffic), what it detects
 * as it stands, and why the extension would be refused, if it would (state, date, capacity).
 */
export async function previewExtension(
  ctx: ServiceContext,
  user: UserRow,
  input: ExtendTestInput,
): Promise<ExtensionForecast> {
  const test = await findOwnTest(ctx, user, input.id);
  const now = ctx.clock.now();
  const newEnd = new Date(input.endDate);
  const bounds = extensionBounds(test, now);
  const reopened = reopens(test);
  const problem =
    stateProblem(test, now) ??
    extensionEndProblem(test, newEnd, now) ??
    (user.isDemo
      ? null
      : await extensionCapacity(ctx, user, {
          id: test.id,
          shape: shapeOf(test),
          startDate: test.startDate,
          newEnd,
        }));
  const [titleCount, windows] = await Promise.all([
    ctx.db
      .select({ id: titleVariants.id })
      .from(titleVariants)
      .where(eq(titleVariants.testId, test.id))
      .then((rows) => rows.length),
    computeVerdictInputs(ctx, test.id),
  ]);
  // The video's own views as the test measured them; before any window is measured, the views a
  // day the test was planned for at creation (never the typical channel's: issue 36, item 4).
  const viewsPerDay = observedViewsPerDay(windows) ?? storedForecastOf(test.forecast)?.viewsPerDay ?? null;
  const planFor = (durationMs: number) =>
    forecastTest(
      ctx,
      user,
      {
        titleCount,
        rotationIntervalMinutes: test.rotationIntervalMinutes,
        winnerMetric: test.winnerMetric,
        durationDays: planDays(durationMs),
        startDate: test.startDate.toISOString(),
        kind: test.kind,
        ...(viewsPerDay === null ? {} : { viewsPerDay }),
      },
      { existing: test },
    );
  const currentMs = test.endDate.getTime() - test.startDate.getTime();
  // A reopened test adds the time from now on: the days it waited are not tested.
  const addedMs = newEnd.getTime() - Math.max(now.getTime(), test.endDate.getTime());
  const plannable = Number.isFinite(newEnd.getTime()) && addedMs > 0;
  const [plan, current] = await Promise.all([
    plannable ? planFor(currentMs + addedMs) : null,
    planFor(currentMs),
  ]);
  return {
    endDate: (Number.isFinite(newEnd.getTime()) ? newEnd : test.endDate).toISOString(),
    currentEndDate: test.endDate.toISOString(),
    earliestEndDate: bounds.earliest.toISOString(),
    latestEndDate: bounds.latest.toISOString(),
    reopens: reopened,
    problem,
    plan,
    currentMinimumDetectableLiftPercent: current.minimumDetectableLiftPercent,
  };
}
