import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTitleHistory, titleTests } from '../../db/schema';
import { dailyLookTimes } from '../../src/statistics/look-schedule';
import type { StoredForecast } from '../../src/title-tests/records/title-tests.schemas';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import type { HttpClient } from '../helpers/http-client';
import { plannedWindows } from '../helpers/planned-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork } from '../helpers/title-test-driver';
import { control } from '../helpers/youtube-gateway';

// Issue 34, "the forecast is a promise", through the real jobs on the simulator:
// - a first views test with windows under a day reads the video's counter for a day with the
//   original title live, and confirms its plan on what it read just before the first switch
//   (src/title-tests/engine/forecast-confirmation.ts);
// - a running test is read at a daily look (02:00 Pacific) against that look's bar, and by default
//   a look that names a winner ends the test there with the winner live; `runToEnd` keeps it going
//   to its end date (docs/decisions/0038-looks-and-stopping.md).

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 6);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let weaker = '';
let stronger = '';
/** The first test: its id, and its first window's planned start. */
let firstTestId = '';

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
  // The video's own title is the weaker of two titles the simulator's ground truth sets far apart.
  ({ weaker, stronger } = await clearlyDifferentTitles(testApp, videoId, 'Sheet-pan dinner, take'));
  const edit = await control(testApp, 'POST', `/videos/${videoId}/studio-edit`, { title: weaker });
  expect(edit.status).toBe(200);
});
afterAll(async () => {
  await testApp.close();
});

interface Card {
  id: string;
  status: string;
  stopsAtVerdict: boolean;
  forecast: StoredForecast | null;
}

async function card(id: string): Promise<Card> {
  const list = (await (await creator.get('/api/tests')).json()) as Card[];
  const found = list.find((entry) => entry.id === id);
  if (!found) throw new Error(`test ${id} is not on the dashboard`);
  return found;
}

async function testRow(id: string) {
  const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id));
  return row!;
}

interface Verdict {
  verdict: string;
  winnerTitleIndex: number | null;
  final: boolean;
}
const verdictOf = async (id: string) =>
  ((await (await creator.get(`/api/tests/${id}/analytics`)).json()) as { verdict: Verdict }).verdict;

async function create(body: Record<string, unknown>): Promise<string> {
  const response = await creator.post('/api/tests', {
    videoId,
    titles: [weaker, stronger],
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    ...body,
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);
  expect(await runDueWork(testApp)).toEqual([]);
  return created.id;
}

/**
 * Moves the clock from daily look to daily look (just past each) while the test runs, calling
 * `atLook` after each; then to its end date, if it is still running. Returns the looks passed.
 */
async function runThroughLooks(id: string, atLook?: () => Promise<void>): Promise<number> {
  let looks = 0;
  for (;;) {
    const row = await testRow(id);
    if (row.status !== 'active') return looks;
    const next = row.nextLookAt && row.nextLookAt < row.endDate ? row.nextLookAt : null;
    if (!next) break;
    const report = await fastForwardTo(testApp, new Date(next.getTime() + MINUTE));
    expect(report.failures).toEqual([]);
    looks += 1;
    await atLook?.();
  }
  const report = await fastForwardTo(testApp, new Date((await testRow(id)).endDate.getTime() + HOUR));
  expect(report.failures).toEqual([]);
  return looks;
}

describe('the promise and the looks', () => {
  it('a first views test with 2-hour windows keeps the original title for two days on a busy video, then confirms its plan on the video before the first switch', async () => {
    const createdAt = testApp.clock.now();
    // Ten days: two of them read the video, so a daily look has days of design left to name the
    // winner before the end date (the next test asserts that it does).
    firstTestId = await create({ durationDays: 10 });
    const fresh = await card(firstTestId);
    expect(fresh.stopsAtVerdict).toBe(true);
    // The plan as the dialog showed it: assumed, with two days of calibration ahead (the video's
    // traffic swings outweigh its counts: docs/decisions/0058), not yet confirmed.
    expect(fresh.forecast).toMatchObject({ noiseSource: 'assumed', calibrationHours: 48 });
    expect(fresh.forecast!.confirmedAt).toBeUndefined();

    // The stored schedule: a lead-in of at least 48 hours (to the first block boundary after them).
    const [first] = await plannedWindows(testApp, firstTestId);
    expect(first!.plannedStart.getTime() - createdAt.getTime()).toBeGreaterThanOrEqual(2 * DAY);
    const leadIn = (await testApp.built.app.db.query.rotations.findFirst({
      where: (rotation, { and: both, eq: is }) =>
        both(is(rotation.testId, firstTestId), is(rotation.slot, 0)),
    }))!;
    expect(leadIn).toMatchObject({ kind: 'lead-in', status: 'applied' });
    expect(leadIn.plannedEnd).toEqual(first!.plannedStart);

    // Until just before the first switch: the original title stays live, never written, and the
    // plan is still the assumed one.
    await fastForwardTo(testApp, new Date(first!.plannedStart.getTime() - MINUTE));
    expect((await testRow(firstTestId)).status).toBe('active');
    expect((await liveVideo(testApp, videoId)).title).toBe(weaker);
    const writes = await testApp.built.app.db
      .select()
      .from(simTitleHistory)
      .where(and(eq(simTitleHistory.videoId, videoId), gte(simTitleHistory.since, createdAt)));
    expect(writes).toEqual([]);
    expect((await card(firstTestId)).forecast!.confirmedAt).toBeUndefined();

    // The first switch: the plan is made again on what the video's counter showed, and kept.
    await fastForwardTo(testApp, new Date(first!.plannedStart.getTime() + MINUTE));
    const switched = (await plannedWindows(testApp, firstTestId))[0]!;
    expect(switched.status).toBe('applied');
    const confirmed = (await card(firstTestId)).forecast!;
    expect(confirmed.noiseSource).toBe('video');
    expect(confirmed.confirmedAt).toBeDefined();
    expect(Date.parse(confirmed.confirmedAt!)).toBeLessThanOrEqual(switched.activatedAt!.getTime());
    expect(Date.parse(confirmed.confirmedAt!)).toBeGreaterThanOrEqual(first!.plannedStart.getTime());
    expect(confirmed.assumedPlan).toEqual({
      minimumDetectableLiftPercent: fresh.forecast!.minimumDetectableLiftPercent,
    });
    expect(confirmed.canDecide).toBe(true);
  }, 600_000);

  it('a test whose daily look names a winner stops there, before its end date, with the winner live', async () => {
    const looks = await runThroughLooks(firstTestId);
    const ended = await testRow(firstTestId);
    expect(ended.status).toBe('completed');
    expect(looks).toBeGreaterThan(0);
    // Stopped at a daily look (02:00 Pacific), days before the end date.
    expect(ended.endedAt!.getTime()).toBeLessThan(ended.endDate.getTime() - DAY);
    const lookTimes = dailyLookTimes(ended.startDate, ended.endDate).map((at) => at.getTime());
    expect(lookTimes.some((at) => Math.abs(at - ended.endedAt!.getTime()) <= 2 * MINUTE)).toBe(true);
    expect(ended.decidedAt).toEqual(ended.endedAt);
    expect(ended.nextLookAt).toBeNull();
    expect(ended.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
    expect(ended.statusReason).toMatch(
      /The test stopped at the daily look of .+, \d+ days? before its planned end: its answer was in\.$/,
    );
    expect(ended.appliedTitle).toBe(stronger);
    expect((await liveVideo(testApp, videoId)).title).toBe(stronger);
    expect(await verdictOf(firstTestId)).toMatchObject({
      verdict: 'winner',
      winnerTitleIndex: 1,
      final: true,
    });
    // Nothing was left planned: the rest of the schedule is skipped.
    const left = (await plannedWindows(testApp, firstTestId)).filter((row) => row.status === 'planned');
    expect(left).toEqual([]);
  }, 600_000);

  it('the same test with runToEnd runs to its end date, the looks showing the winner as it goes on', async () => {
    // The title back as it was, and the same two titles again, to run to the end this time.
    const edit = await control(testApp, 'POST', `/videos/${videoId}/studio-edit`, { title: weaker });
    expect(edit.status).toBe(200);
    // The first test measured the channel's lag, which the washout and the shortest windows follow
    // (docs/decisions/0025). Its reading varies from run to run (up to 70 minutes seen on a loaded
    // run, which refuses 2-hour windows): the test then takes the 4-hour windows the refusal names,
    // over the week they need, as a creator would.
    const probe = await creator.get(
      `/api/tests/plan?${new URLSearchParams({ titleCount: '2', rotationIntervalMinutes: '120', durationDays: '5', winnerMetric: 'views', videoId })}`,
    );
    const { summary } = (await probe.json()) as { summary: string };
    const lagRefuses = /Choose 4-hour windows or longer/.test(summary);
    const endDate = new Date(testApp.clock.now().getTime() + (lagRefuses ? 7 : 5) * DAY);
    const body = { endDate: endDate.toISOString(), runToEnd: true };
    const id = await create(lagRefuses ? { ...body, rotationIntervalMinutes: 240 } : body);
    expect((await card(id)).stopsAtVerdict).toBe(false);

    let winnerWhileRunning = false;
    const looks = await runThroughLooks(id, async () => {
      const row = await testRow(id);
      if (row.status !== 'active') return;
      const verdict = await verdictOf(id);
      if (verdict.verdict === 'winner') {
        // The look named a winner; the test goes on.
        expect(verdict.final).toBe(false);
        expect(row.decidedAt).toBeNull();
        winnerWhileRunning = true;
      }
    });
    expect(looks).toBeGreaterThan(1);
    expect(winnerWhileRunning).toBe(true);

    const ended = await testRow(id);
    expect(ended.status).toBe('completed');
    expect(ended.endedAt!.getTime()).toBeGreaterThanOrEqual(endDate.getTime());
    expect(ended.decidedAt).not.toBeNull();
    expect(ended.statusReason).not.toMatch(/stopped at the daily look/);
    expect(ended.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
    expect(ended.appliedTitle).toBe(stronger);
    expect((await liveVideo(testApp, videoId)).title).toBe(stronger);
  }, 600_000);
});
