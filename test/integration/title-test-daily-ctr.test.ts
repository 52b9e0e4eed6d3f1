import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { titleTests } from '../../db/schema';
import { finalFiguresComplete } from '../../src/title-tests/final-figures';
import { FINAL_FIGURES_WAIT_MS, finalFiguresStatus } from '../../src/title-tests/final-figures-status';
import { loadTestRecord } from '../../src/title-tests/title-test-records';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo } from '../helpers/title-test-driver';

// A whole daily CTR test on the simulator's clock, through the real jobs (rotations, view
// sampling, the daily collection at 01:30 Pacific) and the simulator's Analytics and reach
// reports, which serve a day two to three days after it.

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 4);
const DAY = 86_400_000;

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface Analytics {
  verdict: {
    verdict: string;
    winnerTitleIndex: number | null;
    awaitingFinalData: boolean;
    final: boolean;
  };
}

async function testRow(id: string) {
  const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id));
  return row!;
}

it('runs a daily CTR test to its end, puts the original back while YouTube’s last figures are due, then the winner', async () => {
  const before = await liveVideo(testApp, videoId);
  const { weaker, stronger } = await clearlyDifferentTitles(testApp, videoId, 'Five-minute breakfast, idea');
  const startDate = testApp.clock.now();
  const endDate = new Date(startDate.getTime() + 14 * DAY);
  const response = await creator.post('/api/tests', {
    videoId,
    titles: [weaker, stronger],
    winnerMetric: 'ctr',
    rotationIntervalMinutes: 1440,
    startDate: startDate.toISOString(),
    endDate: endDate.toISOString(),
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);
  const { id } = created;

  // To the end date: the test completes and the original title is back at once, while the
  // figures of its last days are still on their way from YouTube.
  const run = await fastForwardTo(testApp, endDate);
  expect(run.failures).toEqual([]);
  const ended = await testRow(id);
  expect(ended.status).toBe('completed');
  expect(ended.appliedTitle).toBe(before.title);
  expect((await liveVideo(testApp, videoId)).title).toBe(before.title);
  expect(ended.finalFiguresDueAt!.getTime()).toBe(ended.endedAt!.getTime() + FINAL_FIGURES_WAIT_MS);
  expect(finalFiguresStatus(ended)).toEqual({ awaiting: true, dueBy: ended.finalFiguresDueAt });
  expect(
    await finalFiguresComplete(testApp.built.app.db, (await loadTestRecord(testApp.built.app.db, id))!),
  ).toBe(false);
  const waiting = (await (await creator.get(`/api/tests/${id}/analytics`)).json()) as Analytics;
  expect(waiting.verdict).toMatchObject({ awaitingFinalData: true, final: false });

  // Three more days: the daily collection brings every analysed day, the verdict is decided on
  // them (before the deadline) and the truly better title goes live, nothing else changed.
  const after = await fastForwardTo(testApp, new Date(endDate.getTime() + 3 * DAY));
  expect(after.failures).toEqual([]);
  const decided = await testRow(id);
  expect(decided.finalFiguresDueAt).toBeNull();
  expect(finalFiguresStatus(decided)).toEqual({ awaiting: false, dueBy: null });
  expect(decided.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
  expect(decided.statusReason).not.toMatch(/had not arrived by the deadline/);
  expect(decided.appliedTitle).toBe(stronger);
  const live = await liveVideo(testApp, videoId);
  expect(live.title).toBe(stronger);
  expect(live.description).toBe(before.description);
  expect(live.tags).toEqual(before.tags);
  const final = (await (await creator.get(`/api/tests/${id}/analytics`)).json()) as Analytics;
  expect(final.verdict).toMatchObject({
    verdict: 'winner',
    winnerTitleIndex: 1,
    awaitingFinalData: false,
    final: true,
  });
}, 600_000);
