import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/**
 * A fixed-window counter in the database, so every web process shares one limit (an in-memory
 * store would let N processes allow N times the limit).
 */
export function databaseRateLimitStore(db: Db, now: () => Date) {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const at = now();
      const nowIso = at.toISOString();
      const windowStartBefore = new Date(at.getTime() - timeWindow).toISOString();
      db.execute<{ count: number; window_start: string | Date }>(
        sql`
        insert into rate_limits (key, window_start, count) values (${this.prefix + key}, ${nowIso}::timestamptz, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${windowStartBefore}::timestamptz then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${windowStartBefore}::timestamptz then ${nowIso}::timestamptz else rate_limits.window_start end
        returning count, window_start`,
      )
        .then((result) => {
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
            count: number;
            window_start: string | Date;
          }>;
          const row = rows[0]!;
          const started = new Date(row.window_start).getTime();
          callback(null, {
            current: Number(row.count),
            ttl: Math.max(0, started + timeWindow - at.getTime()),
          });
        })
        .catch((error: unknown) => callback(error as Error));
    }

    // @fastify/rate-limit passes the merged route params, with the route under routeInfo.
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new DatabaseRateLimitStore(undefined, `${String(route?.method)} ${route?.url}:`);
    }
  }
  return DatabaseRateLimitStore;
}
