import { performance } from 'node:perf_hooks';
import { and, count, inArray, isNotNull, sql } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import { runningStatuses } from '../shared/test-states';
import type { ServiceContext } from '../context/service-context';
import { capacityOverview } from '../capacity';
import { rowsOf } from '../db/rows';
import { OVERDUE_AFTER_MINUTES, type HealthInputs } from './platform-health';

async function databaseSignal(ctx: ServiceContext): Promise<HealthInputs['database']> {
  const started = performance.now();
  try {
    await ctx.db.execute(sql`select 1`);
    return { reachable: true, latencyMs: performance.now() - started };
  } catch (error) {
    ctx.log.warn({ err: error }, 'Health check: database not reachable');
    return { reachable: false, latencyMs: null };
  }
}

/** Jobs past their start time and terminal failures, read from pg-boss's own job table. */
async function queueSignal(ctx: ServiceContext): Promise<HealthInputs['queue']> {
  try {
    const waiting = sql`state in ('created', 'retry') and start_after < now() - make_interval(mins => ${OVERDUE_AFTER_MINUTES})`;
    const result = await ctx.db.execute(sql`
      select
        (count(*) filter (where ${waiting}))::int as overdue,
        (extract(epoch from now() - min(start_after) filter (where ${waiting})) / 60)::float8 as oldest_minutes,
        (count(*) filter (where state = 'failed' and completed_on > now() - interval '1 day'))::int as failed
      from pgboss.job`);
    const [row] = rowsOf<{ overdue: number; oldest_minutes: number | null; failed: number }>(result);
    return {
      overdue: Number(row?.overdue ?? 0),
      oldestOverdueMinutes:
        row?.oldest_minutes === null || row?.oldest_minutes === undefined ? null : Number(row.oldest_minutes),
      failedLastDay: Number(row?.failed ?? 0),
    };
  } catch (error) {
    ctx.log.warn({ err: error }, 'Health check: job queue not readable');
    return null;
  }
}

/** Measures every signal platformHealth is computed from; a failing probe reports itself, never throws. */
export async function gatherHealthInputs(ctx: ServiceContext): Promise<HealthInputs> {
  const database = await databaseSignal(ctx);
  const queue = await queueSignal(ctx);
  let quota = { used: 0, limit: ctx.config.youtubeDailyQuota, forecast: 0, queued: 0 };
  let testsWithErrors = 0;
  if (database.reachable) {
    const capacity = await capacityOverview(ctx);
    quota = {
      used: capacity.usedUnits,
      limit: capacity.quotaUnits,
      forecast: capacity.forecastUnits,
      queued: capacity.queue.length,
    };
    const [row] = await ctx.db
      .select({ value: count() })
      .from(titleTests)
      .where(and(inArray(titleTests.status, [...runningStatuses]), isNotNull(titleTests.lastError)));
    testsWithErrors = Number(row?.value ?? 0);
  }
  return { database, queue, quota, testsWithErrors };
}
