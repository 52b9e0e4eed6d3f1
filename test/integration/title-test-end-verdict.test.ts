import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { notifications, titleTests } from '../../db/schema';
import { computeVerdict, type WordedVerdict } from '../../src/title-tests/figures/worded-verdict';
import { loadTestRecord } from '../../src/title-tests/records/title-test-records';
import { pacificDay, pacificDayStart } from '../../src/time/pacific';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo, runFor } from '../helpers/title-test-driver';

// Found by the creator's-day walk: the verdict announced when a views test ends and the verdict its
// card shows afterwards must be one verdict, decided on the same windows. A test whose end date is
// a window boundary has no tail: its last window is live at the end, and the end's own counter
// read closes it. The verdict was computed before that read, so it left the last window out
// (pending), while the card, the chart and the exports, computed after it, counted the window.

let testApp: TestApp;
let priya: HttpClient;
const videoId = simulatedVideoId('sim-priya', 0);
const HOUR = 3_600_000;

beforeAll(async () => {
  testApp = await startTestApp();
  priya = await googleCreator(testApp, 'sim-priya');
});
afterAll(async () => {
  await testApp.close();
});

interface Panel {
  verdict: {
    verdict: string;
    label: string;
    final: boolean;
    pValue: number | null;
    winnerTitleIndex: number | null;
    recommendedTitleIndex: number;
    progress: { items: Array<{ key: string; current: number }> };
    titles: Array<{ titleIndex: number; liftPercent: number }>;
  };
  rotationLogs: Array<{ title: string; analysis: string; excludedBecause: string | null }>;
}

const unitsPerTitle = (items: ReadonlyArray<{ key: string; current: number }>) =>
  items.find((item) => item.key === 'unitsPerTitle')?.current;

it('decides a views test ending on a window boundary on its last window, as its card shows it', async () => {
  const original = (await liveVideo(testApp, videoId)).title;
  // On an even Pacific hour: the windows last 2 hours on the Pacific clock, so the end is a window
  // boundary and the last window is live when the test ends. (2-hour windows: a channel that has
  // not measured its lag is allowed an hour of it; the first two days are the calibration lead-in.)
  const now = testApp.clock.now().getTime() + 60_000;
  const midnight = pacificDayStart(pacificDay(new Date(now))).getTime();
  const start = new Date(midnight + Math.ceil((now - midnight) / (2 * HOUR)) * 2 * HOUR);
  const response = await priya.post('/api/tests', {
    videoId,
    titles: [original, 'What You Can See in the Night Sky Tonight'],
    winnerMetric: 'views',
    rotationIntervalMinutes: 120,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 120 * HOUR).toISOString(),
    acknowledgeWeakPlan: true,
    // This test is about the decision at the end: a daily look naming a winner does not stop it.
    runToEnd: true,
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);
  await runFor(testApp, 5 * 24 + 3);

  const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, created.id));
  expect(test!.status).toBe('completed');
  const stored = test!.verdict as WordedVerdict;
  const panel = (await (await priya.get(`/api/tests/${created.id}/analytics`)).json()) as Panel;
  const logs = panel.rotationLogs;
  // No tail: the last rotation is a full window, closed by the end's counter read, and counted.
  expect(logs.at(-1)).toMatchObject({ analysis: 'counted', excludedBecause: null });
  const countedPerTitle = ['Title 1', 'Title 2'].map(
    (title) => logs.filter((log) => log.title === title && log.analysis === 'counted').length,
  );

  // The decision at the end read every window the card counts. (The units per title are the
  // fewer of the two titles' counts, should the lead-in leave the titles a window apart.)
  const decidedUnits = stored.progress.items.find((item) => item.key === 'unitsPerTitle')?.current;
  expect(decidedUnits).toBe(Math.min(...countedPerTitle));
  expect(unitsPerTitle(panel.verdict.progress.items)).toBe(decidedUnits);

  // And it is the decision the final data give: nothing the end read afterwards changes it.
  const record = (await loadTestRecord(testApp.built.app.db, created.id))!;
  const onFinalData = await computeVerdict(testApp.built.app, record, true);
  expect({
    verdict: stored.verdict,
    pValue: stored.pValue,
    winnerTitleIndex: stored.winnerTitleIndex,
    reason: stored.reason,
  }).toEqual({
    verdict: onFinalData.verdict,
    pValue: onFinalData.pValue,
    winnerTitleIndex: onFinalData.winnerTitleIndex,
    reason: onFinalData.reason,
  });

  // The card shows the verdict announced at the end, with the same figures.
  expect(panel.verdict).toMatchObject({
    final: true,
    verdict: stored.verdict,
    pValue: stored.pValue,
    winnerTitleIndex: stored.winnerTitleIndex,
  });
  const [announced] = await testApp.built.app.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.testId, created.id), eq(notifications.kind, 'verdict')));
  expect(announced!.title).toBe(`“${original}”: ${panel.verdict.label}`);
  expect(announced!.body.startsWith(test!.statusReason!)).toBe(true);

  // The end action follows that verdict: the title it names is live.
  const named =
    stored.verdict === 'winner' && stored.winnerTitleIndex !== null
      ? stored.winnerTitleIndex
      : stored.recommendedTitleIndex;
  const expected = named === 0 ? original : 'What You Can See in the Night Sky Tonight';
  expect(test!.appliedTitle).toBe(expected);
  expect((await liveVideo(testApp, videoId)).title).toBe(expected);
}, 600_000);
