import { and, eq, sql } from 'drizzle-orm';
import { channelConnections, demoCopies, titleTests } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { Tx } from '../db/database';
import type { SandboxTime, EngineContext } from '../title-tests';
import { handOver } from './demo-copies';
import { createRehearsal } from './demo-rehearsal';
import { simulatorControl } from './simulator-control';
import type { DemoCopy } from './demo-templates';

// A demo visitor's fast-forward moves their own copy, never the deployment's clock: everything the
// copy has lived (its tests, schedules, samples, daily figures, notifications, and on Google's side
// its uploads and their titles) is moved whole days into the past, then the copy's own clock runs
// those days forward again through the real engine, its tests held as while its past was
// rehearsed. The copy ends level with the deployment's clock, days further along; no other
// account, no worker and no rate-limit window sees a thing. Whole days keep each daily figure on
// its Pacific day and each hour's traffic on its hour.

const DAY = 86_400_000;

/** One move at a time per copy: the next one waits for it. */
const movesByCopy = new Map<string, Promise<unknown>>();

/** Moves the product's rows of `copy` by `ms` (negative: into the past), in one transaction. */
async function shiftCopyRows(tx: Tx, copy: DemoCopy, channelId: string, ms: number): Promise<void> {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  const userId = copy.userId!;
  // The copy's measurements: its channel's, and any its tests' videos have without a channel.
  const measured = sql`(channel_id = ${channelId} or video_id in (select video_id from title_tests where user_id = ${userId}))`;
  await tx.execute(sql`
    update title_tests set start_date = start_date + ${by}, end_date = end_date + ${by},
      deferred_until = deferred_until + ${by}, ended_at = ended_at + ${by},
      final_figures_due_at = final_figures_due_at + ${by}, expected_start_at = expected_start_at + ${by},
      created_at = created_at + ${by}
    where user_id = ${userId}`);
  await tx.execute(sql`
    update rotations set planned_start = planned_start + ${by}, planned_end = planned_end + ${by},
      activated_at = activated_at + ${by}, ended_at = ended_at + ${by}
    where test_id in (select id from title_tests where user_id = ${userId})`);
  await tx.execute(sql`update metric_samples set sampled_at = sampled_at + ${by} where ${measured}`);
  // Two steps: moving each day onto the next one's label at once would collide with it.
  await tx.execute(
    sql`update daily_metrics set day = 'moving:' || day, fetched_at = fetched_at + ${by} where ${measured}`,
  );
  await tx.execute(sql`
    update daily_metrics set day = to_char(substr(day, 8)::date + ${Math.round(ms / DAY)}::int, 'YYYY-MM-DD')
    where ${measured} and day like 'moving:%'`);
  await tx.execute(sql`
    update notifications set created_at = created_at + ${by}, read_at = read_at + ${by},
      emailed_at = emailed_at + ${by}
    where user_id = ${userId}`);
  await tx.execute(
    sql`update channel_connections set reach_data_through = reach_data_through + ${by} where user_id = ${userId}`,
  );
}

/**
 * Moves `copy` at least to `target` (in whole days, so a little further): its past goes back by as
 * many days, its tests are held, and its own clock runs them forward to the deployment's now.
 */
async function moveCopy(ctx: EngineContext, copy: DemoCopy, target: Date) {
  const control = simulatorControl(ctx.config);
  const now = ctx.clock.now();
  const days = Math.max(1, Math.ceil((target.getTime() - now.getTime()) / DAY));
  const ms = days * DAY;
  const holding = createRehearsal(ctx, control, copy, now).engine.holding;
  const [connection] = await ctx.db
    .select({ channelId: channelConnections.youtubeChannelId })
    .from(channelConnections)
    .where(eq(channelConnections.userId, copy.userId!));
  await ctx.db.transaction(async (tx) => {
    await tx.update(titleTests).set({ heldBy: holding }).where(eq(titleTests.userId, copy.userId!));
    await shiftCopyRows(tx, copy, connection!.channelId, -ms);
  });
  await control.shiftDemoAccount(copy.simAccountId, -ms);
  const from = new Date(now.getTime() - ms);
  await control.setAccountClock(copy.simAccountId, from);
  const failures = await handOver(ctx, control, { ...copy, rehearsedUntil: from });
  return { failures, movedDays: days };
}

/**
 * The time of `user`'s own demo copy, when they are a demo visitor with one: a fast-forward then
 * moves only that copy (docs/decisions/0022). Null for everyone else.
 */
export async function demoSandboxTime(ctx: EngineContext, user: UserRow): Promise<SandboxTime | null> {
  if (!user.isDemo) return null;
  const [copy] = await ctx.db
    .select()
    .from(demoCopies)
    .where(and(eq(demoCopies.userId, user.id), eq(demoCopies.status, 'claimed')));
  if (!copy) return null;
  const enqueue = (target: () => Date) => {
    const previous = movesByCopy.get(copy.id) ?? Promise.resolve();
    const move = previous.then(() => moveCopy(ctx, copy, target()));
    const settled = move.catch(() => undefined);
    movesByCopy.set(copy.id, settled);
    void settled.then(() => {
      if (movesByCopy.get(copy.id) === settled) movesByCopy.delete(copy.id);
    });
    return move;
  };
  return { moveTo: (to) => enqueue(() => to) };
}
