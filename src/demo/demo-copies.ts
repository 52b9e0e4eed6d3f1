import { createHmac } from 'node:crypto';
import { and, count, desc, eq, gt, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import { channelConnections, demoCopies, titleTests, users } from '../../db/schema';
import { scheduleAdvance, type EngineContext } from '../title-tests';
import type { ServiceContext } from '../context/service-context';
import { AppError } from '../errors/app-error';
import { eraseChannelConnection } from '../privacy';
import { createRehearsal } from './demo-rehearsal';
import {
  cloneTemplate,
  markFailed,
  newestTemplate,
  preparationUnderWay,
  rehearseTemplate,
  STALLED_PREPARATION_MS,
  type DemoCopy,
} from './demo-templates';
import type { SimulatorControl } from './simulator-control';
import type { SignedIn } from '../auth';
import type { Config } from '../config';

// A visitor's demo copy (table demo_copies; times here are real time, not the simulated clock):
// cloned from the newest template (demo-templates.ts) and claimed by one visitor at once, handed
// over (caught up with the deployment's clock, its tests released to the workers), then removed by
// the cleanup job a day later.

export type { DemoCopy } from './demo-templates';

/** A visitor keeps their copy this long after claiming it. */
export const DEMO_COPY_LIFETIME_MS = 24 * 3_600_000;
/** A template replaced this long ago is removed: no clone of it can still be under way. */
const REPLACED_TEMPLATE_GRACE_MS = 5 * 60_000;
/** An uncloned ready copy (from before templates) is removed after this long. */
const READY_SHELF_LIFE_MS = 6 * 3_600_000;
/** How long a demo sign-in waits for the first template, being rehearsed by another process. */
const CLAIM_WAIT_MS = 3 * 60_000;
/** A copy this close behind the deployment's clock has caught up. */
const CAUGHT_UP_MS = 60_000;

/**
 * Hands a claimed copy to its visitor: its clock catches up with the deployment's (running what
 * fell due since the template's instant), its Google account rejoins the deployment's clock, and
 * its tests are released to the workers. Returns how many job runs failed on the way (logged).
 */
export async function handOver(
  ctx: EngineContext,
  control: SimulatorControl,
  copy: DemoCopy,
): Promise<number> {
  const rehearsal = createRehearsal(ctx, control, copy, copy.rehearsedUntil ?? ctx.clock.now());
  let failures = 0;
  // The deployment's clock may move meanwhile (someone's fast-forward): catch up until level
  // (both clocks then run on together, the copy's a few milliseconds behind).
  do failures += await rehearsal.runUntil(ctx.clock.now());
  while (ctx.clock.now().getTime() - rehearsal.clock.now().getTime() > CAUGHT_UP_MS);
  await control.setAccountClock(copy.simAccountId, null);
  const released = await ctx.db
    .update(titleTests)
    .set({ heldBy: null })
    .where(eq(titleTests.heldBy, rehearsal.engine.holding))
    .returning({ id: titleTests.id, status: titleTests.status });
  // The workers take over: each test's next wake-up, on the deployment's clock.
  for (const test of released)
    if (test.status !== 'completed' && test.status !== 'cancelled')
      await scheduleAdvance(ctx, test.id, ctx.clock.now());
  return failures;
}

/** The template to clone, waiting for (or rehearsing) the first one on a fresh deployment. */
async function templateToClone(ctx: ServiceContext, control: SimulatorControl): Promise<DemoCopy> {
  const deadline = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const template = await newestTemplate(ctx);
    if (template) return template;
    if (!(await preparationUnderWay(ctx))) {
      const rehearsed = await rehearseTemplate(ctx, control).catch((error: unknown) => {
        throw new AppError(
          'UPSTREAM_UNAVAILABLE',
          'The demo channel could not be prepared. Try again in a minute.',
          { cause: error },
        );
      });
      if (rehearsed) return rehearsed;
    }
    if (Date.now() > deadline)
      throw new AppError(
        'UPSTREAM_UNAVAILABLE',
        'The demo channel is still being prepared. Try again in a minute.',
      );
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Who claims a copy, kept as a keyed hash of their address (never the address itself). */
export const claimantOf = (config: Pick<Config, 'sessionSecret'>, address: string): string =>
  createHmac('sha256', config.sessionSecret).update(`demo-claimant:${address}`).digest('hex');

export const DEMO_FULL_MESSAGE =
  'The demo is full just now: many visitors are trying it. Try again in an hour, or sign in with Google.';

/** Copies a visitor holds: claimed within their lifetime (real time) and not yet removed. */
function liveCopies() {
  return and(
    eq(demoCopies.status, 'claimed'),
    gt(demoCopies.claimedAt, new Date(Date.now() - DEMO_COPY_LIFETIME_MS)),
    isNotNull(demoCopies.userId),
  );
}

/** How many demo copies are live now (the deployment's cap is `demoCopies.live`). */
export async function countLiveDemoCopies(ctx: Pick<ServiceContext, 'db'>): Promise<number> {
  const [all] = await ctx.db.select({ count: count() }).from(demoCopies).where(liveCopies());
  return Number(all?.count ?? 0);
}

/**
 * The live copy a visitor should get back instead of a new one, or null to claim one: the copy the
 * visitor is signed in to (`userId`), else, once their address holds as many live copies as it may
 * (`demoCopies.perAddress`), the newest of them. Refuses (503) a new copy once the deployment holds
 * `demoCopies.live`: each costs about 1.3 MB until the cleanup removes it a day after its claim.
 */
export async function liveCopyFor(
  ctx: ServiceContext,
  visitor: { claimant: string; userId: string | null },
): Promise<{ userId: string } | null> {
  const live = liveCopies();
  if (visitor.userId) {
    const [own] = await ctx.db
      .select({ userId: demoCopies.userId })
      .from(demoCopies)
      .where(and(live, eq(demoCopies.userId, visitor.userId)));
    if (own) return { userId: own.userId! };
  }
  const mine = await ctx.db
    .select({ userId: demoCopies.userId })
    .from(demoCopies)
    .where(and(live, eq(demoCopies.claimedBy, visitor.claimant)))
    .orderBy(desc(demoCopies.claimedAt));
  if (mine.length >= ctx.config.demoCopies.perAddress) return { userId: mine[0]!.userId! };
  if ((await countLiveDemoCopies(ctx)) >= ctx.config.demoCopies.live)
    throw new AppError('UPSTREAM_UNAVAILABLE', DEMO_FULL_MESSAGE);
  return null;
}

/**
 * A copy of the demo channel for one visitor (`claimant`, claimantOf): a clone of the newest
 * template, into which the visitor signs in through Google's flow (`signIn`, with the copy's
 * account on the deployment's clock), caught up with the deployment's clock. `maintain` is asked
 * to keep the template fresh for the next visitors. Returns the visitor's sign-in.
 */
export async function claimDemoCopy(
  ctx: EngineContext,
  control: SimulatorControl,
  signIn: (accountId: string) => Promise<SignedIn>,
  maintain: () => Promise<void>,
  claimant: string,
): Promise<SignedIn> {
  const template = await templateToClone(ctx, control);
  let signedIn: SignedIn | undefined;
  let copy: DemoCopy | undefined;
  try {
    copy = await cloneTemplate(ctx, control, template, 'claimed', async (_engine, accountId) => {
      await control.setAccountClock(accountId, null);
      signedIn = await signIn(accountId);
      return signedIn.user.id;
    });
    await ctx.db.update(demoCopies).set({ claimedBy: claimant }).where(eq(demoCopies.id, copy.id));
    await handOver(ctx, control, copy);
  } catch (error) {
    // A failed clone is marked failed by cloneTemplate, a failed hand-over here; the cleanup job
    // removes either (the session opened in it was never given to the visitor).
    if (copy) await markFailed(ctx, copy.id, error);
    throw new AppError('UPSTREAM_UNAVAILABLE', 'The demo channel could not be opened. Try again.', {
      cause: error,
    });
  }
  await maintain();
  return signedIn!;
}

/**
 * Removes demo copies whose day is over (claimed more than `lifetimeMs` ago), failed ones,
 * templates replaced a while ago and abandoned preparations: the visitor's user with everything
 * they own, the video measurements, and the Google account in the simulator. Returns how many
 * were removed.
 */
export async function removeOldDemoCopies(
  ctx: ServiceContext,
  control: SimulatorControl,
  lifetimeMs = DEMO_COPY_LIFETIME_MS,
): Promise<number> {
  const current = await newestTemplate(ctx);
  const ago = (ms: number) => new Date(Date.now() - ms);
  const old = await ctx.db
    .select()
    .from(demoCopies)
    .where(
      or(
        and(eq(demoCopies.status, 'claimed'), lt(demoCopies.claimedAt, ago(lifetimeMs))),
        eq(demoCopies.status, 'failed'),
        and(eq(demoCopies.status, 'ready'), lt(demoCopies.updatedAt, ago(READY_SHELF_LIFE_MS))),
        current
          ? and(
              eq(demoCopies.status, 'template'),
              ne(demoCopies.id, current.id),
              lt(demoCopies.updatedAt, ago(REPLACED_TEMPLATE_GRACE_MS)),
            )
          : sql`false`,
        and(eq(demoCopies.status, 'preparing'), lt(demoCopies.updatedAt, ago(STALLED_PREPARATION_MS))),
      ),
    );
  for (const copy of old) {
    await control.deleteDemoAccount(copy.simAccountId).catch((error: unknown) => {
      ctx.log.warn({ err: error, demoCopy: copy.id }, 'The simulator did not remove a demo account');
    });
    await ctx.db.transaction(async (tx) => {
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
