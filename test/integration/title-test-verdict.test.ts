import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { titleTests } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 5);

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface AnalyticsWithVerdict {
  verdict: {
    verdict: string;
    winnerTitleIndex: number | null;
    final: boolean;
    reason: string;
    titles: Array<{
      titleIndex: number;
      liftPercent: number;
      liftLowPercent: number;
      liftHighPercent: number;
      probabilityBest: number;
    }>;
    progress: { fraction: number; met: boolean };
    notes: string[];
    chanceOfWinner: number | null;
    raw: Array<{ titleIndex: number; viewsPerHour: number | null }>;
  };
}

it('shows the engine’s verdict while running, and puts the winning title live when it is decided', async () => {
  const { weaker, stronger } = await clearlyDifferentTitles(testApp, videoId, 'Weeknight pasta, version');
  interface Plan {
    canDecide: boolean;
    unit: string;
    noiseSource: string;
    calibrationHours: number;
    unitsPerTitle: number;
    minimumDetectableLiftPercent: number | null;
    suggestion: { rotationIntervalMinutes: number; durationDays: number } | null;
    summary: string;
  }
  const planFor = async (query: string): Promise<Plan> =>
    (await (await creator.get(`/api/tests/plan?${query}`)).json()) as Plan;
  // 2-hour windows (1-hour ones wait until the channel's lag is measured). The channel has no
  // finished test: the plan assumes its noise and first reads the video's counter, for two days on
  // a video whose traffic swings outweigh its counts (docs/decisions/0058).
  const plan = await planFor('titleCount=2&rotationIntervalMinutes=120&durationDays=7&winnerMetric=views');
  expect(plan).toMatchObject({
    canDecide: true,
    unit: 'window',
    noiseSource: 'assumed',
    calibrationHours: 48,
  });
  // Five days of 2-hour windows after the two days of calibration.
  expect(plan.unitsPerTitle).toBeGreaterThanOrEqual(29);
  expect(plan.minimumDetectableLiftPercent).toBeGreaterThan(0);
  expect(plan.summary).toMatch(/finds a true difference of about [\d.]+% in views per hour 8 times in 10/);
  // A small channel's windows are noisier: the same shape detects only larger differences.
  const small = await planFor(
    'titleCount=2&rotationIntervalMinutes=120&durationDays=7&winnerMetric=views&viewsPerDay=50',
  );
  expect(small.minimumDetectableLiftPercent!).toBeGreaterThan(2 * plan.minimumDetectableLiftPercent!);
  // CTR exists per day only: an hourly CTR test cannot decide, and the plan names the shape that can.
  const hourlyCtr = await planFor('titleCount=2&rotationIntervalMinutes=60&durationDays=14&winnerMetric=ctr');
  expect(hourlyCtr).toMatchObject({ canDecide: false, minimumDetectableLiftPercent: null });
  expect(hourlyCtr.suggestion).toMatchObject({ rotationIntervalMinutes: 1440, durationDays: 14 });
  // A daily test's first switch waits for YouTube's (Pacific) day: the plan says so before it starts.
  const daily = await planFor('titleCount=2&rotationIntervalMinutes=1440&durationDays=14&winnerMetric=ctr');
  expect(daily.summary).toMatch(
    /The first switch comes about \d+ hours? after the start: daily windows follow YouTube’s days, which begin at midnight Pacific time\.$/,
  );
  const tooShort = await planFor('titleCount=5&rotationIntervalMinutes=1440&durationDays=7&winnerMetric=ctr');
  expect(tooShort.canDecide).toBe(false);
  expect(tooShort.summary).toMatch(
    /^A 7-day test is too short to compare 5 titles: each title would be live for only 1 full YouTube day, and a verdict needs at least 2\./,
  );
  expect(tooShort.suggestion!.durationDays).toBeGreaterThan(7);

  const created = await creator.post('/api/tests', {
    videoId,
    titles: [weaker, stronger],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await runDueWork(testApp);

  // Half a day into the windows (after the calibration): read with the bar of a look that
  // has seen a small share of the test, so no winner yet.
  await runFor(testApp, (await hoursToFirstWindow(testApp, id)) + 12);
  const early = (await (await creator.get(`/api/tests/${id}/analytics`)).json()) as AnalyticsWithVerdict;
  expect(early.verdict.verdict).toBe('inconclusive');
  expect(early.verdict.final).toBe(false);
  expect(early.verdict.progress.fraction).toBeLessThan(0.2);
  expect(early.verdict.notes[0]).toMatch(/Titlewise’s own calculation/);

  // To the end date, or to the daily look that names the winner, whichever comes first.
  const [running] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id));
  await runFor(testApp, (running!.endDate.getTime() - testApp.clock.now().getTime()) / 3_600_000 + 1);
  const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id));
  expect(test!.status).toBe('completed');
  expect(test!.decidedAt).not.toBeNull();
  if (test!.endedAt! < test!.endDate)
    expect(test!.statusReason).toMatch(/The test stopped at the daily look of .*: its answer was in\.$/);
  const done = (await (await creator.get(`/api/tests/${id}/analytics`)).json()) as AnalyticsWithVerdict;
  expect(done.verdict.final).toBe(true);
  expect(done.verdict).toMatchObject({ verdict: 'winner', label: 'Winner' });
  expect(done.verdict.winnerTitleIndex).toBe(1);
  const challenger = done.verdict.titles.find((title) => title.titleIndex === 1)!;
  expect(challenger.liftPercent).toBeGreaterThan(5);
  expect(challenger.liftLowPercent).toBeLessThan(challenger.liftPercent);
  expect(challenger.liftHighPercent).toBeGreaterThan(challenger.liftPercent);
  expect(challenger.probabilityBest).toBeGreaterThan(0.8);
  expect(done.verdict.raw[1]!.viewsPerHour).toBeGreaterThan(done.verdict.raw[0]!.viewsPerHour!);
  expect(test!.appliedTitle).toBe(stronger);
  expect((await liveVideo(testApp, videoId)).title).toBe(stronger);
}, 600_000);
