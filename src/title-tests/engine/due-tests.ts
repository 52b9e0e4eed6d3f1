import { and, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { heldBy } from '../records/held-tests';
import { rotations, titleTests } from '../../../db/schema';
import type { EngineContext } from './engine-context';
import { scheduleAdvance } from './title-tests.jobs';

/** A rotation that failed this often waits for a person (the card shows the error). */
export const MAX_ROTATION_ATTEMPTS = 8;
export const TICK_GRACE_MS = 2 * 60_000;

/**
 * The safety net under the chain of wake-ups: every minute, finds tests with work due by the
 * product clock (a slot whose start has passed, a daily look due, an end date reached, an ended test whose final
 * title is not applied yet, a verdict whose wait for YouTube's final figures is over, an admin's
 * deletion not carried out yet) and enqueues them. Catches up
 * after downtime or a clock jump; duplicates are harmless because the advance handler is idempotent.
 */
export async function enqueueDueTests(
  ctx: EngineContext,
  options: { graceMs?: number } = {},
): Promise<string[]> {
  const due = await findDueTests(ctx, { graceMs: options.graceMs ?? TICK_GRACE_MS, holding: null });
  const now = ctx.clock.now();
  for (const id of due) await scheduleAdvance(ctx, id, now);
  return due;
}

/**
 * The tests with work due by `app.clock`, overdue by more than `graceMs`: the workers' (holding
 * null), or those a tool holds (src/title-tests/records/held-tests.ts). Every condition compares a
 * stored time with the clock, so a later instant finds at least the tests an earlier one does: the
 * fast-forward relies on it to skip idle sampling passes (simulation/fast-forward.ts).
 */
export async function findDueTests(
  ctx: EngineContext,
  options: { graceMs: number; holding: string | null },
): Promise<string[]> {
  const now = ctx.clock.now();
  // Work the chain of wake-ups will do on time is left to it: only what is overdue by more than
  // the grace is re-enqueued, so a backlog does not snowball into duplicate jobs every minute.
  const overdue = new Date(now.getTime() - options.graceMs);
  const dueRotation = ctx.db
    .select({ testId: rotations.testId })
    .from(rotations)
    .where(
      and(
        eq(rotations.testId, titleTests.id),
        eq(rotations.status, 'planned'),
        lte(rotations.plannedStart, overdue),
        lt(rotations.attempts, MAX_ROTATION_ATTEMPTS),
        sql`${rotations.slot} > coalesce(${titleTests.currentSlot}, -1)`,
      ),
    );
  const due = await ctx.db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(
      and(
        heldBy(options.holding),
        or(
          and(
            inArray(titleTests.status, ['scheduled', 'active']),
            or(isNull(titleTests.deferredUntil), lte(titleTests.deferredUntil, now)),
            sql`exists (${dueRotation})`,
          ),
          and(
            inArray(titleTests.status, ['scheduled', 'active', 'paused']),
            lte(titleTests.endDate, overdue),
          ),
          // A daily look due (test-looks.ts).
          and(eq(titleTests.status, 'active'), lte(titleTests.nextLookAt, overdue)),
          and(
            inArray(titleTests.status, ['completed', 'cancelled']),
            isNull(titleTests.appliedTitle),
            lte(titleTests.updatedAt, overdue),
            or(isNull(titleTests.deferredUntil), lte(titleTests.deferredUntil, now)),
          ),
          // Waiting for YouTube's final figures past the deadline: decide with what has arrived.
          and(eq(titleTests.status, 'completed'), lte(titleTests.finalFiguresDueAt, overdue)),
          // Deleted by an admin, final title already back: only the removal is left.
          and(
            inArray(titleTests.status, ['completed', 'cancelled']),
            isNotNull(titleTests.deletionRequestedAt),
            isNotNull(titleTests.appliedTitle),
          ),
        ),
      ),
    );
  return due.map((test) => test.id);
}
