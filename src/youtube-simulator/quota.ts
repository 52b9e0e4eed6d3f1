import { eq, sql } from 'drizzle-orm';
import { simQuotaDays } from '../../db/schema';
import type { Db, DbOrTx } from '../db/database';
import { nextPacificMidnight, pacificDay } from '../time/pacific';
import { dailyQuota, dailyQuotaQuery } from './settings-store';

/** Google's unit costs for the Data API methods the simulator serves. */
export const dataApiCosts = {
  'channels.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'videos.update': 50,
  'videos.batchGetStats': 1,
  'thumbnails.set': 50,
} as const;
export type DataApiMethod = keyof typeof dataApiCosts;

export async function unitsUsedOn(db: DbOrTx, day: string): Promise<number> {
  const [row] = await db
    .select({ units: simQuotaDays.units })
    .from(simQuotaDays)
    .where(eq(simQuotaDays.day, day));
  return Number(row?.units ?? 0);
}

/**
 * The counter a request is charged to: the project's day, or, for a demo copy's account, that
 * copy's own day. A demo copy runs on a simulated quota of its own (as large as the project's), so
 * no demo visitor spends what real users' tests need, and one visitor's copy cannot starve
 * another's.
 */
export function quotaDayKey(day: string, account: { id: string; demoCopy: boolean }): string {
  return account.demoCopy ? `demo-copy:${account.id}:${day}` : day;
}

/**
 * Charges a request against the quota of `account`'s counter (quotaDayKey) for the Pacific day of
 * `now`, or refuses it when the day's allocation cannot cover it. One statement: the allocation
 * read, a conditional upsert on the day's running total (so concurrent requests never overspend and
 * never wait on each other for long) and the usage row of a charged request.
 */
export async function chargeQuota(
  db: Db,
  method: DataApiMethod,
  now: Date,
  account: { id: string; demoCopy: boolean },
): Promise<boolean> {
  const day = quotaDayKey(pacificDay(now), account);
  const units = dataApiCosts[method];
  const charged = await db.execute<{ units: number }>(sql`
    with allowed as (${dailyQuotaQuery()}),
    charged as (
      insert into sim_quota_days (day, units)
      select ${day}, ${units} from allowed where ${units}::int <= allowed.units
      on conflict (day) do update set units = sim_quota_days.units + excluded.units
        where sim_quota_days.units + excluded.units <= (select units from allowed)
      returning units
    ),
    logged as (
      insert into sim_quota_usage (day, method, units, at)
      select ${day}, ${method}, ${units}, ${now.toISOString()}::timestamptz from charged
    )
    select units from charged`);
  const rows = Array.isArray(charged) ? charged : (charged as { rows: unknown[] }).rows;
  return rows.length > 0;
}

export async function quotaState(db: DbOrTx, now: Date) {
  const day = pacificDay(now);
  const [used, allowed] = await Promise.all([unitsUsedOn(db, day), dailyQuota(db)]);
  return { day, used, dailyQuota: allowed, resetsAt: nextPacificMidnight(now).toISOString() };
}
