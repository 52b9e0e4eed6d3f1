import { sql } from 'drizzle-orm';
import { startJobWorker } from '../../src/context/job';
import {
  ADVANCE_QUEUE,
  TICK_QUEUE,
  advanceJob,
  scheduleAdvance,
  tickJob,
} from '../../src/title-tests/engine/title-tests.jobs';
import type { ServiceContext } from '../../src/context/service-context';
import { startDiagnostics, type RunDiagnostics } from './diagnostics';
import { bounds, inParallel, note, queryRows, sleep, type RunResult } from './measure';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';

export interface RotationRun extends RunResult {
  /** Seconds the enqueue of the advance jobs took. */
  enqueueSeconds: number;
  /** Due rotations that ended in anything but `applied`, and tests left with an error. */
  notApplied: number;
  testsWithError: number;
  /** Applied rotations whose video does not show the rotation's title afterwards (must be 0). */
  liveTitleMismatches: number;
  /** YouTube Data API units the product's ledger recorded during the run. */
  quotaUnits: number;
  /** Advance jobs in the queue after the run: one per due rotation plus one per next slot, plus any duplicates. */
  advanceJobs: number;
  /** Ticks sent (the production minute cron) while rotating, with --tick. */
  ticks: number;
  diagnostics: RunDiagnostics;
}

async function dueStatusCounts(ctx: ServiceContext, due: Date): Promise<Map<string, number>> {
  const rows = await queryRows<{ status: string; count: string }>(
    ctx.db,
    sql`select status, count(*)::text as count from rotations where planned_start = ${due.toISOString()}::timestamptz group by status`,
  );
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

async function collect(ctx: ServiceContext, due: Date) {
  const dueAt = sql`${due.toISOString()}::timestamptz`;
  const lateness = await queryRows<{ lateness_ms: string; at_ms: string }>(
    ctx.db,
    sql`
    select extract(epoch from activated_at - planned_start) * 1000 as lateness_ms,
           extract(epoch from activated_at) * 1000 as at_ms
    from rotations where planned_start = ${dueAt} and status = 'applied'`,
  );
  const [checks] = await queryRows<{ mismatches: number; errors: number; units: number; jobs: number }>(
    ctx.db,
    sql`
    select
      (select count(*)::int from rotations r
         join title_variants v on v.id = r.variant_id
         join title_tests t on t.id = r.test_id
         join sim_videos s on s.id = t.video_id
       where r.planned_start = ${dueAt} and r.status = 'applied' and s.title <> v.title) as mismatches,
      (select count(*)::int from title_tests where last_error is not null or status <> 'active') as errors,
      (select coalesce(sum(units), 0)::int from quota_ledger where at >= ${dueAt}) as units,
      (select count(*)::int from pgboss.job where name = ${ADVANCE_QUEUE}) as jobs`,
  );
  return {
    rows: lateness.map((row) => ({ lateness: Number(row.lateness_ms), at: Number(row.at_ms) })),
    checks: checks!,
  };
}

/**
 * Enqueues one advance job per test for `due` (as the previous rotation's commit does), starts
 * the production title-test worker, waits for every due rotation, and reads lateness
 * (activatedAt − plannedStart) from the rotations table. With `tick`, the safety-net tick runs
 * every whole minute as its cron would in production.
 */
export async function runRotations(
  ctx: EngineContext,
  testIds: string[],
  due: Date,
  options: { timeoutSeconds: number; tick: boolean },
): Promise<RotationRun> {
  const enqueueStarted = Date.now();
  await inParallel(testIds, 8, (testId) => scheduleAdvance(ctx, testId, due));
  const enqueueSeconds = (Date.now() - enqueueStarted) / 1000;
  if (Date.now() > due.getTime()) {
    note(
      `WARNING: enqueueing finished ${((Date.now() - due.getTime()) / 1000).toFixed(1)} s after the due instant; lateness includes it`,
    );
  } else {
    note(
      `enqueued ${testIds.length} advance jobs in ${enqueueSeconds.toFixed(1)} s; due in ${((due.getTime() - Date.now()) / 1000).toFixed(1)} s`,
    );
  }
  // The production wiring: the advance worker with its real options, and the tick worker (its cron
  // does not fire here, as this process runs pg-boss without its scheduler: --tick sends it).
  for (const job of [tickJob, advanceJob]) await startJobWorker(ctx.boss, ctx, job);

  await sleep(Math.max(0, due.getTime() - Date.now()));
  const diagnostics = startDiagnostics(ctx.database.url!);
  const deadline = due.getTime() + options.timeoutSeconds * 1000;
  let lastReport = 0;
  let ticks = 0;
  for (;;) {
    await sleep(1000);
    if (options.tick && Date.now() >= Math.ceil((due.getTime() + 1) / 60_000) * 60_000 + ticks * 60_000) {
      ticks += 1;
      await ctx.boss.send(TICK_QUEUE, {});
    }
    const counts = await dueStatusCounts(ctx, due);
    const planned = counts.get('planned') ?? 0;
    if (planned === 0) break;
    if (Date.now() > deadline) {
      note(`timed out with ${planned} rotations still planned`);
      break;
    }
    if (Date.now() - lastReport >= 10_000 && Date.now() > due.getTime()) {
      lastReport = Date.now();
      note(
        `${counts.get('applied') ?? 0}/${testIds.length} rotations applied, ${((Date.now() - due.getTime()) / 1000).toFixed(0)} s after due`,
      );
    }
  }
  const diagnosed = await diagnostics.stop();
  await ctx.boss.offWork(ADVANCE_QUEUE);
  await ctx.boss.offWork(TICK_QUEUE);

  const { rows, checks } = await collect(ctx, due);
  const counts = await dueStatusCounts(ctx, due);
  const { min: firstAt, max: lastAt } = bounds(rows.map((row) => row.at));
  return {
    label: 'rotations (simulator, googleapis)',
    jobs: testIds.length,
    done: rows.length,
    latenessMs: rows.map((row) => row.lateness).sort((a, b) => a - b),
    firstAt,
    lastAt,
    enqueueSeconds,
    notApplied: testIds.length - (counts.get('applied') ?? 0),
    testsWithError: checks.errors,
    liveTitleMismatches: checks.mismatches,
    quotaUnits: checks.units,
    advanceJobs: checks.jobs,
    ticks,
    diagnostics: diagnosed,
  };
}
