import { sql } from 'drizzle-orm';
import { dailyMetrics } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';

export interface DailyWatchMetrics {
  videoId: string;
  day: string;
  views: number;
  averageViewDurationSec: number;
  estimatedMinutesWatched: number;
}

export interface DailyReachMetrics {
  videoId: string;
  day: string;
  impressions: number;
  /** Impressions click-through rate as a fraction (0.052 = 5.2%), YouTube's own figure. */
  impressionsCtr: number;
}

/**
 * Called in the same transaction as each store of daily figures, with the videos they are for:
 * the title-test engine refreshes the figures derived from them there (src/title-tests/figures/stored-figures.ts).
 */
export type DailyMetricsStored = (db: DbOrTx, videoIds: string[]) => Promise<void>;

/** Stores rows and tells `onStored` in one transaction. */
export async function storeWithin<T extends { videoId: string }>(
  db: DbOrTx,
  rows: T[],
  store: (db: DbOrTx, rows: T[]) => Promise<void>,
  onStored?: DailyMetricsStored,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await store(tx, rows);
    await onStored?.(tx, [...new Set(rows.map((row) => row.videoId))]);
  });
}

/** When and for which channel a batch of daily figures was read (its data is erased by channel). */
export interface DailyMetricsStamp {
  fetchedAt: Date;
  channelId: string;
}

/** Stores Analytics figures per video and Pacific day; reach columns of the same row are kept. */
export async function storeWatchMetrics(
  db: DbOrTx,
  rows: DailyWatchMetrics[],
  { fetchedAt, channelId }: DailyMetricsStamp,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dailyMetrics)
    .values(rows.map((row) => ({ ...row, fetchedAt, channelId })))
    .onConflictDoUpdate({
      target: [dailyMetrics.videoId, dailyMetrics.day],
      set: {
        views: sql`excluded.views`,
        averageViewDurationSec: sql`excluded.average_view_duration_sec`,
        estimatedMinutesWatched: sql`excluded.estimated_minutes_watched`,
        fetchedAt,
        channelId,
      },
    });
}

/** Stores Reporting API reach figures per video and Pacific day; Analytics columns of the same row are kept. */
export async function storeReachMetrics(
  db: DbOrTx,
  rows: DailyReachMetrics[],
  { fetchedAt, channelId }: DailyMetricsStamp,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dailyMetrics)
    .values(rows.map((row) => ({ ...row, fetchedAt, channelId })))
    .onConflictDoUpdate({
      target: [dailyMetrics.videoId, dailyMetrics.day],
      set: {
        impressions: sql`excluded.impressions`,
        impressionsCtr: sql`excluded.impressions_ctr`,
        fetchedAt,
        channelId,
      },
    });
}
