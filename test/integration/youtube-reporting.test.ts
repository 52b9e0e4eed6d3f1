import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelConnections, dailyMetrics } from '../../db/schema';
import { addDays, pacificDay } from '../../src/time/pacific';
import { formatDay } from '../../src/shared/moments';
import { importAnalytics, importReachData } from '../../src/youtube/gateway';
import {
  findVideos,
  simulatedVideoId,
  titleHistories,
  videosOfAccount,
} from '../../src/youtube-simulator/video-store';
import { dayTraffic } from '../../src/youtube-simulator/video-traffic';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { demoConnection, signInDemo } from '../helpers/youtube-gateway';

let testApp: TestApp;
const HOUR = 3_600_000;
const app = () => testApp.built.app;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

/** What the simulator's traffic model says a video did on a Pacific day. */
async function groundTruth(videoId: string, day: string) {
  const [video] = await findVideos(app().db, [videoId]);
  const history = (await titleHistories(app().db, [videoId])).get(videoId) ?? [];
  return dayTraffic(video!, history, day);
}

interface AccuracyStatus {
  enabled: boolean;
  accuracy: string;
  instructions: string;
  enableUrl: string | null;
}

describe('YouTube Analytics', () => {
  it('stores daily views and view duration up to two days ago, as the traffic model has them', async () => {
    const { connection } = await signInDemo(testApp);
    const videoId = simulatedVideoId('sim-demo', 2);
    const today = pacificDay(testApp.clock.now());
    const rows = await importAnalytics(app(), connection, {
      videoIds: [videoId],
      startDay: addDays(today, -9),
      endDay: today,
    });

    const expectedDays = Array.from({ length: 8 }, (_, index) => addDays(today, index - 9));
    expect(rows.map((row) => row.day)).toEqual(expectedDays);
    for (const row of rows) {
      const truth = await groundTruth(videoId, row.day);
      expect(row.views).toBe(Math.round(truth.views));
      expect(row.averageViewDurationSec).toBe(Math.round(truth.watchTimeSec / truth.views));
      expect(row.estimatedMinutesWatched).toBe(Math.round(truth.watchTimeSec / 60));
    }
    const stored = await app().db.select().from(dailyMetrics).where(eq(dailyMetrics.videoId, videoId));
    expect(stored.map((row) => [row.day, row.views, row.averageViewDurationSec]).sort()).toEqual(
      rows.map((row) => [row.day, row.views, row.averageViewDurationSec]).sort(),
    );
  });
});

describe('YouTube Reporting reach data', () => {
  it('requests the reach job at sign-in, imports the CSVs once delivered, and the accuracy status follows', async () => {
    const { client } = await signInDemo(testApp);
    let connection = await demoConnection(testApp);
    expect(connection.reportingJobId).toBeTruthy();
    const accuracy = async () =>
      (await (await client.get('/api/analytics/accuracy-status')).json()) as AccuracyStatus;
    expect(await accuracy()).toMatchObject({ enabled: false, enableUrl: null });
    expect((await accuracy()).accuracy).toMatch(/Views are measured.*Impressions and CTR are pending/);

    // Nothing before ~48 hours.
    expect(await importReachData(app(), connection)).toEqual({
      reportsImported: 0,
      rowsStored: 0,
      dataThrough: null,
    });

    const jobDay = pacificDay(testApp.clock.now());
    testApp.clock.advance(49 * HOUR);
    const first = await importReachData(app(), connection);
    // The 30 days before the job, and the job's own day once it has been over for ~6 h.
    expect(first.reportsImported).toBeGreaterThanOrEqual(30);
    connection = await demoConnection(testApp);
    expect(connection.reachDataThrough).toEqual(first.dataThrough);
    const lastDay = pacificDay(new Date(first.dataThrough!.getTime() - 1));
    expect(lastDay >= addDays(jobDay, -1)).toBe(true);

    // Every stored figure is the simulator's ground truth for that video and day.
    const videos = await videosOfAccount(app().db, 'sim-demo');
    const stored = await app()
      .db.select()
      .from(dailyMetrics)
      .where(
        and(
          inArray(
            dailyMetrics.videoId,
            videos.map((video) => video.id),
          ),
          eq(dailyMetrics.day, lastDay),
        ),
      );
    expect(stored.length).toBe(videos.filter((video) => pacificDay(video.publishedAt) <= lastDay).length);
    for (const row of stored) {
      const truth = await groundTruth(row.videoId, lastDay);
      expect(row.impressions).toBe(Math.round(truth.impressions));
      expect(row.impressionsCtr as number).toBeCloseTo(truth.clicks / truth.impressions, 5);
    }
    const oldest = await app()
      .db.select()
      .from(dailyMetrics)
      .where(eq(dailyMetrics.day, addDays(jobDay, -30)));
    expect(oldest.length).toBeGreaterThan(0);

    const enabled = await accuracy();
    expect(enabled.enabled).toBe(true);
    expect(enabled.accuracy).toContain(`through ${formatDay(lastDay)}`);
    expect(enabled.accuracy).toMatch(/Titlewise’s own estimates/);

    // Already imported files are not fetched again; the next day's file is.
    expect((await importReachData(app(), connection)).reportsImported).toBe(0);
    testApp.clock.advance(24 * HOUR);
    const next = await importReachData(app(), connection);
    expect(next.reportsImported).toBeGreaterThanOrEqual(1);
    expect(next.dataThrough!.getTime()).toBeGreaterThan(first.dataThrough!.getTime());

    // Analytics and reach figures of the same video and day live in one row.
    const videoId = videos[0]!.id;
    const reachDay = pacificDay(new Date(next.dataThrough!.getTime() - 1));
    await importAnalytics(app(), await demoConnection(testApp), {
      videoIds: [videoId],
      startDay: reachDay,
      endDay: reachDay,
    });
    const [merged] = await app()
      .db.select()
      .from(dailyMetrics)
      .where(and(eq(dailyMetrics.videoId, videoId), eq(dailyMetrics.day, reachDay)));
    expect(merged?.views).toBeGreaterThan(0);
    expect(merged?.impressions).toBeGreaterThan(0);

    // Reach data that stops arriving is said so: on this demo account, as catching up by itself
    // (a real creator reads "stopped arriving" and is asked to sign in again: accuracy.test.ts).
    testApp.clock.advance(10 * 24 * HOUR);
    const stale = await accuracy();
    expect(stale).toMatchObject({ enabled: false, enableUrl: null });
    expect(stale.accuracy).toMatch(/catching up/);
  });

  it('says what is missing when the Analytics permission was not granted, over REST and tRPC', async () => {
    const { client } = await signInDemo(testApp);
    const connection = await demoConnection(testApp);
    await app()
      .db.update(channelConnections)
      .set({ scopes: connection.scopes.filter((scope) => !scope.endsWith('yt-analytics.readonly')) })
      .where(eq(channelConnections.id, connection.id));
    const rest = (await (await client.get('/api/analytics/accuracy-status')).json()) as AccuracyStatus;
    expect(rest).toMatchObject({ enabled: false, enableUrl: '/api/auth/google' });
    expect(rest.accuracy).toMatch(/no access to YouTube Analytics/);
    const trpc = (await (await client.get('/trpc/analytics.accuracyStatus')).json()) as {
      result: { data: { json: AccuracyStatus } };
    };
    expect(trpc.result.data.json).toEqual(rest);
  });
});
