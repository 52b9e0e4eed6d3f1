import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/**
 * Counts one hit on `key` in a fixed window of `timeWindow` ms, kept in the database so every web
 * process shares one count (an in-memory counter would let N processes allow N times the limit):
 * the count so far in the current window and the ms until it ends.
 */
export async function countHit(
  db: Db,
  key: string,
  timeWindow: number,
  at: Date,
): Promise<{ current: number; ttl: number }> {
  const nowIso = at.toISOString();
  const windowStartBefore = new Date(at.getTime() - timeWindow).toISOString();
  const result = await db.execute<{ count: number; window_start: string | Date }>(
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${nowIso}::timestamptz, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartBefore}::timestamptz then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartBefore}::timestamptz then ${nowIso}::timestamptz else rate_limits.window_start end
    returning count, window_start`,
  );
  const row = rowsOf(result as Rows<{ count: number; window_start: string | Date }>)[0]!;
  const started = new Date(row.window_start).getTime();
  return { current: Number(row.count), ttl: Math.max(0, started + timeWindow - at.getTime()) };
}
