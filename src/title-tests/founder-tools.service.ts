import { and, asc, eq, gt } from 'drizzle-orm';
import { rotations } from '../../db/schema';
import { scheduleAdvance } from './engine/title-tests.jobs';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../errors/app-error';
import { findOwnTest } from './create-test.service';
import { withTx, type ServiceContext } from '../context/service-context';
import type { EngineContext } from './engine/engine-context';
import { collectTestMetrics } from './engine/metrics-collection';

const WAIT_MS = 15_000;

/**
 * Founder tool: brings the schedule's next window forward to now and lets the test's job apply it
 * (so it never races a rotation), then waits briefly for it to land. A lead-in still planned before
 * it (the original title until the first window, which the test's job applies at its start) is
 * applied first the same way: a simulated rotation always reaches a window.
 */
export async function simulateRotation(ctx: EngineContext, user: UserRow, testId: string): Promise<string> {
  const test = await findOwnTest(ctx, user, testId);
  if (test.status !== 'active')
    throw conflict(`Cannot simulate a rotation on a test that is ${test.status}.`);
  const deadline = Date.now() + WAIT_MS;
  let after = test.currentSlot ?? -1;
  for (;;) {
    const [next] = await ctx.db
      .select()
      .from(rotations)
      .where(and(eq(rotations.testId, testId), eq(rotations.status, 'planned'), gt(rotations.slot, after)))
      .orderBy(asc(rotations.slot))
      .limit(1);
    if (!next) throw conflict('The schedule has no rotation left to apply.');
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx.update(rotations).set({ plannedStart: now }).where(eq(rotations.id, next.id));
      await scheduleAdvance(withTx(ctx, tx), testId, now);
    });
    if (!(await landed(ctx, next.id, deadline)))
      return `Rotation ${next.slot + 1} is queued and will apply shortly.`;
    if (next.kind === 'window') return `Rotation ${next.slot + 1} applied.`;
    after = next.slot;
  }
}

/** Whether the slot left 'planned' (applied, or skipped by the engine) before the deadline. */
async function landed(ctx: ServiceContext, rotationId: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const [row] = await ctx.db
      .select({ status: rotations.status })
      .from(rotations)
      .where(eq(rotations.id, rotationId));
    if (row?.status !== 'planned') return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** Founder tool: samples view counts and pulls YouTube's daily figures for the test's video now. */
export async function forceAnalytics(ctx: EngineContext, user: UserRow, testId: string): Promise<string> {
  const test = await findOwnTest(ctx, user, testId);
  const collected = await collectTestMetrics(ctx, test.id);
  return `Collected ${collected.samples} view samples and ${collected.dailyRows} daily rows.`;
}
