import { eq, sql, sum } from 'drizzle-orm';
import { simQuotaUsage } from '../../db/schema';
import type { Db, DbOrTx } from '../db/database';
import { nextPacificMidnight, pacificDay } from '../time/pacific';
import { dailyQuota } from './settings-store';

/** Google's unit costs for the Data API methods the simulator serves. */
export const dataApiCosts = {
  'channels.list': 1,
  'playlistItems.list': 1,
  'videos.list': 1,
  'videos.update': 50,
  'videos.batchGetStats': 1,
} as const;
export type DataApiMethod = keyof typeof dataApiCosts;

export async function unitsUsedOn(db: DbOrTx, day: string): Promise<number> {
  const [row] = await db
    .select({ units: sum(simQuotaUsage.units) })
    .from(simQuotaUsage)
    .where(eq(simQuotaUsage.day, day));
  return Number(row?.units ?? 0);
}

/**
 * Charges a request against the project's quota for the Pacific day of `now`, or refuses it
 * when the day's allocation cannot cover it. Serialised with an advisory lock so concurrent
 * requests never overspend.
 */
export async function chargeQuota(db: Db, method: DataApiMethod, now: Date): Promise<boolean> {
  const day = pacificDay(now);
  const units = dataApiCosts[method];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sim_quota_usage'))`);
    const [used, allowed] = await Promise.all([unitsUsedOn(tx, day), dailyQuota(tx)]);
    if (used + units > allowed) return false;
    await tx.insert(simQuotaUsage).values({ day, method, units, at: now });
    return true;
  });
}

export async function quotaState(db: DbOrTx, now: Date) {
  const day = pacificDay(now);
  const [used, allowed] = await Promise.all([unitsUsedOn(db, day), dailyQuota(db)]);
  return { day, used, dailyQuota: allowed, resetsAt: nextPacificMidnight(now).toISOString() };
}
