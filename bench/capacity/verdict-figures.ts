import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database';
import { queryRows } from '../rotation/measure';
import { cohortFigures, isVerdict, type CohortFigures } from './cohort-figures';
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
  /** The same for the tests whose outcome the run had to see whatever they did (cohort-figures.ts). */
  cohort: CohortFigures;
}

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
    cohort: await cohortFigures(db, window),
  };
}
