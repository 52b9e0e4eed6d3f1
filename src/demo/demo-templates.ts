import { and, desc, eq, min, sql } from 'drizzle-orm';
import { channelConnections, demoCopies, titleTests } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { cloneTemplateRows } from './demo-clone';
import { connectDemoAccount, createRehearsal, rehearseScenario } from './demo-rehearsal';
import { SCENARIO_SPAN_MS } from './demo-scenario';
import type { SimulatorControl } from './simulator-control';

// A demo template is a demo copy whose past was rehearsed through the real engine
// (demo-rehearsal.ts) and that is never handed to anyone: each visitor gets a clone of the newest
// one (its rows copied under new ids, src/demo/demo-clone.ts), which then catches up with the
// deployment's clock from the template's instant. Rehearsing takes about a minute of CPU; a clone
// takes a fraction of a second plus the catch-up, which the template's refreshes keep short.

export type DemoCopy = typeof demoCopies.$inferSelect;

/** A preparation that has not reported progress for this long was abandoned (its process stopped). */
export const STALLED_PREPARATION_MS = 2 * 60_000;
/**
 * A template this far behind the deployment's clock is refreshed (a clone of it caught up becomes
 * the new template), so a visitor's clone has at most this much to catch up.
 */
export const TEMPLATE_REFRESH_MS = 10 * 60_000;
/**
 * A template whose rehearsed past began this long before (on the deployment's clock) is rehearsed
 * anew: its running test would otherwise be further along for each visitor of the day.
 */
export const TEMPLATE_LIFETIME_MS = 6 * 3_600_000;
const PROGRESS_STEP = 0.02;
/** Names the lock that lets one preparation of a template run at a time across processes. */
const PREPARATION_LOCK = 0x64656d6f;

/** The template visitors' copies are cloned from now: the newest one. */
export async function newestTemplate(ctx: ServiceContext): Promise<DemoCopy | null> {
  const [template] = await ctx.db
    .select()
    .from(demoCopies)
    .where(eq(demoCopies.status, 'template'))
    .orderBy(desc(demoCopies.rehearsedUntil))
    .limit(1);
  return template ?? null;
}

/** Whether a template's rehearsal is under way (and still reporting progress). */
export async function preparationUnderWay(ctx: ServiceContext): Promise<boolean> {
  const [row] = await ctx.db
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

/** Marks a copy failed (the cleanup job removes it), with what went wrong. */
export async function markFailed(ctx: ServiceContext, id: string, error: unknown): Promise<void> {
  await ctx.db
    .update(demoCopies)
    .set({ status: 'failed', error: String(error), updatedAt: new Date() })
    .where(eq(demoCopies.id, id));
}

/**
 * Rehearses a new template: a fresh simulated Google account living SCENARIO_SPAN_MS in the past,
 * its history run up to the deployment's now. Returns null when another process is already
 * preparing one (one rehearsal at a time: it is the expensive part).
 */
export async function rehearseTemplate(
  ctx: ServiceContext,
  control: SimulatorControl,
): Promise<DemoCopy | null> {
  const arrival = ctx.clock.now();
  const start = new Date(arrival.getTime() - SCENARIO_SPAN_MS);
  const account = await control.createDemoAccount(start);
  const copy = await ctx.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${PREPARATION_LOCK}) as locked`,
    )) as { locked: boolean }[] | { rows: { locked: boolean }[] };
    const locked = (Array.isArray(result) ? result : result.rows)[0]?.locked === true;
    const [busy] = await tx
      .select({ id: demoCopies.id })
      .from(demoCopies)
      .where(
        and(
          eq(demoCopies.status, 'preparing'),
          sql`${demoCopies.updatedAt} > now() - make_interval(secs => ${STALLED_PREPARATION_MS / 1000})`,
        ),
      )
      .limit(1);
    if (!locked || busy) return null;
    const [row] = await tx
      .insert(demoCopies)
      .values({ simAccountId: account.id, status: 'preparing', rehearsedUntil: start })
      .returning();
    return row!;
  });
  if (!copy) {
    await control.deleteDemoAccount(account.id);
    return null;
  }
  try {
    const rehearsal = createRehearsal(ctx, control, copy, start);
    let reported = 0;
    const user = await rehearseScenario(rehearsal, control, account.id, arrival, async (share) => {
      if (share - reported < PROGRESS_STEP) return;
      reported = share;
      await ctx.db
        .update(demoCopies)
        .set({ progress: share, updatedAt: new Date() })
        .where(eq(demoCopies.id, copy.id));
    });
    const [ready] = await ctx.db
      .update(demoCopies)
      .set({
        status: 'template',
        progress: 1,
        userId: user.id,
        rehearsedUntil: rehearsal.clock.now(),
        updatedAt: new Date(),
      })
      .where(eq(demoCopies.id, copy.id))
      .returning();
    return ready!;
  } catch (error) {
    await markFailed(ctx, copy.id, error);
    throw error;
  }
}

/**
 * A copy of `template` standing where it stands: the simulator clones the Google account, `link`
 * signs the copy's Google account into the product (the visitor's own sign-in, or a sign-in on the
 * template's instant through `engine`) and returns its user's id, and the product's rows are cloned
 * onto that user, its tests held (`demo:<copy id>`) until it is handed over. `status` is 'claimed'
 * for a visitor's copy, 'preparing' for the next template.
 */
export async function cloneTemplate(
  ctx: ServiceContext,
  control: SimulatorControl,
  template: DemoCopy,
  status: 'claimed' | 'preparing',
  link: (ctx: ServiceContext, accountId: string) => Promise<string>,
): Promise<DemoCopy> {
  if (!template.userId || !template.rehearsedUntil) throw new Error('The demo template is not ready.');
  const { account, videoIds } = await control.cloneDemoAccount(template.simAccountId);
  const [copy] = await ctx.db
    .insert(demoCopies)
    .values({
      simAccountId: account.id,
      status,
      rehearsedUntil: template.rehearsedUntil,
      progress: 1,
      ...(status === 'claimed' ? { claimedAt: new Date() } : {}),
    })
    .returning();
  try {
    const rehearsal = createRehearsal(ctx, control, copy!, template.rehearsedUntil);
    const userId = await link(rehearsal.engine, account.id);
    const [connection] = await ctx.db
      .select({ id: channelConnections.id })
      .from(channelConnections)
      .where(eq(channelConnections.userId, userId));
    await ctx.db.transaction((tx) =>
      cloneTemplateRows(tx, template.userId!, {
        userId,
        connectionId: connection!.id,
        channelId: account.channelId,
        videoIds,
        holding: rehearsal.engine.holding,
      }),
    );
    const [cloned] = await ctx.db
      .update(demoCopies)
      .set({ userId, updatedAt: new Date() })
      .where(eq(demoCopies.id, copy!.id))
      .returning();
    return cloned!;
  } catch (error) {
    await markFailed(ctx, copy!.id, error);
    throw error;
  }
}

/**
 * The next template from the current one: a clone run up to the deployment's now (its tests still
 * held). The one it replaces is removed by the cleanup once no clone can still be reading it.
 */
async function refreshTemplate(
  ctx: ServiceContext,
  control: SimulatorControl,
  template: DemoCopy,
): Promise<DemoCopy> {
  const copy = await cloneTemplate(ctx, control, template, 'preparing', async (engine, accountId) => {
    const user = await connectDemoAccount(engine, control, accountId);
    return user.id;
  });
  try {
    const rehearsal = createRehearsal(ctx, control, copy, copy.rehearsedUntil!);
    await rehearsal.runUntil(ctx.clock.now());
    const [refreshed] = await ctx.db
      .update(demoCopies)
      .set({ status: 'template', rehearsedUntil: rehearsal.clock.now(), updatedAt: new Date() })
      .where(eq(demoCopies.id, copy.id))
      .returning();
    return refreshed!;
  } catch (error) {
    await markFailed(ctx, copy.id, error);
    throw error;
  }
}

/** When the template's scenario began, on the deployment's clock (its first test's start). */
async function scenarioStart(ctx: ServiceContext, template: DemoCopy): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: min(titleTests.startDate) })
    .from(titleTests)
    .where(eq(titleTests.userId, template.userId!));
  return row?.at ?? null;
}

/** What keeping the template fit needs now: a new rehearsal (the costly part), a refresh, or nothing. */
export async function templateWorkDue(
  ctx: ServiceContext,
): Promise<{ kind: 'rehearse' } | { kind: 'refresh'; template: DemoCopy } | null> {
  const template = await newestTemplate(ctx);
  const now = ctx.clock.now().getTime();
  if (!template) return { kind: 'rehearse' };
  const began = await scenarioStart(ctx, template);
  if (!began || now - (began.getTime() + SCENARIO_SPAN_MS) > TEMPLATE_LIFETIME_MS)
    return { kind: 'rehearse' };
  if (now - template.rehearsedUntil!.getTime() > TEMPLATE_REFRESH_MS) return { kind: 'refresh', template };
  return null;
}

/**
 * Keeps a template fit to clone (the demo.prepare job, and after a claim): rehearsed anew when
 * there is none or its scenario has aged, else refreshed when it fell behind the clock.
 * `rehearse` runs the rehearsal (by default here; the job may hand it to a child process).
 */
export async function maintainTemplate(
  ctx: ServiceContext,
  control: SimulatorControl,
  rehearse: () => Promise<unknown> = () => rehearseTemplate(ctx, control),
): Promise<void> {
  const due = await templateWorkDue(ctx);
  if (due?.kind === 'rehearse') await rehearse();
  else if (due?.kind === 'refresh') await refreshTemplate(ctx, control, due.template);
}
