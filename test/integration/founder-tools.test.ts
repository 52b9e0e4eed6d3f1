import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo } from '../helpers/title-test-driver';

// This file runs the real workers (as `npm start` does), not the deterministic driver.
let testApp: TestApp;
let founder: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 4);

beforeAll(async () => {
  testApp = await startTestApp({ WORKERS: 'true' });
  founder = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface Analytics {
  rotationsCount: number;
  rotationLogs: Array<{ titleText: string }>;
}

async function analyticsOf(testId: string): Promise<Analytics> {
  return (await (await founder.get(`/api/tests/${testId}/analytics`)).json()) as Analytics;
}

it('lets the founder apply the next rotation now and collect metrics now, through the workers', async () => {
  const created = await founder.post('/api/tests', {
    videoId,
    titles: ['Founder A', 'Founder B'],
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // The workers apply the first rotation on their own.
  for (let attempt = 0; attempt < 100 && (await analyticsOf(id)).rotationsCount === 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect((await analyticsOf(id)).rotationsCount).toBe(1);

  const simulated = await founder.post(`/api/tests/${id}/simulate-rotation`);
  expect(simulated.status).toBe(200);
  expect(((await simulated.json()) as { message: string }).message).toBe('Rotation 2 applied.');
  const analytics = await analyticsOf(id);
  expect(analytics.rotationsCount).toBe(2);
  expect((await liveVideo(testApp, videoId)).title).toBe(analytics.rotationLogs[1]!.titleText);

  const forced = await founder.post(`/api/tests/${id}/force-analytics`);
  expect(forced.status).toBe(200);
  expect(((await forced.json()) as { message: string }).message).toMatch(/Collected 1 view samples/);
  // The demo account's Free plan runs one test at a time: make room for the next.
  expect((await founder.post(`/api/tests/${id}/complete`)).status).toBe(200);
});

it('reaches the first window even when the test’s job has not yet put its lead-in live', async () => {
  // A daily test's lead-in (the original title until Pacific midnight) is applied by the workers
  // when the test starts; Simulate Rotation asked before that applies it first, then the window.
  const created = await founder.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 5),
    titles: ['Founder C', 'Founder D'],
    rotationIntervalMinutes: 1440,
    winnerMetric: 'ctr',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const simulated = await founder.post(`/api/tests/${id}/simulate-rotation`);
  expect(simulated.status).toBe(200);
  expect(((await simulated.json()) as { message: string }).message).toBe('Rotation 2 applied.');
  const analytics = (await (await founder.get(`/api/tests/${id}/analytics`)).json()) as Analytics & {
    expected: { firstRotation: unknown };
  };
  expect(analytics.rotationsCount).toBe(2);
  // No lead-in notice any more: the first window has begun.
  expect(analytics.expected.firstRotation).toBeNull();
});
