import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { addDays, pacificDay } from '../time/pacific';
import type { SimulatorOptions } from './plugin';
import { admitReportingRequest, listParam } from './data-request';
import { sendGoogleError } from './google-errors';
import { findVideos, titleHistories, videosOfAccount, type SimVideo } from './video-store';
import { dayTraffic } from './video-traffic';

/** Analytics data lags: the newest day served is two days before the simulator's today. */
export const ANALYTICS_LAG_DAYS = 2;

const supportedMetrics = {
  views: 'INTEGER',
  estimatedMinutesWatched: 'INTEGER',
  averageViewDuration: 'INTEGER',
} as const;
type Metric = keyof typeof supportedMetrics;
const isMetric = (name: string): name is Metric => name in supportedMetrics;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const reportQuery = z.object({
  ids: z.string(),
  startDate: day,
  endDate: day,
  metrics: z.string().min(1),
  dimensions: z.string().optional(),
  filters: z.string().optional(),
});

function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let current = first; current <= last; current = addDays(current, 1)) days.push(current);
  return days;
}

/** YouTube Analytics v2 reports.query: daily views and watch time, per channel or per video. */
export function registerAnalyticsRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/v2/reports', async (request, reply) => {
    const caller = await admitReportingRequest(options, request, reply, 'analytics');
    if (!caller) return reply;
    const parsed = reportQuery.safeParse(request.query);
    if (!parsed.success)
      return sendGoogleError(
        reply,
        400,
        'badRequest',
        'Required: ids, startDate, endDate, metrics.',
        'global',
      );
    const query = parsed.data;
    if (query.ids !== 'channel==MINE' && query.ids !== `channel==${caller.account.channelId}`) {
      return sendGoogleError(reply, 403, 'forbidden', 'Forbidden', 'global');
    }
    const metrics = listParam(query.metrics);
    const unsupported = metrics.find((metric) => !isMetric(metric));
    if (unsupported)
      return sendGoogleError(
        reply,
        400,
        'badRequest',
        `Unknown identifier (${unsupported}) given in field parameters.metrics.`,
        'global',
      );
    if (query.dimensions !== 'day') {
      return sendGoogleError(
        reply,
        400,
        'badRequest',
        'The query is not supported: the simulator reports by day only.',
        'global',
      );
    }
    if (query.startDate > query.endDate)
      return sendGoogleError(reply, 400, 'badRequest', 'startDate is after endDate.', 'global');

    let videos: SimVideo[];
    const filter = /^video==(.+)$/.exec(query.filters ?? '');
    if (query.filters && !filter)
      return sendGoogleError(reply, 400, 'badRequest', 'The simulator filters by video only.', 'global');
    if (filter) {
      videos = await findVideos(options.db, filter[1]!.split(','));
      if (videos.some((video) => video.accountId !== caller.account.id))
        return sendGoogleError(reply, 403, 'forbidden', 'Forbidden', 'global');
    } else {
      videos = await videosOfAccount(options.db, caller.account.id);
    }
    const histories = await titleHistories(
      options.db,
      videos.map((video) => video.id),
    );
    const newest = addDays(pacificDay(caller.now), -ANALYTICS_LAG_DAYS);
    const last = query.endDate < newest ? query.endDate : newest;
    const firstPublished = videos.reduce<string | null>((first, video) => {
      const published = pacificDay(video.publishedAt);
      return first === null || published < first ? published : first;
    }, null);
    const first = firstPublished && firstPublished > query.startDate ? firstPublished : query.startDate;

    const rows = (firstPublished === null ? [] : daysBetween(first, last)).map((date) => {
      let views = 0;
      let watchTimeSec = 0;
      for (const video of videos) {
        const traffic = dayTraffic(video, histories.get(video.id) ?? [], date);
        views += traffic.views;
        watchTimeSec += traffic.watchTimeSec;
      }
      const values: Record<Metric, number> = {
        views: Math.round(views),
        estimatedMinutesWatched: Math.round(watchTimeSec / 60),
        averageViewDuration: views > 0 ? Math.round(watchTimeSec / views) : 0,
      };
      return [date, ...metrics.map((metric) => values[metric as Metric])];
    });
    return reply.send({
      kind: 'youtubeAnalytics#resultTable',
      columnHeaders: [
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        ...metrics.map((metric) => ({
          name: metric,
          columnType: 'METRIC',
          dataType: supportedMetrics[metric as Metric],
        })),
      ],
      rows,
    });
  });
}
