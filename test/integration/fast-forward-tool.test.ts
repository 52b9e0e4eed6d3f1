import { and, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotations } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo } from '../helpers/title-test-driver';

// The demo's fast-forward buttons: a test goes from created to decided through the real jobs.
// The channel's lag is not measured yet, so the test runs on 2-hour windows, and as the creator's
// first test of its shape it reads the video's counter for a day before its first switch.

let testApp: TestApp;
let founder: HttpClient;
let testId: string;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 5);
const HOUR = 3_600_000;

beforeAll(async () => {
  testApp = await startTestApp();
  founder = await demoCreator(testApp);
  const created = await founder.post('/api/tests', {
    videoId,
    titles: ['Fast-forwarded title A', 'Fast-forwarded title B'],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    endDate: new Date(testApp.clock.now().getTime() + 120 * HOUR).toISOString(),
    // "To the end" is the point here, not a daily look that stops the test early.
    runToEnd: true,
  });
  const body = (await created.json()) as { id: string; error?: string };
  expect(created.status, body.error).toBe(201);
  testId = body.id;
});
afterAll(async () => {
  await testApp.close();
});

interface Analytics {
  rotationsCount: number;
  verdict: { final: boolean; label: string; winnerTitleIndex: number | null };
}
interface Card {
  id: string;
  status: string;
  appliedTitle: string | null;
  titles: string[];
}

describe('fast-forward (founder tool, simulator only)', () => {
  it('refuses anyone but the founder, and a span it does not know', async () => {
    const alex = await googleCreator(testApp, 'sim-alex');
    expect((await alex.post(`/api/tests/${testId}/fast-forward`, { span: 'day' })).status).toBe(403);
    const bad = await founder.post(`/api/tests/${testId}/fast-forward`, { span: 'week' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/span must be day or end/);
  });

  it('+1 day moves the clock a day and applies the rotations due on the way', async () => {
    // The slots (lead-in and windows) the stored schedule has started by now: each must have been
    // applied.
    const slotsStarted = async () =>
      (
        await testApp.built.app.db
          .select({ id: rotations.id })
          .from(rotations)
          .where(and(eq(rotations.testId, testId), lte(rotations.plannedStart, testApp.clock.now())))
      ).length;
    const rotationsCount = async () =>
      ((await (await founder.get(`/api/tests/${testId}/analytics`)).json()) as Analytics).rotationsCount;
    // The first two days are the lead-in (Title 1 live while the counter is read: two days on a
    // video of the demo channel's traffic, docs/decisions/0058); the third switches titles every
    // two hours.
    for (const day of [1, 2, 3]) {
      const before = testApp.clock.now().getTime();
      const moved = await founder.post(`/api/tests/${testId}/fast-forward`, { span: 'day' });
      expect(moved.status).toBe(200);
      expect(testApp.clock.now().getTime() - before).toBeGreaterThanOrEqual(24 * HOUR);
      expect(await rotationsCount(), `day ${day}`).toBe(await slotsStarted());
    }
    expect(await rotationsCount()).toBeGreaterThanOrEqual(10);
  }, 600_000);

  it('to the end finishes the test: a final verdict, and the title it chose is live', async () => {
    const moved = await founder.post(`/api/tests/${testId}/fast-forward`, { span: 'end' });
    expect(moved.status).toBe(200);
    const cards = (await (await founder.get('/api/tests')).json()) as Card[];
    const card = cards.find((entry) => entry.id === testId)!;
    expect(card.status).toBe('completed');
    const analytics = (await (await founder.get(`/api/tests/${testId}/analytics`)).json()) as Analytics;
    expect(analytics.verdict.final).toBe(true);
    expect(card.appliedTitle).not.toBeNull();
    expect((await liveVideo(testApp, videoId)).title).toBe(card.appliedTitle);
    // Once decided there is nothing left to fast-forward.
    const again = await founder.post(`/api/tests/${testId}/fast-forward`, { span: 'end' });
    expect(again.status).toBe(409);
  }, 600_000);
});
