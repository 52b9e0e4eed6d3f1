import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotations, titleTests, titleVariants, users } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo, runDueWork } from '../helpers/title-test-driver';

let testApp: TestApp;
let demo: HttpClient;
let alex: HttpClient;
const demoVideo = simulatedVideoId(DEMO_ACCOUNT_ID, 2);
const alexVideo = simulatedVideoId('sim-alex', 0);

beforeAll(async () => {
  testApp = await startTestApp({ YOUTUBE_DAILY_QUOTA: '1500' });
  demo = await demoCreator(testApp);
  alex = await googleCreator(testApp, 'sim-alex');
});
afterAll(async () => {
  await testApp.close();
});

async function snapshot() {
  const db = testApp.built.app.db;
  return {
    tests: await db.select().from(titleTests),
    variants: await db.select().from(titleVariants),
    rotations: await db.select().from(rotations),
  };
}

const valid = () => ({
  videoId: demoVideo,
  titles: ['Title one', 'Title two'],
  rotationIntervalMinutes: 240,
  winnerMetric: 'views',
});
const inHours = (hours: number) => new Date(testApp.clock.now().getTime() + hours * 3_600_000).toISOString();

describe('creating a test: every rule answers 400 with a clear message and writes nothing', () => {
  const cases: Array<[string, () => Record<string, unknown>, RegExp]> = [
    ['no video', () => ({ ...valid(), videoId: '' }), /Please select a video/],
    ['one title', () => ({ ...valid(), titles: ['Only one', '   ', ''] }), /^Title 2 is empty$/],
    ['no baseline', () => ({ ...valid(), titles: ['', 'Second', 'Third'] }), /^Title 1 is empty$/],
    [
      'six titles',
      () => ({ ...valid(), titles: ['a', 'b', 'c', 'd', 'e', 'f'] }),
      /At most 5 title variants/,
    ],
    [
      'duplicate titles',
      () => ({ ...valid(), titles: ['Same', 'Other', ' same'] }),
      /^Title 3 is the same as Title 1$/,
    ],
    [
      'a title over 100 characters',
      () => ({ ...valid(), titles: ['ok', 'x'.repeat(101)] }),
      /^Title 2 is 101 characters; YouTube allows at most 100$/,
    ],
    [
      'angle brackets',
      // The creator's words and the title's number from 1, not "titles.1: …" (issue 26, item 3).
      () => ({ ...valid(), titles: ['ok', 'A <b>bold</b> title'] }),
      /^Title 2 can't contain < or > \(YouTube refuses them\)$/,
    ],
    [
      'a 30-minute interval',
      () => ({ ...valid(), rotationIntervalMinutes: 30 }),
      /60, 120, 240, 480, 720, 1440/,
    ],
    ['an unknown metric', () => ({ ...valid(), winnerMetric: 'likes' }), /ctr, views or combined/],
    [
      'CTR on 4-hour windows (YouTube reports CTR per day)',
      () => ({ ...valid(), winnerMetric: 'ctr' }),
      /CTR is reported by YouTube once a day.*1440 minutes/,
    ],
    [
      'watch time per impression on hourly windows',
      () => ({ ...valid(), winnerMetric: 'combined', rotationIntervalMinutes: 60 }),
      /Watch time per impression is reported by YouTube once a day/,
    ],
    ['a malformed date', () => ({ ...valid(), startDate: 'tomorrow' }), /ISO date-time/],
    [
      'end before start',
      () => ({ ...valid(), startDate: inHours(2), endDate: inHours(1) }),
      /end date must be after the start/,
    ],
    ['a start in the past', () => ({ ...valid(), startDate: inHours(-3) }), /start date is in the past/],
    ['too long', () => ({ ...valid(), endDate: inHours(24 * 90) }), /at most 60 days/],
    [
      'too short to reach a verdict',
      () => ({ ...valid(), endDate: inHours(12) }),
      /cannot reach a verdict\. A 12-hour test is too short to compare 2 titles: each title would be live in only \d windows?, and a verdict needs at least 2\. Make it at least \d+ days? long/,
    ],
    [
      'a daily CTR test of 5 titles in a week',
      () => ({
        ...valid(),
        titles: ['One', 'Two', 'Three', 'Four', 'Five'],
        winnerMetric: 'ctr',
        rotationIntervalMinutes: 1440,
        endDate: inHours(24 * 7),
      }),
      /cannot reach a verdict\. A 7-day test is too short to compare 5 titles: each title would be live for only 1 full YouTube day, and a verdict needs at least 2\. Make it at least \d+ days long/,
    ],
    [
      'a first 2-hour test of 3 days: its day reading the video leaves too few windows',
      () => ({ ...valid(), rotationIntervalMinutes: 120, endDate: inHours(72) }),
      /^This test cannot reach a verdict\. A 3-day test is too short to compare 2 titles: each title would be live in only \d+ windows, too few to tell a real difference from ordinary ups and downs\..* Make it at least \d+ days long\.$/,
    ],
    ['unknown fields', () => ({ ...valid(), owner: 'someone-else' }), /Unrecognized key/],
  ];
  for (const [name, body, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = await snapshot();
      const response = await demo.post('/api/tests', body());
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
      expect(await snapshot()).toEqual(before);
    });
  }

  it("refuses a video that is not on the creator's channel (404)", async () => {
    const before = await snapshot();
    const response = await demo.post('/api/tests', { ...valid(), videoId: alexVideo });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Video on your channel not found.' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses anonymous callers (401)', async () => {
    const response = await fetch(`${testApp.url}/api/tests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(response.status).toBe(401);
  });
});

describe('limits and ownership', () => {
  let demoTestId: string;

  it('starts a valid test, then refuses a second running test on the free plan, pointing to /paywall', async () => {
    const created = await demo.post('/api/tests', valid());
    expect(created.status).toBe(201);
    demoTestId = ((await created.json()) as { id: string }).id;
    await runDueWork(testApp);
    const second = await demo.post('/api/tests', {
      ...valid(),
      videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 3),
    });
    expect(second.status).toBe(403);
    expect(((await second.json()) as { error: string }).error).toMatch(
      /Free plan allows 1 running test.*\/paywall/,
    );
  });

  it('refuses a second test on a video that already has one (409)', async () => {
    await testApp.built.app.db.update(users).set({ subscriptionTier: 'authority' });
    const again = await demo.post('/api/tests', valid());
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already has a running test/);
  });

  it('refuses a test that would overrun the daily YouTube quota, suggesting a longer interval', async () => {
    // A real creator: a demo account's tests run on a simulated quota of their own.
    const response = await alex.post('/api/tests', {
      ...valid(),
      videoId: alexVideo,
      // 2-hour windows (1-hour ones are refused first on a channel that has not measured its lag).
      rotationIntervalMinutes: 120,
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /YouTube API units a day.*longer rotation interval/,
    );
  });

  it("answers 404 to another creator acting on or reading someone's test, and changes nothing", async () => {
    const before = await snapshot();
    const titleBefore = (await liveVideo(testApp, demoVideo)).title;
    for (const action of ['pause', 'complete', 'cancel']) {
      const response = await alex.post(`/api/tests/${demoTestId}/${action}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Test not found.' });
    }
    expect((await alex.get(`/api/tests/${demoTestId}/analytics`)).status).toBe(404);
    const list = (await (await alex.get('/api/tests')).json()) as unknown[];
    expect(list).toEqual([]);
    await runDueWork(testApp);
    expect(await snapshot()).toEqual(before);
    expect((await liveVideo(testApp, demoVideo)).title).toBe(titleBefore);
  });

  it('lets only one of two simultaneous creations for one video through', async () => {
    // The defaults: judged on CTR, which YouTube reports per day, so the interval defaults to daily.
    const body = { videoId: alexVideo, titles: ['Race one', 'Race two'] };
    const responses = await Promise.all([alex.post('/api/tests', body), alex.post('/api/tests', body)]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const created = responses.find((response) => response.status === 201)!;
    expect(await created.json()).toMatchObject({ winnerMetric: 'ctr', rotationIntervalMinutes: 1440 });
  });

  it('keeps founder tools for the founder', async () => {
    expect((await alex.post(`/api/tests/${demoTestId}/simulate-rotation`)).status).toBe(403);
    const unknownAction = await demo.post(`/api/tests/${demoTestId}/explode`);
    expect(unknownAction.status).toBe(400);
    expect(((await unknownAction.json()) as { error: string }).error).toMatch(
      /pause, resume, complete or cancel/,
    );
  });
});
