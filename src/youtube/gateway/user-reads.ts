import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../../context/service-context';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/database';
import { USER_READS_POOL_FRACTION, USER_READS_SHARE_FRACTION } from '../../shared/usage-limits';
import { nextPacificMidnight, pacificDay, pacificDayStart } from '../../time/pacific';
import { formatMoment } from '../../shared/moments';
import { YouTubeGatewayError } from './errors';
import { quotaCosts, type QuotaMethod } from '../quota-ledger';

/**
 * Reads of YouTube made on a user's request (the video picker, reading the video a new test is
 * for) spend the project's one daily quota. Each user may spend a share of it per Pacific day,
 * and all users together a pool that test creation keeps out of the rotations' budget, so no
 * user can spend what running tests or other users need (docs/decisions/0016). Calls made by
 * jobs (rotations, sampling, restoring titles) are never charged here and never refused here.
 */

export interface UserReadsQuota {
  /** Units all users together may spend per Pacific day on reads made at their request. */
  pool: number;
  /** Units one user may spend per Pacific day on such reads. */
  share: number;
}

export function userReadsQuota(config: Config): UserReadsQuota {
  return {
    pool: Math.floor(config.youtubeDailyQuota * USER_READS_POOL_FRACTION),
    share: Math.max(1, Math.floor(config.youtubeDailyQuota * USER_READS_SHARE_FRACTION)),
  };
}

const payer = new AsyncLocalStorage<{ userId: string }>();

/** Runs `work` with every YouTube call it makes charged to `userId`'s share (src/youtube/gateway). */
export function chargedToUser<T>(userId: string, work: () => Promise<T>): Promise<T> {
  return payer.run({ userId }, work);
}

/** The user a call made now is charged to, or null in a job. */
export function currentPayer(): string | null {
  return payer.getStore()?.userId ?? null;
}

const shareKey = (day: string, userId: string) => `youtube-reads:${day}:user:${userId}`;
const poolKey = (day: string) => `youtube-reads:${day}:all`;

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** 429: the user's share, or every user's pool, of today's quota for reads is spent. */
export class UserReadsRefusedError extends YouTubeGatewayError {
  readonly kind = 'quota';

  constructor(
    readonly spent: 'share' | 'pool',
    readonly units: number,
    readonly resetsAt: Date,
    now: Date,
  ) {
    const when = `It resets at midnight Pacific time (${formatMoment(resetsAt, null)}), in ${inWords(resetsAt.getTime() - now.getTime())}.`;
    super(
      'RATE_LIMITED',
      spent === 'share'
        ? `You have used your share of today's YouTube API quota (${units.toLocaleString('en-US')} units a day for each account). ${when}`
        : `Titlewise's YouTube API quota for browsing is used up for today (running tests go on). ${when}`,
      { retryAfterSeconds: Math.ceil((resetsAt.getTime() - now.getTime()) / 1000) },
    );
  }
}

type Rows<T> = T[] | { rows: T[] };
const rowsOf = <T>(result: Rows<T>): T[] => (Array.isArray(result) ? result : result.rows);

/** Adds `units` to the day's counter `key` unless that would pass `limit`: the new count, or null. */
async function reserve(
  db: DbOrTx,
  key: string,
  dayStart: Date,
  units: number,
  limit: number,
): Promise<number | null> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count)
    select ${key}, ${dayStart.toISOString()}::timestamptz, ${units}::integer where ${units}::integer <= ${limit}::integer
    on conflict (key) do update set count = rate_limits.count + excluded.count
      where rate_limits.count + excluded.count <= ${limit}::integer
    returning count`);
  const row = rowsOf(result as Rows<{ count: number }>)[0];
  return row ? Number(row.count) : null;
}

class Refusal extends Error {
  constructor(readonly spent: 'share' | 'pool') {
    super(spent);
  }
}

/**
 * Called by the gateway before each attempt of a call: inside `chargedToUser`, takes the call's
 * units from the user's share and the pool, or refuses (both counters move together or not at
 * all). Outside it (jobs), does nothing.
 */
export async function chargeUserRead(app: ServiceContext, method: QuotaMethod): Promise<void> {
  const userId = payer.getStore()?.userId;
  const units = quotaCosts[method];
  if (!userId || units === 0) return;
  const now = app.clock.now();
  const day = pacificDay(now);
  const dayStart = pacificDayStart(day);
  const limits = userReadsQuota(app.config);
  try {
    await app.db.transaction(async (tx) => {
      if ((await reserve(tx, shareKey(day, userId), dayStart, units, limits.share)) === null)
        throw new Refusal('share');
      const pool = await reserve(tx, poolKey(day), dayStart, units, limits.pool);
      if (pool === null) throw new Refusal('pool');
      // The day's first charge clears the counters of past days (and of long-ended rate-limit
      // windows, which share the table). Those windows run on real time, so they are judged by the
      // database's own clock: a move of the simulated clock must not end them.
      if (pool === units) {
        await tx.execute(
          sql`delete from rate_limits where (key like 'youtube-reads:%' and window_start < ${new Date(dayStart.getTime() - 3_600_000).toISOString()}::timestamptz) or (key not like 'youtube-reads:%' and window_start < now() - interval '1 hour')`,
        );
      }
    });
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    const units = error.spent === 'share' ? limits.share : limits.pool;
    throw new UserReadsRefusedError(error.spent, units, nextPacificMidnight(now), now);
  }
}

/**
 * Refuses up front when the user's share or the pool is already spent today, so an operation
 * that would read YouTube says so before it starts (the gateway's charge is the exact guard).
 */
export async function assertUserReadsLeft(app: ServiceContext, userId: string): Promise<void> {
  const now = app.clock.now();
  const day = pacificDay(now);
  const result = await app.db.execute<{ key: string; count: number }>(sql`
    select key, count from rate_limits where key in (${shareKey(day, userId)}, ${poolKey(day)})`);
  const counts = new Map(
    rowsOf(result as Rows<{ key: string; count: number }>).map((row) => [row.key, Number(row.count)]),
  );
  const limits = userReadsQuota(app.config);
  if ((counts.get(shareKey(day, userId)) ?? 0) >= limits.share)
    throw new UserReadsRefusedError('share', limits.share, nextPacificMidnight(now), now);
  if ((counts.get(poolKey(day)) ?? 0) >= limits.pool)
    throw new UserReadsRefusedError('pool', limits.pool, nextPacificMidnight(now), now);
}
