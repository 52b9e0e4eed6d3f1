import { eq, sql } from 'drizzle-orm';
import { simSettings } from '../../db/schema';
import type { DbOrTx } from '../db/database';

/** Google's default Data API allocation per project and day. */
export const DEFAULT_DAILY_QUOTA = 10_000;

export async function readSetting<T>(db: DbOrTx, key: string, fallback: T): Promise<T> {
  const [row] = await db.select().from(simSettings).where(eq(simSettings.key, key)).limit(1);
  return row ? (row.value as T) : fallback;
}

export async function writeSetting(db: DbOrTx, key: string, value: unknown): Promise<void> {
  await db
    .insert(simSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: simSettings.key, set: { value } });
}

const DAILY_QUOTA_KEY = 'daily_quota';
export const dailyQuota = (db: DbOrTx) => readSetting(db, DAILY_QUOTA_KEY, DEFAULT_DAILY_QUOTA);
/** The daily quota as a subquery (one row, column `units`), for a statement that charges it. */
export const dailyQuotaQuery = () =>
  sql`select coalesce((select (value #>> '{}')::int from sim_settings where key = ${DAILY_QUOTA_KEY}), ${DEFAULT_DAILY_QUOTA}::int) as units`;
export const setDailyQuota = (db: DbOrTx, units: number) => writeSetting(db, DAILY_QUOTA_KEY, units);
