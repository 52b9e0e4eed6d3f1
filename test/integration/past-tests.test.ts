import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { VERDICT_LABELS } from '../../src/shared/test-shapes';
import { classifyTitleChange } from '../../src/shared/title-change';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';

// The past-tests history (GET /api/tests/history, docs/product.md#past-tests), over real HTTP on
// tests run through the engine: one decided (a clearly stronger title, to its verdict), one
// cancelled early (inconclusive), one still running (not listed), and another user's (not listed).

interface PastTests {
  counts: {
    finished: number;
    decided: number;
    same: number;
    inconclusive: number;
    awaitingFinalData: number;
  };
  medianDecidedLiftPercent: number | null;
  tests: Array<{
    id: string;
    status: string;
    verdict: string;
    verdictLabel: string;
    awaitingFinalData: boolean;
    baselineTitle: string;
    winnerTitleIndex: number | null;
    comparedTitleIndex: number | null;
    comparedTitle: string | null;
    liftPercent: number | null;
    liftLowPercent: number | null;
    liftHighPercent: number | null;
    winningChange: string[] | null;
  }>;
}

let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;
const ids = { decided: '', cancelled: '', running: '', sams: '' };
let titles: { weaker: string; stronger: string };

const create = async (client: HttpClient, body: Record<string, unknown>) => {
  const response = await client.post('/api/tests', {
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
};
const history = async (client: HttpClient) => {
  const response = await client.get('/api/tests/history');
  expect(response.status).toBe(200);
  return (await response.json()) as PastTests;
};

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
  // Authority: several tests at once.
  await testApp.built.app.db
    .update(users)
    .set({ subscriptionTier: 'authority', subscriptionStatus: 'active' })
    .where(eq(users.email, 'alex.rivera@example.com'));
});
afterAll(async () => {
  await testApp.close();
});

describe('past tests', () => {
  it('is empty before any test has finished', async () => {
    expect(await history(alex)).toEqual({
      counts: { finished: 0, decided: 0, same: 0, inconclusive: 0, awaitingFinalData: 0 },
      medianDecidedLiftPercent: null,
      tests: [],
    });
  });

  it('lists finished tests with their verdict, lift, interval and the kind of change that won', async () => {
    const videoId = simulatedVideoId('sim-alex', 1);
    titles = await clearlyDifferentTitles(testApp, videoId, 'Sourdough for beginners');
    // Five days, the first a lead-in that reads the video's counter with Title 1 live. The test may
    // end sooner, at a daily look that names the winner.
    const endDate = new Date(testApp.clock.now().getTime() + 5 * 86_400_000).toISOString();
    ids.decided = await create(alex, { videoId, titles: [titles.weaker, titles.stronger], endDate });
    ids.cancelled = await create(alex, {
      videoId: simulatedVideoId('sim-alex', 2),
      titles: ['Cast iron care', 'How I care for cast iron?'],
    });
    ids.sams = await create(sam, { videoId: simulatedVideoId('sim-sam', 1), titles: ['Sam one', 'Sam two'] });
    await runFor(testApp, 5);
    expect((await alex.post(`/api/tests/${ids.cancelled}/cancel`)).status).toBe(200);
    expect((await sam.post(`/api/tests/${ids.sams}/cancel`)).status).toBe(200);
    await runFor(testApp, 5 * 24);
    ids.running = await create(alex, {
      videoId: simulatedVideoId('sim-alex', 3),
      titles: ['Still A', 'Still B'],
    });

    const past = await history(alex);
    expect(past.tests.map((test) => test.id)).toEqual([ids.decided, ids.cancelled]);
    const [decided, cancelled] = past.tests;

    // The decided test: as its analytics panel says, with the winner's lift and interval.
    const analytics = (await (await alex.get(`/api/tests/${ids.decided}/analytics`)).json()) as {
      verdict: {
        verdict: string;
        label: string;
        winnerTitleIndex: number | null;
        titles: Array<{
          titleIndex: number;
          liftPercent: number;
          liftLowPercent: number;
          liftHighPercent: number;
        }>;
      };
    };
    expect(analytics.verdict.verdict).toBe('winner');
    expect(analytics.verdict.winnerTitleIndex).toBe(1);
    const winner = analytics.verdict.titles.find((title) => title.titleIndex === 1)!;
    expect(decided).toMatchObject({
      status: 'completed',
      verdict: 'winner',
      verdictLabel: VERDICT_LABELS.winner,
      awaitingFinalData: false,
      baselineTitle: titles.weaker,
      winnerTitleIndex: 1,
      comparedTitleIndex: 1,
      comparedTitle: titles.stronger,
      liftPercent: winner.liftPercent,
      liftLowPercent: winner.liftLowPercent,
      liftHighPercent: winner.liftHighPercent,
      winningChange: classifyTitleChange(titles.weaker, titles.stronger),
    });
    expect(decided!.liftLowPercent!).toBeGreaterThan(0);

    // The cancelled one: the reading when it stopped, the best challenger's lift, no change "won".
    const cancelledAnalytics = (await (await alex.get(`/api/tests/${ids.cancelled}/analytics`)).json()) as {
      verdict: { verdict: string; label: string };
    };
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      verdict: cancelledAnalytics.verdict.verdict,
      verdictLabel: cancelledAnalytics.verdict.label,
      baselineTitle: 'Cast iron care',
      winningChange: null,
    });
    expect(cancelled!.verdict).toBe('inconclusive');

    expect(past.counts).toEqual({ finished: 2, decided: 1, same: 0, inconclusive: 1, awaitingFinalData: 0 });
    expect(past.medianDecidedLiftPercent).toBe(winner.liftPercent);

    // Another user's history holds only their own test.
    const samsPast = await history(sam);
    expect(samsPast.tests.map((test) => test.id)).toEqual([ids.sams]);
  }, 600_000);

  it('answers the same over tRPC, and refuses anonymous callers', async () => {
    const rest = await history(alex);
    const trpc = await alex.get('/trpc/reports.history');
    expect(trpc.status).toBe(200);
    expect(((await trpc.json()) as { result: { data: { json: PastTests } } }).result.data.json).toEqual(rest);
    const anonymous = new HttpClient(testApp.url);
    const refused = await anonymous.get('/api/tests/history');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBeTruthy();
  });
});
