import { and, asc, eq } from 'drizzle-orm';
import { titleTests, titleVariants } from '../../../db/schema';
import { placeQueue, type Placement, lockAdmission, loadCapacityState } from '../../capacity';
import type { Tx } from '../../db/database';
import { withTx } from '../../context/service-context';
import type { EngineContext } from './engine-context';
import { scheduleAdvance } from './title-tests.jobs';
import { storeSchedule } from './schedule-rows';
import { refreshTestFigures } from '../figures/stored-figures';

// Tests waiting for YouTube capacity (status 'queued', docs/capacity.md): the admission pass starts
// them when capacity frees, in arrival order within their plan's share.

/**
 * The admission pass (job capacity.admit, every 10 minutes and whenever a test ends): starts every
 * queued test that now fits, in arrival order within its plan, and stores the expected start of
 * each one still waiting. Returns the ids started.
 */
export async function admitQueuedTests(ctx: EngineContext): Promise<string[]> {
  // Most passes find nobody waiting: say so without taking the lock or reading the state.
  const [anyQueued] = await ctx.db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(eq(titleTests.status, 'queued'))
    .limit(1);
  if (!anyQueued) return [];
  return ctx.db.transaction(async (tx) => {
    await lockAdmission(tx);
    const state = await loadCapacityState({ ...ctx, db: tx });
    if (state.queued.length === 0) return [];
    const placements = placeQueue(state);
    const started: string[] = [];
    for (const placement of placements) {
      if (placement.start) {
        if (await startQueuedTest(ctx, tx, placement.id)) started.push(placement.id);
      } else await storeExpectedStart(tx, placement);
    }
    return started;
  });
}

async function storeExpectedStart(tx: Tx, placement: Extract<Placement, { start: false }>): Promise<void> {
  await tx
    .update(titleTests)
    .set({ expectedStartAt: placement.expectedStartAt })
    .where(and(eq(titleTests.id, placement.id), eq(titleTests.status, 'queued')));
}

/**
 * Starts a queued test now: it keeps the length the creator asked for, its schedule is drawn from
 * its seed from now on, and its first rotation is enqueued with the change of state.
 */
async function startQueuedTest(ctx: EngineContext, tx: Tx, testId: string): Promise<boolean> {
  const now = ctx.clock.now();
  const [test] = await tx.select().from(titleTests).where(eq(titleTests.id, testId)).for('no key update');
  if (!test || test.status !== 'queued') return false;
  const end = new Date(now.getTime() + (test.endDate.getTime() - test.startDate.getTime()));
  const variants = await tx
    .select({ id: titleVariants.id })
    .from(titleVariants)
    .where(eq(titleVariants.testId, testId))
    .orderBy(asc(titleVariants.position));
  await tx
    .update(titleTests)
    .set({ status: 'active', startDate: now, endDate: end, expectedStartAt: null, updatedAt: now })
    .where(eq(titleTests.id, testId));
  await storeSchedule(
    tx,
    test,
    variants.map((variant) => variant.id),
    test.rotationIntervalMinutes,
    now,
    end,
  );
  await scheduleAdvance(withTx(ctx, tx), testId, now);
  await refreshTestFigures(tx, { testIds: [testId] }, now);
  return true;
}
