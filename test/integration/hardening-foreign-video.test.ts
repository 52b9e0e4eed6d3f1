import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotations, titleTests, titleVariants } from '../../db/schema';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 8: a running test on someone else's video must not show through its answer.
let testApp: TestApp;
let demo: HttpClient;
let alex: HttpClient;
const alexBusyVideo = simulatedVideoId('sim-alex', 0);
const alexIdleVideo = simulatedVideoId('sim-alex', 1);

beforeAll(async () => {
  testApp = await startTestApp();
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

const testOn = (videoId: string) => ({
  videoId,
  titles: ['Title one', 'Title two'],
  rotationIntervalMinutes: 240,
  winnerMetric: 'views',
});

describe("creating a test on another channel's video", () => {
  it('answers the same 404 whether or not that video has a running test, and changes nothing', async () => {
    const mine = await alex.post('/api/tests', testOn(alexBusyVideo));
    expect(mine.status).toBe(201);

    const before = await snapshot();
    const idle = await demo.post('/api/tests', testOn(alexIdleVideo));
    const busy = await demo.post('/api/tests', testOn(alexBusyVideo));
    expect([idle.status, await idle.json()]).toEqual([404, { error: 'Video on your channel not found.' }]);
    expect([busy.status, await busy.json()]).toEqual([404, { error: 'Video on your channel not found.' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('still answers 409 to the channel owner for their own running test', async () => {
    const again = await alex.post('/api/tests', testOn(alexBusyVideo));
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/already has a running test/);
  });
});
