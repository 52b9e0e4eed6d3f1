import { sql } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import { capacityOverview } from '../capacity';
import { countLiveDemoCopies } from '../demo';
import { rowsOf } from '../db/rows';
import type { ServiceContext } from '../context/service-context';
import type { Metrics } from '../platform/metrics';
import { withinTimeout } from './within-timeout';

// Gauges read from the database when Prometheus scrapes (docs/operations.md#metrics): the state
// every node shares (the job queue, today's quota, the tests by plan, the demo copies), so any
// node's scrape answers for the deployment. A scrape costs a handful of small reads (the capacity
// overview's among them). A read that fails or takes over READ_TIMEOUT_MS leaves its gauge at the
// last value it read and counts in titlewise_state_read_failures_total: a database incident never
// empties the scrape of the process's own figures.

/** Longest a gauge waits for its read at scrape time. */
const READ_TIMEOUT_MS = 2_000;

/** pg-boss states in which a job still waits or runs. */
const OPEN_JOB_STATES = ['created', 'retry', 'active'] as const;

async function openJobs(ctx: ServiceContext): Promise<{ queue: string; state: string; count: number }[]> {
  const result = await ctx.db.execute(sql`
    select name as queue, state::text as state, count(*)::int as count
    from pgboss.job
    where state in (${sql.join(
      OPEN_JOB_STATES.map((state) => sql.raw(`'${state}'`)),
      sql`, `,
    )})
    group by name, state`);
  return rowsOf<{ queue: string; state: string; count: number }>(result).map((row) => ({
    ...row,
    count: Number(row.count),
  }));
}

/** Registers the scrape-time gauges on `metrics`, reading through `ctx`. */
export function registerStateGauges(metrics: Metrics, ctx: ServiceContext): void {
  const registers = [metrics.registry];
  const failures = new Counter({
    name: 'titlewise_state_read_failures_total',
    help: 'Scrape-time reads of shared state (queue, quota, tests, demo copies) that failed or timed out.',
    labelNames: ['gauge'],
    registers,
  });
  /** Runs a gauge's read; on failure the gauge keeps its last values and the failure is counted. */
  const guarded = (gauge: string, read: () => Promise<void>) => async () => {
    try {
      await withinTimeout(read(), READ_TIMEOUT_MS);
    } catch (error) {
      failures.inc({ gauge });
      ctx.log.warn({ err: error, gauge }, 'A metrics gauge could not read the database');
    }
  };
  const queueJobs: Gauge<'queue' | 'state'> = new Gauge({
    name: 'titlewise_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active) in the job queue, by queue and state.',
    labelNames: ['queue', 'state'],
    registers,
    collect: guarded('titlewise_queue_jobs', async () => {
      const rows = await openJobs(ctx);
      queueJobs.reset();
      for (const row of rows) queueJobs.set({ queue: row.queue, state: row.state }, row.count);
    }),
  });

  // One read of the capacity overview serves every quota and test gauge of a scrape.
  let overview: ReturnType<typeof capacityOverview> | null = null;
  const readOverview = () => {
    overview ??= capacityOverview(ctx).finally(() => {
      overview = null;
    });
    return overview;
  };
  const quota: Gauge<'kind'> = new Gauge({
    name: 'titlewise_youtube_quota_units',
    help:
      "Today's YouTube quota (Pacific day), in units: limit, used (the ledger), reserved (the most admitted " +
      'tests hold on any day ahead) and forecast (used plus what running tests will spend by midnight Pacific).',
    labelNames: ['kind'],
    registers,
    collect: guarded('titlewise_youtube_quota_units', async () => {
      const now = await readOverview();
      quota.set({ kind: 'limit' }, now.quotaUnits);
      quota.set({ kind: 'used' }, now.usedUnits);
      quota.set({ kind: 'reserved' }, now.reservedUnits);
      quota.set({ kind: 'forecast' }, now.forecastUnits);
    }),
  });
  const tests: Gauge<'plan' | 'state'> = new Gauge({
    name: 'titlewise_tests',
    help: 'Title tests admitted (running) or waiting for their share (queued), by plan.',
    labelNames: ['plan', 'state'],
    registers,
    collect: guarded('titlewise_tests', async () => {
      const now = await readOverview();
      for (const plan of now.plans) {
        tests.set({ plan: plan.plan, state: 'running' }, plan.runningTests);
        tests.set({ plan: plan.plan, state: 'queued' }, plan.queuedTests);
      }
    }),
  });
  const oldestWait = new Gauge({
    name: 'titlewise_queued_test_oldest_wait_seconds',
    help: 'How long the test waiting longest for its share has waited (0 when none waits).',
    registers,
    collect: guarded('titlewise_queued_test_oldest_wait_seconds', async () => {
      const now = await readOverview();
      oldestWait.set((now.queue.oldestWaitMinutes ?? 0) * 60);
    }),
  });
  const demoCopies = new Gauge({
    name: 'titlewise_demo_copies_live',
    help: 'Demo copies claimed by a visitor and not yet removed.',
    registers,
    collect: guarded('titlewise_demo_copies_live', async () => {
      demoCopies.set(await countLiveDemoCopies(ctx));
    }),
  });
}
