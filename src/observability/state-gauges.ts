import { sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { capacityOverview } from '../capacity/capacity-overview';
import { countLiveDemoCopies } from '../demo/demo-copies';
import { rowsOf } from '../db/rows';
import type { ServiceContext } from '../platform/service-context';
import type { Metrics } from '../platform/metrics';

// Gauges read from the database when Prometheus scrapes (docs/operations.md#metrics): the state
// every node shares (the job queue, today's quota, the tests by plan, the demo copies), so any
// node's scrape answers for the deployment. A scrape costs four small reads.

/** pg-boss states in which a job still waits or runs. */
const OPEN_JOB_STATES = ['created', 'retry', 'active'] as const;

async function openJobs(ctx: ServiceContext): Promise<{ queue: string; state: string; count: number }[]> {
  const result = await ctx.db.execute(sql`
    select name as queue, state::text as state, count(*)::int as count
    from pgboss.job
    where state::text in (${sql.join(
      OPEN_JOB_STATES.map((state) => sql`${state}`),
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
  new Gauge({
    name: 'titlewise_queue_jobs',
    help: 'Jobs waiting (created, retry) or running (active) in the job queue, by queue and state.',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const row of await openJobs(ctx)) this.set({ queue: row.queue, state: row.state }, row.count);
    },
  });

  // One read of the capacity overview serves every quota and test gauge of a scrape.
  let overview: ReturnType<typeof capacityOverview> | null = null;
  const readOverview = () => {
    overview ??= capacityOverview(ctx).finally(() => {
      overview = null;
    });
    return overview;
  };
  new Gauge({
    name: 'titlewise_youtube_quota_units',
    help:
      "Today's YouTube quota (Pacific day), in units: limit, used (the ledger), reserved (admitted " +
      "tests' worst day) and forecast (used plus what running tests will spend by midnight Pacific).",
    labelNames: ['kind'],
    registers,
    async collect() {
      const now = await readOverview();
      this.set({ kind: 'limit' }, now.quotaUnits);
      this.set({ kind: 'used' }, now.usedUnits);
      this.set({ kind: 'reserved' }, now.reservedUnits);
      this.set({ kind: 'forecast' }, now.forecastUnits);
    },
  });
  new Gauge({
    name: 'titlewise_tests',
    help: 'Title tests admitted (running) or waiting for their share (queued), by plan.',
    labelNames: ['plan', 'state'],
    registers,
    async collect() {
      const now = await readOverview();
      for (const plan of now.plans) {
        this.set({ plan: plan.plan, state: 'running' }, plan.runningTests);
        this.set({ plan: plan.plan, state: 'queued' }, plan.queuedTests);
      }
    },
  });
  new Gauge({
    name: 'titlewise_queued_test_oldest_wait_seconds',
    help: 'How long the test waiting longest for its share has waited (0 when none waits).',
    registers,
    async collect() {
      const now = await readOverview();
      this.set((now.queue.oldestWaitMinutes ?? 0) * 60);
    },
  });
  new Gauge({
    name: 'titlewise_demo_copies_live',
    help: 'Demo copies claimed by a visitor and not yet removed.',
    registers,
    async collect() {
      this.set(await countLiveDemoCopies(ctx));
    },
  });
}
