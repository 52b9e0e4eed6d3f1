import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { channelConnections, demoCopies, titleTests, users } from '../../db/schema';
import { scheduleAdvance } from '../title-tests/advance-queue';
import type { ServiceContext } from '../service-context';
import { AppError } from '../errors/app-error';
import { eraseChannelConnection } from '../privacy/channel-data';
import { createRehearsal, rehearseScenario } from './demo-rehearsal';
import { SCENARIO_SPAN_MS } from './demo-scenario';
import type { SimulatorControl } from './simulator-control';

// A demo copy's life (table demo_copies; times here are real time, not the simulated clock):
// preparing → ready → claimed by one visitor → removed by the cleanup job a day later.

export type DemoCopy = typeof demoCopies.$inferSelect;

/** A preparation that has not reported progress for this long was abandoned (its process stopped). */
export const STALLED_PREPARATION_MS = 2 * 60_000;
/**
 * A ready copy older than this is not handed out (its running test would have moved on without
 * the visitor): the cleanup removes it and the pool prepares a fresh one.
 */
export const READY_SHELF_LIFE_MS = 6 * 3_600_000;
/** A visitor keeps their copy this long after claiming it. */
export const DEMO_COPY_LIFETIME_MS = 24 * 3_600_000;
/** How long a demo sign-in waits for a copy another process is preparing. */
const CLAIM_WAIT_MS = 3 * 60_000;
const PROGRESS_STEP = 0.02;
/** A copy this close behind the deployment's clock has caught up. */
const CAUGHT_UP_MS = 60_000;

/**
 * Prepares one demo copy: a fresh simulated Google account living SCENARIO_SPAN_MS in the past,
 * its history run up to the deployment's now, then 'ready' (its tests still held).
 */
export async function prepareDemoCopy(app: ServiceContext, control: SimulatorControl): Promise<DemoCopy> {
  const arrival = app.clock.now();
  const start = new Date(arrival.getTime() - SCENARIO_SPAN_MS);
  const account = await control.createDemoAccount(start);
  const [copy] = await app.db
    .insert(demoCopies)
    .values({ simAccountId: account.id, status: 'preparing', rehearsedUntil: start })
    .returning();
  try {
    const rehearsal = createRehearsal(app, control, copy!, start);
    let reported = 0;
    const user = await rehearseScenario(rehearsal, control, account.id, arrival, async (share) => {
      if (share - reported < PROGRESS_STEP) return;
      reported = share;
      await app.db
        .update(demoCopies)
        .set({ progress: share, updatedAt: new Date() })
        .where(eq(demoCopies.id, copy!.id));
    });
    const [ready] = await app.db
      .update(demoCopies)
      .set({
        status: 'ready',
        progress: 1,
        userId: user.id,
        rehearsedUntil: rehearsal.clock.now(),
        updatedAt: new Date(),
      })
      .where(eq(demoCopies.id, copy!.id))
      .returning();
    return ready!;
  } catch (error) {
    await app.db
      .update(demoCopies)
      .set({ status: 'failed', error: String(error), updatedAt: new Date() })
      .where(eq(demoCopies.id, copy!.id));
    throw error;
  }
}

async function takeReadyCopy(app: ServiceContext): Promise<DemoCopy | null> {
  const [claimed] = await app.db
    .update(demoCopies)
    .set({ status: 'claimed', claimedAt: new Date(), updatedAt: new Date() })
    .where(
      eq(
        demoCopies.id,
        sql`(select id from ${demoCopies} where status = 'ready' and updated_at > now() - make_interval(secs => ${READY_SHELF_LIFE_MS / 1000}) order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return claimed ?? null;
}

async function preparationUnderWay(app: ServiceContext): Promise<boolean> {
  const [row] = await app.db
    .select({ id: demoCopies.id })
    .from(demoCopies)
    .where(
      and(
        eq(demoCopies.status, 'preparing'),
        sql`${demoCopies.updatedAt} > now() - make_interval(secs => ${STALLED_PREPARATION_MS / 1000})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Hands a claimed copy to its visitor: its clock catches up with the deployment's (running what
 * fell due since it was prepared), its Google account rejoins the deployment's clock, and its
 * tests are released to the workers.
 */
async function handOver(app: ServiceContext, control: SimulatorControl, copy: DemoCopy): Promise<void> {
  const rehearsal = createRehearsal(app, control, copy, copy.rehearsedUntil ?? app.clock.now());
  // The deployment's clock may move meanwhile (someone's fast-forward): catch up until level
  // (both clocks then run on together, the copy's a few milliseconds behind).
  do await rehearsal.runUntil(app.clock.now());
  while (app.clock.now().getTime() - rehearsal.clock.now().getTime() > CAUGHT_UP_MS);
  await control.setAccountClock(copy.simAccountId, null);
  const released = await app.db
    .update(titleTests)
    .set({ heldBy: null })
    .where(eq(titleTests.heldBy, rehearsal.engine.holding!))
    .returning({ id: titleTests.id, status: titleTests.status });
  // The workers take over: each test's next wake-up, on the deployment's clock.
  for (const test of released)
    if (test.status !== 'completed' && test.status !== 'cancelled')
      await scheduleAdvance(app, test.id, app.clock.now());
}

/**
 * A copy of the demo channel for one visitor: a ready one when there is one, else the one being
 * prepared when it is ready, else one prepared now. Returns the copy's Google account id.
 */
export async function claimDemoCopy(
  app: ServiceContext,
  control: SimulatorControl,
  refill: () => Promise<void>,
): Promise<string> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    let copy = await takeReadyCopy(app);
    if (!copy && !(await preparationUnderWay(app))) {
      const prepared = await prepareDemoCopy(app, control).catch((error: unknown) => {
        throw new AppError(
          'UPSTREAM_UNAVAILABLE',
          'The demo channel could not be prepared. Try again in a minute.',
          {
            cause: error,
          },
        );
      });
      copy = (await takeReadyCopy(app)) ?? null;
      if (!copy)
        throw new AppError(
          'UPSTREAM_UNAVAILABLE',
          `Another visitor took the demo channel just prepared (${prepared.id}). Try again.`,
        );
    }
    if (copy) {
      await refill();
      try {
        await handOver(app, control, copy);
      } catch (error) {
        // The cleanup job removes it; the visitor's next try gets another copy.
        await app.db
          .update(demoCopies)
          .set({ status: 'failed', error: String(error), updatedAt: new Date() })
          .where(eq(demoCopies.id, copy.id));
        throw new AppError('UPSTREAM_UNAVAILABLE', 'The demo channel could not be opened. Try again.', {
          cause: error,
        });
      }
      return copy.simAccountId;
    }
    if (Date.now() > deadline)
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        'The demo channel is still being prepared. Try again in a minute.',
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether fewer copies are ready (or on their way) than the pool should hold. */
export async function poolNeedsCopy(app: ServiceContext, poolSize: number): Promise<boolean> {
  const [row] = await app.db
    .select({ count: sql<number>`count(*)::int` })
    .from(demoCopies)
    .where(
      or(
        and(
          eq(demoCopies.status, 'ready'),
          gt(demoCopies.updatedAt, new Date(Date.now() - READY_SHELF_LIFE_MS)),
        ),
        and(
          eq(demoCopies.status, 'preparing'),
          sql`${demoCopies.updatedAt} > now() - make_interval(secs => ${STALLED_PREPARATION_MS / 1000})`,
        ),
      ),
    );
  return (row?.count ?? 0) < poolSize;
}

/**
 * Removes demo copies whose day is over (claimed more than `lifetimeMs` ago), failed ones, ready
 * ones past their shelf life and abandoned preparations: the visitor's user with everything they own, the video measurements,
 * and the Google account in the simulator. Returns how many were removed.
 */
export async function removeOldDemoCopies(
  app: ServiceContext,
  control: SimulatorControl,
  lifetimeMs = DEMO_COPY_LIFETIME_MS,
): Promise<number> {
  const old = await app.db
    .select()
    .from(demoCopies)
    .where(
      or(
        and(eq(demoCopies.status, 'claimed'), lt(demoCopies.claimedAt, new Date(Date.now() - lifetimeMs))),
        eq(demoCopies.status, 'failed'),
        and(
          eq(demoCopies.status, 'ready'),
          lt(demoCopies.updatedAt, new Date(Date.now() - READY_SHELF_LIFE_MS)),
        ),
        and(
          eq(demoCopies.status, 'preparing'),
          lt(demoCopies.updatedAt, new Date(Date.now() - STALLED_PREPARATION_MS)),
        ),
      ),
    );
  for (const copy of old) {
    await control.deleteDemoAccount(copy.simAccountId).catch((error: unknown) => {
      app.log.warn({ err: error, demoCopy: copy.id }, 'The simulator did not remove a demo account');
    });
    await app.db.transaction(async (tx) => {
      if (copy.userId) {
        // Its channel's tests and measurements (every video's, as for any erased channel), then the user.
        const connections = await tx
          .select({ id: channelConnections.id })
          .from(channelConnections)
          .where(eq(channelConnections.userId, copy.userId));
        for (const connection of connections) await eraseChannelConnection(tx, connection.id);
        await tx.delete(users).where(eq(users.id, copy.userId));
      }
      await tx.delete(demoCopies).where(eq(demoCopies.id, copy.id));
    });
  }
  return old.length;
}
