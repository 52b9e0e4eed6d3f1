import { and, asc, eq, gt } from 'drizzle-orm';
import { rotations } from '../../db/schema';
import { scheduleAdvance } from './engine/title-tests.jobs';
import type { UserRow } from '../auth/session.service';
import { conflict } from '../errors/app-error';
import { findOwnTest } from './create-test.service';
import { withTx, type ServiceContext } from '../platform/service-context';
import { collectTestMetrics } from './engine/metrics-collection';

const WAIT_MS = 15_000;

/**
 * Founder tool: brings the next slot of the schedule forward to now and lets the test's job apply
 * it (so it never races a rotation), then waits briefly for it to land.
 */
export async function simulateRotation(ctx: ServiceContext, user: UserRow, testId: string): Promise<string> {
  const test = await findOwnTest(ctx, user, testId);
  if (test.status !== 'active')
    throw conflict(`Cannot simulate a rotation on a test that is ${test.status}.`);
  const now = ctx.clock.now();
  const [next] = await ctx.db
    .select()
    .from(rotations)
    .where(
      and(
        eq(rotations.testId, testId),
        eq(rotations.status, 'planned'),
        gt(rotations.slot, test.currentSlot ?? -1),
      ),
    )
    .orderBy(asc(rotations.slot))
    .limit(1);
  if (!next) throw conflict('The schedule has no rotation left to apply.');
  await ctx.db.transaction(async (tx) => {
    await tx.update(rotations).set({ plannedStart: now }).where(eq(rotations.id, next.id));
    await scheduleAdvance(withTx(ctx, tx), testId, now);
  });
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    const [row] = await ctx.db
      .select({ status: rotations.status })
      .from(rotations)
      .where(eq(rotations.id, next.id));
    if (row?.status !== 'planned') return `Rotation ${next.slot + 1} applied.`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return `Rotation ${next.slot + 1} is queued and will apply shortly.`;
}

/** Founder tool: samples view counts and pulls YouTube's daily figures for the test's video now. */
export async function forceAnalytics(ctx: ServiceContext, user: UserRow, testId: string): Promise<string> {
  const test = await findOwnTest(ctx, user, testId);
  const collected = await collectTestMetrics(ctx, test.id);
  return `Collected ${collected.samples} view samples and ${collected.dailyRows} daily rows.`;
}
