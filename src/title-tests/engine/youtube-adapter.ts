import type { ServiceContext } from '../../context/service-context';
import type { DbOrTx } from '../../db/database';
import { importAnalytics, importReachData } from '../../youtube/gateway';
import { YouTubeGatewayError } from '../../youtube/gateway/errors';
import {
  batchStatistics,
  findVideo,
  findVideoWithForm,
  setTitle,
  type VideoSnippet,
  type VideoStatistics,
} from '../../youtube/gateway/videos';
import {
  fetchServedThumbnail,
  mayUploadCustomThumbnails,
  setThumbnail,
} from '../../youtube/gateway/thumbnails';
import { addDays, pacificDay } from '../../time/pacific';
import { HISTORY_DAYS } from '../figures/video-history';
import { refreshTestFigures } from '../figures/stored-figures';
import { loadTestRecord } from '../records/title-test-records';
import type { LiveVideo, TitleTestYouTube, YouTubeFailure } from './youtube-port';

/** A video as the engine holds it, from the gateway's read. */
function liveVideoOf(found: { snippet: VideoSnippet; statistics: VideoStatistics }): LiveVideo {
  return {
    id: found.snippet.videoId,
    channelId: found.snippet.channelId,
    title: found.snippet.title,
    viewCount: found.statistics.viewCount,
    thumbnailUrl: found.snippet.thumbnailUrl,
    snippet: found.snippet,
  };
}

/** The rotation engine's YouTube port, on the gateway (src/youtube/gateway). */
export function gatewayYouTube(app: ServiceContext): TitleTestYouTube {
  return {
    async getVideo(connection, videoId) {
      const found = await findVideo(app, connection, videoId);
      return found && liveVideoOf(found);
    },
    async getVideoToTest(connection, videoId) {
      const found = await findVideoWithForm(app, connection, videoId);
      return found && { ...liveVideoOf(found), form: found.form };
    },
    async setTitle(connection, live, title) {
      const result = await setTitle(app, connection, live.id, title, { current: live.snippet });
      return { title: result.after.title, confirmed: result.confirmed };
    },
    async viewCounts(connection, videoIds) {
      const statistics = await batchStatistics(app, connection, videoIds);
      return new Map([...statistics].map(([id, entry]) => [id, entry.viewCount]));
    },
    servedThumbnail: (url) => fetchServedThumbnail(app, url),
    setThumbnail: (connection, videoId, image) => setThumbnail(app, connection, videoId, image),
    maySetThumbnails: (connection) => mayUploadCustomThumbnails(app, connection),
    classify(error): YouTubeFailure {
      if (error instanceof YouTubeGatewayError) return { kind: error.kind, message: error.message };
      return { kind: 'transient', message: error instanceof Error ? error.message : String(error) };
    },
  };
}

/**
 * Pulls YouTube's daily figures for a test's days into daily_metrics: Analytics (views, view
 * duration) for the video, and the channel's new reach reports (impressions, CTR).
 */
export function gatewayDailyCollector(app: ServiceContext) {
  return async (testId: string): Promise<number> => {
    const record = await loadTestRecord(app.db, testId);
    if (!record) return 0;
    const now = app.clock.now();
    // The figures derived from the daily rows are refreshed in the transaction that stores them.
    const refresh = (db: DbOrTx, videoIds: string[]) =>
      refreshTestFigures(db, { videoIds }, app.clock.now()).then(() => undefined);
    const rows = await importAnalytics(
      app,
      record.connection,
      {
        videoIds: [record.test.videoId],
        // The weeks before the test too: the forecast reads the video's own noise from them.
        startDay: addDays(pacificDay(record.test.startDate), -HISTORY_DAYS),
        endDay: pacificDay(record.test.endedAt ?? now),
      },
      refresh,
    );
    const reach = await importReachData(app, record.connection, refresh);
    return rows.length + reach.rowsStored;
  };
}
