import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { dailyMetrics } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';
import type { HistoryDay } from '../../statistics/calibration';
import { addDays, pacificDay, pacificDayStart } from '../../time/pacific';

// A video's daily figures before a test, as the daily import stored them (Analytics views and
// minutes watched; reach impressions and CTR): what the forecast reads the video's own noise from
// (docs/statistics.md, "Calibration").

/** How far back a video's history is read: four weeks, within the 30 days YouTube's first reach files cover. */
export const HISTORY_DAYS = 28;

type DailyRow = typeof dailyMetrics.$inferSelect;

const historyDay = (row: DailyRow): HistoryDay => ({
  startsAt: pacificDayStart(row.day),
  views: row.views,
  impressions: row.impressions,
  impressionsCtr: typeof row.impressionsCtr === 'number' ? row.impressionsCtr : null,
  minutesWatched: row.estimatedMinutesWatched,
});

/** The rows of the HISTORY_DAYS Pacific days before `before`'s day that match `where`, oldest first. */
function rowsBefore(db: DbOrTx, before: Date, where: ReturnType<typeof eq>) {
  const today = pacificDay(before);
  return db
    .select()
    .from(dailyMetrics)
    .where(and(where, gte(dailyMetrics.day, addDays(today, -HISTORY_DAYS)), lt(dailyMetrics.day, today)))
    .orderBy(asc(dailyMetrics.day));
}

/** The video's days before `before`'s Pacific day (at most HISTORY_DAYS of them), oldest first. */
export async function videoHistory(db: DbOrTx, videoId: string, before: Date): Promise<HistoryDay[]> {
  return (await rowsBefore(db, before, eq(dailyMetrics.videoId, videoId))).map(historyDay);
}

/** The same for every video of the YouTube channel the product holds figures of, one list per video. */
export async function channelVideosHistory(
  db: DbOrTx,
  youtubeChannelId: string,
  before: Date,
): Promise<HistoryDay[][]> {
  const byVideo = new Map<string, HistoryDay[]>();
  for (const row of await rowsBefore(db, before, eq(dailyMetrics.channelId, youtubeChannelId)))
    byVideo.set(row.videoId, [...(byVideo.get(row.videoId) ?? []), historyDay(row)]);
  return [...byVideo.values()];
}
