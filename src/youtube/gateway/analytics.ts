import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';
import {
  storeWatchMetrics,
  storeWithin,
  type DailyMetricsStored,
  type DailyWatchMetrics,
} from './daily-metrics';
import { InvalidRequestError } from './errors';
import { openChannelClient } from './gateway-client';

const METRICS = ['views', 'estimatedMinutesWatched', 'averageViewDuration'] as const;

/**
 * YouTube Analytics v2 daily figures of one video (views, average view duration, minutes
 * watched) for Pacific days in [startDay, endDay]. Data arrives 48–72 h late: recent days are
 * simply absent. Days are YYYY-MM-DD.
 */
export async function analyticsDailyReport(
  app: ServiceContext,
  connection: ChannelConnection,
  query: { videoId: string; startDay: string; endDay: string },
): Promise<DailyWatchMetrics[]> {
  const client = openChannelClient(app, connection);
  const response = await client.call('youtubeAnalytics.reports.query', () =>
    client.analytics.reports.query({
      ids: 'channel==MINE',
      startDate: query.startDay,
      endDate: query.endDay,
      metrics: METRICS.join(','),
      dimensions: 'day',
      filters: `video==${query.videoId}`,
      sort: 'day',
    }),
  );
  const headers = (response.data.columnHeaders ?? []).map((header) => header.name ?? '');
  const at = (name: string) => {
    const index = headers.indexOf(name);
    if (index < 0)
      throw new InvalidRequestError(
        'missingColumn',
        `YouTube Analytics answered without the ${name} column.`,
      );
    return index;
  };
  const [day, views, minutes, average] = [
    at('day'),
    at('views'),
    at('estimatedMinutesWatched'),
    at('averageViewDuration'),
  ];
  return (response.data.rows ?? []).map((row: unknown[]) => ({
    videoId: query.videoId,
    day: String(row[day]),
    views: Number(row[views]),
    estimatedMinutesWatched: Number(row[minutes]),
    averageViewDurationSec: Math.round(Number(row[average])),
  }));
}

/** Pulls the daily Analytics figures of each video and stores them in daily_metrics. Returns the rows stored. */
export async function importAnalytics(
  app: ServiceContext,
  connection: ChannelConnection,
  query: { videoIds: string[]; startDay: string; endDay: string },
  onStored?: DailyMetricsStored,
): Promise<DailyWatchMetrics[]> {
  const stored: DailyWatchMetrics[] = [];
  for (const videoId of new Set(query.videoIds)) {
    const rows = await analyticsDailyReport(app, connection, {
      videoId,
      startDay: query.startDay,
      endDay: query.endDay,
    });
    const fetchedAt = app.clock.now();
    await storeWithin(
      app.db,
      rows,
      (db, own) => storeWatchMetrics(db, own, { fetchedAt, channelId: connection.youtubeChannelId }),
      onStored,
    );
    stored.push(...rows);
  }
  return stored;
}
