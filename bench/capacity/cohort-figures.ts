import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { queryRows } from '../rotation/measure';
import type { Window } from './ledger-figures';
import { appliedSlotChanges, floorUnitsOf, type TestSwitches } from './switch-floor';

/**
 * A run's units per verdict mix tests that ended with tests still running at its end (a 14-day
 * test started on day 6 spends units and cannot decide within 7 days), and a test that stops at a
 * look ends inside the run where the same test run to its end date would not. The cohort leaves
 * both out: the tests that started in the run and were due to end, verdict read, before it ended,
 * chosen by their planned end date so that a stop cannot pick them. Its units are each test's own
 * switches from start to end at their floor (switch-floor.ts; the ledger meets it, kind-figures.ts).
 */
export interface CohortFigures {
  tests: number;
  verdicts: number;
  units: number;
  perHundredThousandUnits: number;
}

/** Days after a daily metric's end date by which YouTube's figures for its last day are in. */
const DAILY_FIGURES_SETTLE_DAYS = 4;

/** A stored verdict that decided: a winner, or "performed the same". */
export const isVerdict = (verdict: string | null) => verdict === 'winner' || verdict === 'same';

export async function cohortFigures(db: Db, window: Window): Promise<CohortFigures> {
  const rows = await queryRows<TestSwitches & { verdict: string | null }>(
    db,
    sql`with slots as (${appliedSlotChanges}), per_test as (
          select test_id, count(*)::int as applied,
            count(*) filter (where title_changes)::int as title_changes,
            count(*) filter (where image_changes)::int as image_changes
          from slots group by 1
        ), cohort as (
          select t.* from title_tests t join users u on u.id = t.user_id
          where u.email like 'capacity-%' and t.status <> 'queued'
            and t.start_date >= ${window.from.toISOString()}::timestamptz
            and t.end_date + make_interval(days => case when t.winner_metric = 'views' then 0
              else ${DAILY_FIGURES_SETTLE_DAYS} end) <= ${window.to.toISOString()}::timestamptz
        )
        select c.verdict->>'verdict' as verdict, coalesce(p.applied, 0) as applied,
          coalesce(p.title_changes, 0) as "slotTitleChanges", coalesce(p.image_changes, 0) as "slotImageChanges",
          (select count(*)::int from sim_title_history h where h.video_id = c.video_id and h.since >= c.start_date) as "titleChanges",
          (select count(*)::int from (
             select sha256 is distinct from lag(sha256) over (order by since) as changes, since
             from sim_thumbnails where video_id = c.video_id) s
           where s.changes and s.since >= c.start_date) as "imageChanges"
        from cohort c left join per_test p on p.test_id = c.id`,
  );
  const units = rows.reduce((total, row) => total + floorUnitsOf(row), 0);
  const verdicts = rows.filter((row) => isVerdict(row.verdict)).length;
  return {
    tests: rows.length,
    verdicts,
    units,
    perHundredThousandUnits: units > 0 ? (verdicts * 100_000) / units : 0,
  };
}
