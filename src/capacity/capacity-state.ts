import { and, asc, eq, inArray, isNull, sql, sum, type SQLWrapper } from 'drizzle-orm';
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
  VIDEOS_PER_SAMPLING_CALL,
  sampledOnPass,
  samplingPeriodMinutes,
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
 * calls, as metrics-collection.ts makes them. The tests are counted per cadence by sweeping their
 * starts and ends in time order, so a pass costs one step per cadence, not one per test.
 */
export function samplingUnitsBetween(tests: RunningTest[], from: Date, until: Date): number {
  const step = SAMPLING_PASS_MINUTES * 60_000;
  const byCadence = new Map<number, { shape: TestShape; starts: number[]; ends: number[] }>();
  for (const test of tests) {
    const period = samplingPeriodMinutes(test.shape);
    const group = byCadence.get(period) ?? { shape: test.shape, starts: [], ends: [] };
    group.starts.push(test.startDate.getTime());
    group.ends.push(test.endDate.getTime());
    byCadence.set(period, group);
  }
  const sweeps = [...byCadence.values()].map((group) => ({
    shape: group.shape,
    starts: group.starts.sort((a, b) => a - b),
    ends: group.ends.sort((a, b) => a - b),
    started: 0,
    ended: 0,
  }));
  let units = 0;
  for (let at = Math.ceil(from.getTime() / step) * step; at < until.getTime(); at += step) {
    const pass = new Date(at);
    let due = 0;
    for (const sweep of sweeps) {
      // Running at the pass: started at or before it, not ended at or before it.
      while (sweep.started < sweep.starts.length && sweep.starts[sweep.started]! <= at) sweep.started++;
      while (sweep.ended < sweep.ends.length && sweep.ends[sweep.ended]! <= at) sweep.ended++;
      if (sampledOnPass(sweep.shape, pass)) due += sweep.started - sweep.ended;
    }
    units += Math.ceil(due / VIDEOS_PER_SAMPLING_CALL);
  }
  return units;
}

/**
 * The hours a test reads its video before its first switch, from its stored forecast's column: its
 * plan's calibration (title-tests.schemas.ts, testForecastSchema; the schedule's design starts then).
 */
export const storedReadHours = (forecast: SQLWrapper) =>
  sql<number>`coalesce((${forecast} ->> 'calibrationHours')::float8, 0)`;

/** What admitted tests together may reserve per day: the quota less the reads pool and sampling's rounding. */
export function testsPoolOf(config: Config): number {
  return config.youtubeDailyQuota - userReadsQuota(config).pool - SAMPLING_ROUNDING_UNITS_PER_DAY;
}

/**
 * The real tests' slots still to apply before `until` (a slot already due but not yet applied
 * included): each reads the video (1 unit); one whose title differs from the slot before also
 * writes it (50), one whose thumbnail differs also sets it (50). Slot 0 follows the video's
 * original title and thumbnail.
 */
async function plannedSwitches(
  db: DbOrTx,
  until: Date,
): Promise<{ slots: number; titleWrites: number; thumbnailWrites: number }> {
  type Row = {
    slots: string | number | null;
    titles: string | number | null;
    thumbnails: string | number | null;
  };
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      select count(*) as slots, count(*) filter (where title_changes) as titles,
        count(*) filter (where thumbnail_changes) as thumbnails
      from (
        select r.status, r.planned_start, t.end_date,
          coalesce(lag(v.title) over (partition by r.test_id order by r.slot), t.original_title) <> v.title as title_changes,
          coalesce(lag(v.thumbnail_image_id) over (partition by r.test_id order by r.slot), t.original_thumbnail_image_id)
            is distinct from v.thumbnail_image_id as thumbnail_changes
        from rotations r
        join title_variants v on v.id = r.variant_id
        join title_tests t on t.id = r.test_id
        join users u on u.id = t.user_id
        where t.status in ('scheduled', 'active') and t.held_by is null and not u.is_demo
      ) slots
      where status = 'planned' and planned_start < ${until.toISOString()}::timestamptz and planned_start < end_date`),
  );
  return {
    slots: Number(row?.slots ?? 0),
    titleWrites: Number(row?.titles ?? 0),
    thumbnailWrites: Number(row?.thumbnails ?? 0),
  };
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
        kind: titleTests.kind,
        startDate: titleTests.startDate,
        endDate: titleTests.endDate,
        createdAt: titleTests.createdAt,
        readHours: storedReadHours(titleTests.forecast),
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
    kind: row.kind,
  });
  const readMsOf = (row: (typeof testRows)[number]) => Math.max(0, Number(row.readHours)) * 3_600_000;
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
      plannedToday.slots * quotaCosts['videos.list'] +
      plannedToday.titleWrites * quotaCosts['videos.update'] +
      plannedToday.thumbnailWrites * quotaCosts['thumbnails.set'] +
      samplingUnitsBetween(sampled, now, resetsAt),
    admitted: running.map((row) => ({
      id: row.id,
      accountId: row.accountId,
      plan: capacityPlanOf({ subscriptionTier: row.tier, isLifetime: row.isLifetime }),
      shape: shapeOf(row),
      endsAt: row.endDate,
      startsAt: row.startDate,
      readUntil: new Date(row.startDate.getTime() + readMsOf(row)),
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
        readMs: readMsOf(row),
      })),
  };
}
