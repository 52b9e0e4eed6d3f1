import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simVideos } from '../../db/schema';
import { addDays, nextPacificMidnight, pacificDay } from '../../src/time/pacific';
import { createOAuthClient, youtubeAnalyticsApi, youtubeApi } from '../../src/youtube/google-clients';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import {
  findVideos,
  seedSimulatedVideos,
  simulatedVideoId,
  titleHistories,
} from '../../src/youtube-simulator/video-store';
import { countersAt } from '../../src/youtube-simulator/video-traffic';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { control, signInDemo, simulatorOrigin, simulatorUnitsToday } from '../helpers/youtube-gateway';

// The simulator on its own, through the plain googleapis client: Google's behaviour that the
// gateway relies on (and must not paper over) is tested here.

let testApp: TestApp;
let youtube: ReturnType<typeof youtubeApi>;
let analytics: ReturnType<typeof youtubeAnalyticsApi>;
const app = () => testApp.built.app;
const demoVideo = (index: number) => simulatedVideoId('sim-demo', index);

async function googleError(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as {
    response?: { status: number; data: { error: { errors: Array<{ reason: string; domain: string }> } } };
  } | null;
  if (!error?.response) throw new Error('expected Google to refuse the request');
  return { status: error.response.status, ...error.response.data.error.errors[0]! };
}

/** Plain googleapis clients with a fresh demo access token (tests move the clock past its expiry). */
async function signIn() {
  const { connection } = await signInDemo(testApp);
  const auth = createOAuthClient(app().config, {
    access_token: app().cipher.decrypt(connection.accessTokenEncrypted!),
    expiry_date: Date.now() + 3_000_000,
  });
  youtube = youtubeApi(app().config, auth);
  analytics = youtubeAnalyticsApi(app().config, auth);
}

beforeAll(async () => {
  testApp = await startTestApp();
});
beforeEach(signIn);
afterAll(async () => {
  await testApp.close();
});

describe('videos.update part=snippet', () => {
  it('replaces the whole snippet: fields left out are removed', async () => {
    const id = demoVideo(7);
    const response = await youtube.videos.update({
      part: ['snippet'],
      requestBody: { id, snippet: { title: 'Watery Pasta Sauce? Fix It', categoryId: '26' } },
    });
    expect(response.data.snippet).not.toHaveProperty('tags');
    expect(response.data.snippet).not.toHaveProperty('defaultLanguage');
    const [row] = await app().db.select().from(simVideos).where(eq(simVideos.id, id));
    expect(row).toMatchObject({
      title: 'Watery Pasta Sauce? Fix It',
      description: '',
      tags: null,
      defaultLanguage: null,
      defaultAudioLanguage: null,
    });
  });

  it('refuses what YouTube refuses, charging 50 units each time, and changes nothing', async () => {
    const id = demoVideo(6);
    const before = (await findVideos(app().db, [id]))[0]!;
    const used = await simulatorUnitsToday(testApp);
    const update = (snippet: Record<string, unknown>, videoId = id) =>
      googleError(youtube.videos.update({ part: ['snippet'], requestBody: { id: videoId, snippet } }));
    expect(await update({ categoryId: '26' })).toMatchObject({ status: 400, reason: 'invalidVideoMetadata' });
    expect(await update({ title: 'No category' })).toMatchObject({
      status: 400,
      reason: 'invalidVideoMetadata',
    });
    expect(await update({ title: 'x'.repeat(101), categoryId: '26' })).toMatchObject({
      status: 400,
      reason: 'invalidTitle',
    });
    expect(await update({ title: 'Tags <3', categoryId: '26' })).toMatchObject({
      status: 400,
      reason: 'invalidTitle',
    });
    expect(await update({ title: 'Fine', categoryId: '99' })).toMatchObject({
      status: 400,
      reason: 'invalidCategoryId',
    });
    expect(await update({ title: 'Fine', categoryId: '26' }, simulatedVideoId('sim-sam', 0))).toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
    expect(await update({ title: 'Fine', categoryId: '26' }, 'nonexistent')).toMatchObject({
      status: 404,
      reason: 'videoNotFound',
    });
    expect(await simulatorUnitsToday(testApp)).toBe(used + 7 * 50);
    expect((await findVideos(app().db, [id]))[0]).toEqual(before);
  });
});

describe('quota', () => {
  it('answers 403 quotaExceeded (domain youtube.quota) once the day is spent, until Pacific midnight', async () => {
    const used = await simulatorUnitsToday(testApp);
    await control(testApp, 'POST', '/quota', { dailyQuota: used + 1 });
    await youtube.videos.list({ part: ['id'], id: [demoVideo(0)] });
    expect(await googleError(youtube.videos.list({ part: ['id'], id: [demoVideo(0)] }))).toMatchObject({
      status: 403,
      reason: 'quotaExceeded',
      domain: 'youtube.quota',
    });
    const state = await control(testApp, 'GET', '/state');
    expect(state.body.quota).toMatchObject({ used: used + 1, dailyQuota: used + 1 });

    const midnight = nextPacificMidnight(testApp.clock.now());
    const advanced = await control(testApp, 'POST', '/clock/advance', {
      ms: midnight.getTime() - testApp.clock.now().getTime() + 1000,
    });
    expect(advanced.status).toBe(200);
    expect(testApp.clock.now().getTime()).toBeGreaterThan(midnight.getTime());
    await control(testApp, 'POST', '/quota', { dailyQuota: 10_000 });
  });
});

describe('statistics and analytics', () => {
  it('serves view counts of the ground truth, growing as the clock moves', async () => {
    const id = demoVideo(0);
    const views = async () =>
      Number(
        (await youtube.videos.list({ part: ['statistics'], id: [id] })).data.items![0]!.statistics!.viewCount,
      );
    const [video] = await findVideos(app().db, [id]);
    const history = (await titleHistories(app().db, [id])).get(id)!;
    const served = await views();
    const truth = countersAt(video!, history, testApp.clock.now()).viewCount;
    expect(Math.abs(served - truth)).toBeLessThanOrEqual(2);
    testApp.clock.advance(6 * 3_600_000);
    await signIn();
    expect(await views()).toBeGreaterThan(served + 50);
  });

  it('reports by day only, never for the last two days', async () => {
    const error = await googleError(
      analytics.reports.query({
        ids: 'channel==MINE',
        startDate: '2026-01-01',
        endDate: '2026-01-02',
        metrics: 'views',
        dimensions: 'video',
      }),
    );
    expect(error.status).toBe(400);
    const today = pacificDay(testApp.clock.now());
    const report = await analytics.reports.query({
      ids: 'channel==MINE',
      startDate: '2000-01-01',
      endDate: '2100-01-01',
      metrics: 'views',
      dimensions: 'day',
    });
    const days = (report.data.rows ?? []).map((row: unknown[]) => String(row[0]));
    expect(days.length).toBeGreaterThan(30);
    expect(days.at(-1)).toBe(addDays(today, -2));
  });
});

describe('the simulated world', () => {
  it('is seeded once: a later start keeps videos, ids and history', async () => {
    const ids = videoCatalog['sim-demo']!.map((_, index) => demoVideo(index));
    const before = await findVideos(app().db, ids);
    await seedSimulatedVideos(app().db, new Date(testApp.clock.now().getTime() + 86_400_000));
    expect(await findVideos(app().db, ids)).toEqual(before);
    // The demo channel has weeks of history and one video already retitled.
    const ages = before.map(
      (video) => (testApp.clock.now().getTime() - video.publishedAt.getTime()) / 86_400_000,
    );
    expect(Math.max(...ages)).toBeGreaterThan(40);
    const histories = await titleHistories(app().db, ids);
    expect([...histories.values()].some((history) => history.length > 1)).toBe(true);
  });

  it('offers its control API on loopback, JSON only', async () => {
    const form = await fetch(`${simulatorOrigin(testApp)}/control/quota`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'dailyQuota=1',
    });
    expect(form.status).toBe(415);
    const truth = await control(testApp, 'GET', `/videos/${demoVideo(2)}/truth`);
    expect(truth.status).toBe(200);
    const titles = truth.body.titles as Array<{ title: string; truth: { ctr: number } }>;
    expect(titles).toHaveLength(2);
    expect(titles[0]!.truth.ctr).toBeGreaterThan(0);
  });
});
