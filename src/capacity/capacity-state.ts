import { and, asc, eq, inArray, isNull, sql, sum } from 'drizzle-orm';
import { quotaLedger, titleTests, users } from '../../db/schema';
import { rowsOf } from '../db/rows';
import { quotaCosts } from '../youtube/quota-ledger';
import type { Clock } from '../platform/clock';
import type { Config } from '../config';
import type { DbOrTx } from '../db/database';
import { capacityPlanOf } from '../shared/capacity-shares';
import { runningStatuses } from '../shared/test-states';
import { nextPacificMidnight, pacificDay } from '../time/pacific';
import { userReadsQuota } from '../youtube/gateway/user-reads';
import type { CapacityState } from './admission';
import {
  SAMPLING_PASS_MINUTES,
  SAMPLING_ROUNDING_UNITS_PER_DAY,
  UNITS_PER_ROTATION,
  VIDEOS_PER_SAMPLING_CALL,
  sampledOnPass,
  type TestShape,
} from './cost-model';

// The deployment's capacity as the database has it now. A demo copy's tests and calls are left
// out: the demo runs on a simulated quota of its own (docs/capacity.md).

const real = eq(users.isDemo, false);

/** Today's ledger for real accounts, by purpose. */
export async function spentToday(db: DbOrTx, now: Date): Promise<{ engine: number; reads: number }> {
  const rows = await db
    .select({ purpose: quotaLedger.purpose, units: sum(quotaLedger.units) })
    .from(quotaLedger)
    .where(and(eq(quotaLedger.day, pacificDay(now)), eq(quotaLedger.sandbox, false)))
    .groupBy(quotaLedger.purpose);
  const units = (purpose: string) => Number(rows.find((row) => row.purpose === purpose)?.units ?? 0);
  return { engine: units('engine'), reads: units('user-read') };
}

interface RunningTest {
  shape: TestShape;
  startDate: Date;
  endDate: Date;
}

/**
 * Sampling's projected calls from `from` to `until`: each pass reads ceil(tests due / 50) counters
 * calls, as metrics-collection.ts makes them.
 */
export function samplingUnitsBetween(tests: RunningTest[], from: Date, until: Date): number {
  const step = SAMPLING_PASS_MINUTES * 60_000;
  let units = 0;
  for (let at = Math.ceil(from.getTime() / step) * step; at < until.getTime(); at += step) {
    const pass = new Date(at);
    const due = tests.filter(
      (test) => test.startDate <= pass && test.endDate > pass && sampledOnPass(test.shape, pass),
    ).length;
    units += Math.ceil(due / VIDEOS_PER_SAMPLING_CALL);
  }
  return units;
}

/** What admitted tests together may reserve per day: the quota less the reads pool and sampling's rounding. */
export function testsPoolOf(config: Config): number {
  return config.youtubeDailyQuota - userReadsQuota(config).pool - SAMPLING_ROUNDING_UNITS_PER_DAY;
}

/**
 * The real tests' slots still to apply before `until` (a slot already due but not yet applied
 * included): one whose title differs from the slot before writes (51 units), one that keeps it only
 * reads (1). Slot 0 follows the video's original title.
 */
async function plannedSwitches(db: DbOrTx, until: Date): Promise<{ writes: number; reads: number }> {
  const [row] = rowsOf<{ writes: string | number | null; reads: string | number | null }>(
    await db.execute(sql`
      select count(*) filter (where changes) as writes, count(*) filter (where not changes) as reads
      from (
        select r.status, r.planned_start, t.end_date,
          coalesce(lag(v.title) over (partition by r.test_id order by r.slot), t.original_title) <> v.title as changes
        from rotations r
        join title_variants v on v.id = r.variant_id
        join title_tests t on t.id = r.test_id
        join users u on u.id = t.user_id
        where t.status in ('scheduled', 'active') and t.held_by is null and not u.is_demo
      ) slots
      where status = 'planned' and planned_start < ${until.toISOString()}::timestamptz and planned_start < end_date`),
  );
  return { writes: Number(row?.writes ?? 0), reads: Number(row?.reads ?? 0) };
}

export async function loadCapacityState(deps: {
  db: DbOrTx;
  config: Config;
  clock: Clock;
}): Promise<CapacityState> {
  const { db, config } = deps;
  const now = deps.clock.now();
  const resetsAt = nextPacificMidnight(now);
  const readsPool = userReadsQuota(config).pool;
  const [testRows, plannedToday, spent] = await Promise.all([
    db
      .select({
        id: titleTests.id,
        status: titleTests.status,
        accountId: titleTests.userId,
        interval: titleTests.rotationIntervalMinutes,
        metric: titleTests.winnerMetric,
        startDate: titleTests.startDate,
        endDate: titleTests.endDate,
        createdAt: titleTests.createdAt,
        tier: users.subscriptionTier,
        isLifetime: users.isLifetime,
      })
      .from(titleTests)
      .innerJoin(users, eq(users.id, titleTests.userId))
      .where(and(inArray(titleTests.status, ['queued', ...runningStatuses]), isNull(titleTests.heldBy), real))
      .orderBy(asc(titleTests.createdAt), asc(titleTests.id)),
    plannedSwitches(db, resetsAt),
    spentToday(db, now),
  ]);
  const shapeOf = (row: (typeof testRows)[number]): TestShape => ({
    rotationIntervalMinutes: row.interval,
    winnerMetric: row.metric,
  });
  const running = testRows.filter((row) => row.status !== 'queued');
  // Paused tests are still sampled (their counters keep the windows around the pause honest).
  const sampled = running.map((row) => ({
    shape: shapeOf(row),
    startDate: row.startDate,
    endDate: row.endDate,
  }));
  return {
    now,
    resetsAt,
    testsPool: testsPoolOf(config),
    engineBudgetToday: config.youtubeDailyQuota - readsPool,
    engineSpentToday: spent.engine,
    engineRemainingToday:
      plannedToday.writes * UNITS_PER_ROTATION +
      plannedToday.reads * quotaCosts['videos.list'] +
      samplingUnitsBetween(sampled, now, resetsAt),
    admitted: running.map((row) => ({
      id: row.id,
      accountId: row.accountId,
      plan: capacityPlanOf({ subscriptionTier: row.tier, isLifetime: row.isLifetime }),
      shape: shapeOf(row),
      endsAt: row.endDate,
    })),
    queued: testRows
      .filter((row) => row.status === 'queued')
      .map((row) => ({
        id: row.id,
        accountId: row.accountId,
        plan: capacityPlanOf({ subscriptionTier: row.tier, isLifetime: row.isLifetime }),
        shape: shapeOf(row),
        queuedAt: row.createdAt,
        durationMs: row.endDate.getTime() - row.startDate.getTime(),
      })),
  };
}
