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

/** Stores Analytics figures per video and Pacific day; reach columns of the same row are kept. */
export async function storeWatchMetrics(
  db: DbOrTx,
  rows: DailyWatchMetrics[],
  fetchedAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dailyMetrics)
    .values(rows.map((row) => ({ ...row, fetchedAt })))
    .onConflictDoUpdate({
      target: [dailyMetrics.videoId, dailyMetrics.day],
      set: {
        views: sql`excluded.views`,
        averageViewDurationSec: sql`excluded.average_view_duration_sec`,
        estimatedMinutesWatched: sql`excluded.estimated_minutes_watched`,
        fetchedAt,
      },
    });
}

/** Stores Reporting API reach figures per video and Pacific day; Analytics columns of the same row are kept. */
export async function storeReachMetrics(
  db: DbOrTx,
  rows: DailyReachMetrics[],
  fetchedAt: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(dailyMetrics)
    .values(rows.map((row) => ({ ...row, fetchedAt })))
    .onConflictDoUpdate({
      target: [dailyMetrics.videoId, dailyMetrics.day],
      set: {
        impressions: sql`excluded.impressions`,
        impressionsCtr: sql`excluded.impressions_ctr`,
        fetchedAt,
      },
    });
}
