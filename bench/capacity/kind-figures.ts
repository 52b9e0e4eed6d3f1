import { sql } from 'drizzle-orm';
import {
  samplingUnitsPerDay,
  unitsPerSwitch,
  dailyUnits,
  type TestShape,
} from '../../src/capacity/cost-model';
import { storedReadHours } from '../../src/capacity/capacity-state';
import type { Db } from '../../src/db/database';
import { TEST_KINDS, type TestKind } from '../../src/shared/test-kinds';
import type { WinnerMetric } from '../../src/shared/test-shapes';
import { queryRows } from '../rotation/measure';
import { appliedSlotChanges, endingsOf, floorUnitsOf, type TestSwitches } from './switch-floor';
import type { Window } from './ledger-figures';

// Each kind of test's switches, read from both sides: what the engine's ledger charged on the
// channels running that kind, and what YouTube (the simulator) saw change. A creator's tests are
// all of one kind (population.ts), so a channel's ledger rows belong to one kind.

export interface KindFigures {
  kind: TestKind;
  /** Tests of the kind that ran during the run (started at once or later). */
  tests: number;
  testDays: number;
  /** Slots applied during the run. */
  appliedSlots: number;
  /** Title changes and thumbnail changes YouTube saw (a thumbnail set to the image already served is no change). */
  titleChanges: number;
  imageChanges: number;
  /** Custom thumbnails YouTube received (sim_thumbnails rows), changes or not. */
  imagesReceived: number;
  /** Ends and restores that changed what is live (read once each), beyond the slots. */
  endings: number;
  /** The ledger's engine calls on the kind's channels, sampling apart (it is shared by all tests). */
  ledgerUnits: number;
  reads: number;
  updates: number;
  thumbnailSets: number;
  /** Units of other methods the kind's channels were charged (none expected). */
  otherUnits: number;
  /** One read per applied slot and per ending that changed anything, 50 per title and per image change. */
  floor: number;
  /**
   * What admission reserves for these tests' switches over the run: each test's switches per day
   * (dailyUnits without its sampling share) for the days it ran after reading its video (holdings.ts),
   * plus one switch to restore.
   */
  reservedUnits: number;
}

interface TestRow extends TestSwitches {
  id: string;
  kind: TestKind;
  interval: number;
  metric: WinnerMetric;
  days: number;
  /** Its days in the run after its read of the video (src/capacity/holdings.ts): the days it holds its switches. */
  switchingDays: number;
  imagesReceived: number;
}

const inWindow = (column: string, window: Window) =>
  sql`${sql.raw(column)} >= ${window.from.toISOString()}::timestamptz and ${sql.raw(column)} <= ${window.to.toISOString()}::timestamptz`;

export async function kindFigures(db: Db, window: Window): Promise<KindFigures[]> {
  const to = window.to.toISOString();
  const from = window.from.toISOString();
  const tests = await queryRows<TestRow>(
    db,
    sql`with slots as (${appliedSlotChanges}), slot_counts as (
          select test_id, count(*)::int as applied,
            count(*) filter (where title_changes)::int as title_changes,
            count(*) filter (where image_changes)::int as image_changes
          from slots where ${inWindow('activated_at', window)} group by 1
        ), titles as (
          select video_id, count(*)::int as n from sim_title_history where ${inWindow('since', window)} group by 1
        ), images as (
          select video_id, count(*)::int as received, count(*) filter (where changes)::int as changes from (
            select video_id, since, sha256 is distinct from lag(sha256) over (partition by video_id order by since) as changes
            from sim_thumbnails
          ) s where ${inWindow('since', window)} group by 1
        )
        select t.id, t.kind, t.rotation_interval_minutes as interval, t.winner_metric as metric,
          greatest(0, extract(epoch from (least(coalesce(t.ended_at, t.end_date), ${to}::timestamptz)
            - greatest(t.start_date, ${from}::timestamptz))) / 86400)::float8 as days,
          greatest(0, extract(epoch from (least(coalesce(t.ended_at, t.end_date), ${to}::timestamptz)
            - greatest(t.start_date + interval '1 hour' * ${storedReadHours(sql.raw('t.forecast'))},
              ${from}::timestamptz))) / 86400)::float8 as "switchingDays",
          coalesce(s.applied, 0) as applied, coalesce(s.title_changes, 0) as "slotTitleChanges",
          coalesce(s.image_changes, 0) as "slotImageChanges", coalesce(ti.n, 0) as "titleChanges",
          coalesce(i.changes, 0) as "imageChanges", coalesce(i.received, 0) as "imagesReceived"
        from title_tests t
        join channel_connections c on c.id = t.channel_connection_id
        join users u on u.id = t.user_id
        left join slot_counts s on s.test_id = t.id
        left join titles ti on ti.video_id = t.video_id
        left join images i on i.video_id = t.video_id
        where u.email like 'capacity-%' and t.status <> 'queued' and t.start_date <= ${to}::timestamptz`,
  );
  const ledger = await queryRows<{ kind: TestKind; method: string; calls: number; units: number }>(
    db,
    sql`select k.kind, l.method, count(*)::int as calls, sum(l.units)::int as units
        from quota_ledger l
        join (select distinct channel_connection_id, kind from title_tests) k
          on k.channel_connection_id = l.channel_connection_id
        where l.purpose = 'engine' and not l.sandbox and l.method <> 'videos.batchGetStats'
          and ${inWindow('l.at', window)}
        group by 1, 2`,
  );
  return TEST_KINDS.map((kind): KindFigures => {
    const mine = tests.filter((test) => test.kind === kind);
    const calls = ledger.filter((row) => row.kind === kind);
    const sum = (pick: (row: TestRow) => number) => mine.reduce((total, row) => total + pick(row), 0);
    const callsOf = (method: string) => calls.find((row) => row.method === method)?.calls ?? 0;
    const titleChanges = sum((row) => row.titleChanges);
    const imageChanges = sum((row) => row.imageChanges);
    const known = new Set(['videos.list', 'videos.update', 'thumbnails.set']);
    return {
      kind,
      tests: mine.length,
      testDays: sum((row) => row.days),
      appliedSlots: sum((row) => row.applied),
      titleChanges,
      imageChanges,
      imagesReceived: sum((row) => row.imagesReceived),
      endings: sum(endingsOf),
      ledgerUnits: calls.reduce((total, row) => total + row.units, 0),
      reads: callsOf('videos.list'),
      updates: callsOf('videos.update'),
      thumbnailSets: callsOf('thumbnails.set'),
      otherUnits: calls.filter((row) => !known.has(row.method)).reduce((total, row) => total + row.units, 0),
      floor: sum(floorUnitsOf),
      reservedUnits: sum((row) => {
        const shape: TestShape = { rotationIntervalMinutes: row.interval, winnerMetric: row.metric, kind };
        return (dailyUnits(shape) - samplingUnitsPerDay(shape)) * row.switchingDays + unitsPerSwitch(kind);
      }),
    };
  });
}
