import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { quotaCosts } from '../../src/youtube/quota-ledger';
import { queryRows } from '../rotation/measure';
import type { Window } from './ledger-figures';

// What the run's YouTube quota bought (issue 34, item 5): the verdicts decided during the run —
// a winner, or "performed the same" — per 100,000 engine units, how long they took, and how many
// came from a daily look that stopped the test before its end date.

export interface VerdictFigures {
  /** Tests decided during the run, by verdict. */
  winners: number;
  same: number;
  inconclusive: number;
  /** Of the winners, those a daily look stopped before the end date. */
  stoppedEarly: number;
  /** Median days from a decided test's start to its decision (winners and same). */
  medianDays: number;
  /** Verdicts (winners and same) per 100,000 engine units of the run. */
  perHundredThousandUnits: number;
  /** The same for the tests whose outcome the run had to see whatever they did (see cohortOf). */
  cohort: CohortFigures;
}

/**
 * A run's units per verdict mix tests that ended with tests still running at its end (a 14-day
 * test started on day 6 spends units and cannot decide within 7 days), and a test that stops at a
 * look ends inside the run where the same test run to its end date would not. The cohort leaves
 * both out: the tests that started in the run and were due to end, verdict read, before it ended —
 * chosen by their planned end date, so the same tests in a run with and without stopping. Its
 * units are each test's own switches from start to end: one read per applied slot and per
 * ending that changed what is live, 50 per title or image change (the floor kindFigures checks the
 * ledger against, which it meets).
 */
export interface CohortFigures {
  tests: number;
  verdicts: number;
  units: number;
  perHundredThousandUnits: number;
}

/** Days after a daily metric's end date by which YouTube's figures for its last day are in. */
const DAILY_FIGURES_SETTLE_DAYS = 4;

export async function verdictFigures(db: Db, window: Window, engineUnits: number): Promise<VerdictFigures> {
  const rows = await queryRows<{ verdict: string | null; days: number; early: boolean }>(
    db,
    sql`select verdict->>'verdict' as verdict,
          extract(epoch from (decided_at - start_date)) / 86400 as days,
          decided_at < end_date as early
        from title_tests
        where decided_at >= ${window.from.toISOString()}::timestamptz
          and decided_at <= ${window.to.toISOString()}::timestamptz`,
  );
  const decided = rows.filter((row) => isVerdict(row.verdict));
  const days = decided.map((row) => Number(row.days)).sort((a, b) => a - b);
  const middle = days.length >> 1;
  return {
    winners: rows.filter((row) => row.verdict === 'winner').length,
    same: rows.filter((row) => row.verdict === 'same').length,
    inconclusive: rows.filter((row) => row.verdict === 'inconclusive').length,
    stoppedEarly: rows.filter((row) => row.verdict === 'winner' && row.early).length,
    medianDays:
      days.length === 0
        ? Number.NaN
        : days.length % 2
          ? days[middle]!
          : (days[middle - 1]! + days[middle]!) / 2,
    perHundredThousandUnits: engineUnits > 0 ? (decided.length * 100_000) / engineUnits : 0,
    cohort: await cohortOf(db, window),
  };
}

const isVerdict = (verdict: string | null) => verdict === 'winner' || verdict === 'same';

async function cohortOf(db: Db, window: Window): Promise<CohortFigures> {
  const rows = await queryRows<{
    verdict: string | null;
    applied: number;
    slotTitleChanges: number;
    slotImageChanges: number;
    titleChanges: number;
    imageChanges: number;
  }>(
    db,
    sql`with slots as (
          select r.test_id,
            coalesce(lag(v.title) over w, t.original_title) <> v.title as title_change,
            coalesce(lag(v.thumbnail_image_id) over w, t.original_thumbnail_image_id)
              is distinct from v.thumbnail_image_id as image_change
          from rotations r join title_variants v on v.id = r.variant_id join title_tests t on t.id = r.test_id
          where r.status = 'applied'
          window w as (partition by r.test_id order by r.slot)
        ), per_test as (
          select test_id, count(*)::int as applied,
            count(*) filter (where title_change)::int as title_changes,
            count(*) filter (where image_change)::int as image_changes
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
  let units = 0;
  for (const row of rows) {
    // A change YouTube saw that no slot explains was the ending's; it read the video once.
    const endings = Math.max(
      0,
      row.titleChanges - row.slotTitleChanges,
      row.imageChanges - row.slotImageChanges,
    );
    units +=
      (row.applied + endings) * quotaCosts['videos.list'] +
      row.titleChanges * quotaCosts['videos.update'] +
      row.imageChanges * quotaCosts['thumbnails.set'];
  }
  const verdicts = rows.filter((row) => isVerdict(row.verdict)).length;
  return {
    tests: rows.length,
    verdicts,
    units,
    perHundredThousandUnits: units > 0 ? (verdicts * 100_000) / units : 0,
  };
}
