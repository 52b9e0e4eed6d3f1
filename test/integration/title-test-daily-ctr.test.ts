import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { titleTests } from '../../db/schema';
import { DAILY_METRICS_TIME } from '../../src/title-tests/figures/collection-times';
import { addDays, pacificDay, pacificDayStart } from '../../src/time/pacific';
import { finalFiguresComplete } from '../../src/title-tests/figures/final-figures';
import {
  FINAL_FIGURES_WAIT_MS,
  finalFiguresStatus,
} from '../../src/title-tests/figures/final-figures-status';
import { loadTestRecord } from '../../src/title-tests/records/title-test-records';
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
  averageCtr: number | null;
  averageViewDuration: number | null;
  rotationLogs: Array<{
    activatedAt: string;
    durationMinutes: number;
    ctrSource: string;
    ctrExpectedAt: string | null;
  }>;
  expected: {
    firstRotation: { at: string; reason: string } | null;
    nextViewSampleAt: string | null;
    ctrAt: string | null;
    durationAt: string | null;
    verdictAt: string | null;
    verdictDeadline: string | null;
  };
}

/**
 * When the daily collection (01:30 Pacific) holds a Pacific day's figures: YouTube Analytics
 * serves day d from d + 2, and the reach report (impressions, CTR) for d appears at 06:00 on
 * d + 2, so after that day's collection: d + 3.
 */
function collectionOn(day: string): string {
  const { hour, minute } = DAILY_METRICS_TIME;
  return new Date(pacificDayStart(day).getTime() + (hour * 60 + minute) * 60_000).toISOString();
}
const middleDay = (from: Date, to: Date) => pacificDay(new Date((from.getTime() + to.getTime()) / 2));

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
    // To its end date whatever a daily look reads: this test is about the wait for the last figures.
    runToEnd: true,
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);
  const { id } = created;

  // Issue 12: before the first rotation, the panel says when it starts (the schedule's first
  // window: the next Pacific midnight, each title holding whole Pacific days) and why, and when
  // each pending figure and the verdict are expected.
  const fresh = (await (await creator.get(`/api/tests/${id}/analytics`)).json()) as Analytics;
  const schedule = (await loadTestRecord(testApp.built.app.db, id))!.rotations;
  const windows = schedule.filter((rotation) => rotation.kind === 'window');
  const startDay = pacificDay(startDate);
  expect(windows[0]!.plannedStart.toISOString()).toBe(pacificDayStart(addDays(startDay, 1)).toISOString());
  expect(fresh.expected.firstRotation?.at).toBe(windows[0]!.plannedStart.toISOString());
  expect(fresh.expected.firstRotation?.reason).toMatch(
    /whole Pacific days.*\(00:00 Pacific time\).*Title 1 \(the baseline\)/,
  );
  expect(fresh.averageCtr).toBeNull();
  expect(fresh.averageViewDuration).toBeNull();
  expect(fresh.expected.ctrAt).toBe(collectionOn(addDays(startDay, 3)));
  expect(fresh.expected.durationAt).toBe(collectionOn(addDays(startDay, 2)));
  const lastWindow = windows.at(-1)!;
  const lastDay = middleDay(lastWindow.plannedStart, lastWindow.plannedEnd);
  const verdictAt = collectionOn(addDays(lastDay, 3));
  expect(fresh.expected.verdictAt).toBe(verdictAt);
  expect(fresh.expected.verdictDeadline).toBe(
    new Date(endDate.getTime() + FINAL_FIGURES_WAIT_MS).toISOString(),
  );
  expect(Date.parse(verdictAt)).toBeLessThan(endDate.getTime() + FINAL_FIGURES_WAIT_MS);

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
  expect(waiting.expected.firstRotation).toBeNull();
  expect(waiting.expected.verdictAt).toBe(verdictAt);
  expect(waiting.expected.verdictDeadline).toBe(ended.finalFiguresDueAt!.toISOString());
  // Each rotation whose day YouTube has not reported yet says when its CTR comes: 01:30 Pacific
  // three days after the day its middle falls in; the last window's is the verdict's.
  const pendingLogs = waiting.rotationLogs.filter((log) => log.ctrSource === 'pending');
  expect(pendingLogs.length).toBeGreaterThan(0);
  for (const log of waiting.rotationLogs) {
    if (log.ctrSource !== 'pending') {
      expect(log.ctrExpectedAt).toBeNull();
      continue;
    }
    const activated = new Date(log.activatedAt);
    const until = new Date(activated.getTime() + log.durationMinutes * 60_000);
    expect(log.ctrExpectedAt).toBe(collectionOn(addDays(middleDay(activated, until), 3)));
  }
  const lastApplied = (await loadTestRecord(testApp.built.app.db, id))!.rotations.find(
    (rotation) => rotation.slot === lastWindow.slot,
  )!;
  const lastWindowLog = waiting.rotationLogs.find(
    (log) => log.activatedAt === lastApplied.activatedAt!.toISOString(),
  )!;
  expect(lastWindowLog.ctrExpectedAt).toBe(verdictAt);

  // To the expected instant and not a minute more: the daily collection brings every analysed
  // day, the verdict is decided on them (before the deadline) and the truly better title goes
  // live, nothing else changed.
  const after = await fastForwardTo(testApp, new Date(verdictAt));
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
  expect(final.expected).toMatchObject({ verdictAt: null, verdictDeadline: null, nextViewSampleAt: null });
  expect(final.verdict).toMatchObject({
    verdict: 'winner',
    winnerTitleIndex: 1,
    awaitingFinalData: false,
    final: true,
  });
}, 600_000);
