import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotations, simVideos, titleTests, titleVariants } from '../../db/schema';
import { COLLECTING_DATA_LABEL, isWeakForecast, WEAK_PLAN_CONFIRM } from '../../src/shared/test-shapes';
import type { VerdictView } from '../../src/title-tests/records/title-tests.schemas';
import { estimateViewsPerDay } from '../../src/shared/video-traffic';
import type { RecentVideo } from '../../src/videos/videos.schemas';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 24, item 2: a shape the plan says cannot decide on this video's traffic (it would only
// notice a title that doubles views per hour) is refused at creation, or started only with the
// creator's explicit acknowledgement. The server works the plan out itself, from the video it reads.

let testApp: TestApp;
let demo: HttpClient;
/** A demo upload turned into a quiet video: about a hundred views a day, nearly all from outside YouTube's feeds. */
const quietVideo = simulatedVideoId(DEMO_ACCOUNT_ID, 4);
const normalVideo = simulatedVideoId(DEMO_ACCOUNT_ID, 2);
/** Another turned into a tiny channel's video: a handful of views a day. */
const tinyVideo = simulatedVideoId(DEMO_ACCOUNT_ID, 5);
const DAY = 86_400_000;

beforeAll(async () => {
  testApp = await startTestApp();
  demo = await demoCreator(testApp);
  // The simulator's ground truth for the video: almost no impressions, about five outside views an
  // hour, so its public counter shows about 120 views a day since it was published: enough for
  // every title of a short test to reach the views a verdict needs, too few to notice less than
  // a doubling in four days (fewer views are refused outright, as a test that cannot decide).
  await testApp.built.app.db
    .update(simVideos)
    .set({ baseImpressionsPerHour: 3, externalViewsPerHour: 5, decayHalfLifeDays: 1_000 })
    .where(eq(simVideos.id, quietVideo));
  await testApp.built.app.db
    .update(simVideos)
    .set({ baseImpressionsPerHour: 3, externalViewsPerHour: 0.2, decayHalfLifeDays: 1_000 })
    .where(eq(simVideos.id, tinyVideo));
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

const QUIET_DAYS = 4;
const daysOfViews = (videoId: string, days: number) => ({
  videoId,
  titles: ['Quiet little video', 'A louder title for it'],
  winnerMetric: 'views',
  // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
  rotationIntervalMinutes: 120,
  endDate: new Date(testApp.clock.now().getTime() + days * DAY).toISOString(),
});
const weekOfViews = (videoId: string) => daysOfViews(videoId, 7);
const quietTest = () => daysOfViews(quietVideo, QUIET_DAYS);

async function recentVideo(videoId: string): Promise<RecentVideo> {
  const recent = (await (await demo.get('/api/videos/recent')).json()) as RecentVideo[];
  const video = recent.find((entry) => entry.id === videoId);
  if (!video) throw new Error(`video ${videoId} is not among the recent uploads`);
  return video;
}

describe('a plan too weak for the video’s traffic', () => {
  it('is refused without the acknowledgement, in plain words, and nothing is written', async () => {
    const video = await recentVideo(quietVideo);
    const viewsPerDay = estimateViewsPerDay(video, testApp.clock.now())!;
    expect(viewsPerDay).toBeGreaterThan(60);
    expect(viewsPerDay).toBeLessThan(250);
    // The preview the dialog shows for the same shape and traffic says it is weak (the same threshold).
    const query = new URLSearchParams({
      titleCount: '2',
      rotationIntervalMinutes: '120',
      durationDays: String(QUIET_DAYS),
      winnerMetric: 'views',
      viewsPerDay: String(viewsPerDay),
    });
    const plan = (await (await demo.get(`/api/tests/plan?${query}`)).json()) as {
      canDecide: boolean;
      minimumDetectableLiftPercent: number | null;
    };
    expect(plan.canDecide).toBe(true);
    expect(isWeakForecast(plan.minimumDetectableLiftPercent)).toBe(true);

    const before = await snapshot();
    for (const body of [quietTest(), { ...quietTest(), acknowledgeWeakPlan: false }]) {
      const response = await demo.post('/api/tests', body);
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(
        /^On this video’s traffic \(about [\d.]+ views? a day\) this test would only notice a title that (doubles its views per hour|gets [\d.,]+ times the views per hour of the original), so it would very likely end Inconclusive\. Make it longer, use fewer titles, or confirm that you want to start it anyway\.$/,
      );
      expect(error).toContain(WEAK_PLAN_CONFIRM);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a malformed acknowledgement as bad input, writing nothing', async () => {
    const before = await snapshot();
    const response = await demo.post('/api/tests', { ...quietTest(), acknowledgeWeakPlan: 'yes' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/acknowledgeWeakPlan/);
    expect(await snapshot()).toEqual(before);
  });

  it('is created when the creator acknowledges it', async () => {
    const response = await demo.post('/api/tests', { ...quietTest(), acknowledgeWeakPlan: true });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; status: string; titles: string[] };
    expect(created.status).toBe('active');
    expect(created.titles).toEqual(['Quiet little video', 'A louder title for it']);
    // Its panel: collecting data, the original live if it ended now, the days of the plan.
    const verdictOf = async () =>
      ((await (await demo.get(`/api/tests/${created.id}/analytics`)).json()) as { verdict: VerdictView })
        .verdict;
    expect(await verdictOf()).toMatchObject({
      verdict: 'inconclusive',
      label: COLLECTING_DATA_LABEL,
      stage: 'running',
      recommendedTitleIndex: 0,
      winnerTitleIndex: null,
      pValue: null,
      progress: { met: false, days: { measured: 0, planned: QUIET_DAYS } },
    });
    // The demo plan runs one test at a time: make room for the next case.
    expect((await demo.post(`/api/tests/${created.id}/cancel`)).status).toBe(200);
    expect(await verdictOf()).toMatchObject({ stage: 'cancelled', recommendedTitleIndex: 0 });
  });

  it('leaves a video with ordinary traffic alone: the same shape starts without any acknowledgement', async () => {
    const video = await recentVideo(normalVideo);
    expect(estimateViewsPerDay(video, testApp.clock.now())!).toBeGreaterThan(500);
    const response = await demo.post('/api/tests', weekOfViews(normalVideo));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; status: string };
    expect(created.status).toBe('active');
    expect((await demo.post(`/api/tests/${created.id}/cancel`)).status).toBe(200);
  });

  it('refuses a video with a handful of views a day outright, acknowledged or not: its titles could not all reach the views a verdict needs', async () => {
    const video = await recentVideo(tinyVideo);
    expect(estimateViewsPerDay(video, testApp.clock.now())!).toBeLessThan(30);
    const before = await snapshot();
    for (const acknowledgeWeakPlan of [false, true]) {
      const response = await demo.post('/api/tests', { ...weekOfViews(tinyVideo), acknowledgeWeakPlan });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(
        /^This test cannot reach a verdict\. A 7-day test is too short to compare 2 titles: each title would draw about \d+ views?, too few to be sure every one reaches the 30 a verdict needs\. /,
      );
    }
    expect(await snapshot()).toEqual(before);
  });
});
