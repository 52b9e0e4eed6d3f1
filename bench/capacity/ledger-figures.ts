import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { capacityPlanOf, type CapacityPlan } from '../../src/shared/capacity-shares';
import type { SubscriptionTier } from '../../db/schema/users';
import { queryRows } from '../rotation/measure';

// What the run spent, read back from the quota ledger and what YouTube (the simulator) shows.

export interface Window {
  from: Date;
  to: Date;
}

const between = (column: string, window: Window) =>
  sql`${sql.raw(column)} >= ${window.from.toISOString()}::timestamptz and ${sql.raw(column)} <= ${window.to.toISOString()}::timestamptz`;

export interface LedgerFigures {
  engineUnits: number;
  userReadUnits: number;
  /** Units by method, engine calls only. */
  byMethod: Map<string, { calls: number; units: number }>;
  /** Calls refused or failed, by outcome (a 'quota' outcome is an exhaustion event). */
  failures: Map<string, number>;
  /** Engine units of rotations and other calls made on a test's own grant, by the owner's plan. */
  grantUnitsByPlan: Map<CapacityPlan, number>;
  /** Engine units per Pacific day. */
  byDay: Map<string, number>;
}

export async function ledgerFigures(db: Db, window: Window): Promise<LedgerFigures> {
  const rows = await queryRows<{
    method: string;
    purpose: string;
    outcome: string;
    day: string;
    tier: SubscriptionTier | null;
    lifetime: boolean | null;
    calls: number;
    units: number;
  }>(
    db,
    sql`select l.method, l.purpose, l.outcome, l.day, u.subscription_tier as tier, u.is_lifetime as lifetime,
          count(*)::int as calls, sum(l.units)::int as units
        from quota_ledger l
        left join channel_connections c on c.id = l.channel_connection_id
        left join users u on u.id = c.user_id
        where not l.sandbox and ${between('l.at', window)}
        group by 1, 2, 3, 4, 5, 6`,
  );
  const figures: LedgerFigures = {
    engineUnits: 0,
    userReadUnits: 0,
    byMethod: new Map(),
    failures: new Map(),
    grantUnitsByPlan: new Map(),
    byDay: new Map(),
  };
  for (const row of rows) {
    if (row.outcome !== 'ok')
      figures.failures.set(row.outcome, (figures.failures.get(row.outcome) ?? 0) + row.calls);
    if (row.purpose !== 'engine') {
      figures.userReadUnits += row.units;
      continue;
    }
    figures.engineUnits += row.units;
    figures.byDay.set(row.day, (figures.byDay.get(row.day) ?? 0) + row.units);
    const method = figures.byMethod.get(row.method) ?? { calls: 0, units: 0 };
    figures.byMethod.set(row.method, { calls: method.calls + row.calls, units: method.units + row.units });
    if (row.method !== 'videos.batchGetStats' && row.tier) {
      const plan = capacityPlanOf({ subscriptionTier: row.tier, isLifetime: row.lifetime ?? false });
      figures.grantUnitsByPlan.set(plan, (figures.grantUnitsByPlan.get(plan) ?? 0) + row.units);
    }
  }
  return figures;
}

export interface WorkFigures {
  /** Title changes YouTube saw during the run (each one videos.update that changed the title). */
  titleChanges: number;
  /** Slots applied during the run, and those of them that kept the title live before (a read only). */
  appliedSlots: number;
  keptSlots: number;
  /** Slots due by the run's end and before their test ended (its end date, or a look that stopped it), by status ('applied', or 'planned' when missed). */
  dueSlots: Map<string, number>;
  /** activated_at − planned_start of each slot applied in the run, ms, ascending. */
  latenessMs: number[];
  /** Test-days run: each started test's time between its start and its end (or the run's end). */
  testDays: number;
}

export async function workFigures(db: Db, window: Window): Promise<WorkFigures> {
  const [changes] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sim_title_history h join sim_videos v on v.id = h.video_id
        where v.account_id like 'sim-cap-%' and ${between('h.since', window)}`,
  );
  const [applied] = await queryRows<{ applied: number; kept: number }>(
    db,
    sql`select count(*)::int as applied, count(*) filter (where not changes)::int as kept from (
          select r.status, r.activated_at,
            coalesce(lag(v.title) over (partition by r.test_id order by r.slot), t.original_title) <> v.title as changes
          from rotations r join title_variants v on v.id = r.variant_id join title_tests t on t.id = r.test_id
        ) s where status = 'applied' and ${between('activated_at', window)}`,
  );
  const due = await queryRows<{ status: string; n: number }>(
    db,
    sql`select r.status, count(*)::int as n from rotations r join title_tests t on t.id = r.test_id
        where r.planned_start <= ${window.to.toISOString()}::timestamptz
          and r.planned_start < least(t.end_date, coalesce(t.ended_at, t.end_date))
          -- A slot planned for the minute the test ended is the ending's: a daily look that names
          -- the winner at 02:00 Pacific ends the test instead of switching, and the end date's
          -- tail (the last window's title kept, a fraction of a second when the end date carries
          -- the clock's milliseconds) is skipped. Neither is a slot the engine missed.
          and not (r.status = 'skipped' and t.ended_at is not null
                   and r.planned_start >= date_trunc('minute', t.ended_at))
        group by 1`,
  );
  const lateness = await queryRows<{ ms: number }>(
    db,
    sql`select extract(epoch from (activated_at - planned_start)) * 1000 as ms from rotations
        where status = 'applied' and ${between('activated_at', window)} order by 1`,
  );
  const [days] = await queryRows<{ days: number }>(
    db,
    sql`select coalesce(sum(extract(epoch from (
          least(coalesce(ended_at, end_date), ${window.to.toISOString()}::timestamptz)
          - greatest(start_date, ${window.from.toISOString()}::timestamptz))) / 86400), 0)::float8 as days
        from title_tests where status <> 'queued' and start_date < ${window.to.toISOString()}::timestamptz`,
  );
  return {
    titleChanges: changes?.n ?? 0,
    appliedSlots: applied?.applied ?? 0,
    keptSlots: applied?.kept ?? 0,
    dueSlots: new Map(due.map((row) => [row.status, row.n])),
    latenessMs: lateness.map((row) => Number(row.ms)),
    testDays: days?.days ?? 0,
  };
}

/** Slots applied per 10-minute step of planned start (epoch ms of the step → count). */
export async function slotsByStep(db: Db, window: Window): Promise<Map<number, number>> {
  const rows = await queryRows<{ step: number; n: number }>(
    db,
    sql`select (floor(extract(epoch from planned_start) / 600) * 600000)::float8 as step, count(*)::int as n
        from rotations where status = 'applied' and ${between('activated_at', window)} group by 1`,
  );
  return new Map(rows.map((row) => [Number(row.step), row.n]));
}
