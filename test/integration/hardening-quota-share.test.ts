import { and, eq, gte, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotaLedger, rateLimits, rotations, titleTests, users } from '../../db/schema';
import { RECENT_VIDEOS_PER_WINDOW } from '../../src/shared/usage-limits';
import { nextPacificMidnight, pacificDay } from '../../src/time/pacific';
import { formatMoment } from '../../src/shared/moments';
import { userReadsQuota } from '../../src/youtube/gateway/user-reads';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { endRateLimitWindows } from '../helpers/rate-limit-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';
import { ledgerUnitsToday } from '../helpers/youtube-gateway';

// Issue 13, item 3: one user cannot spend the project's shared YouTube quota. Reads made on a
// user's request are rate-limited and cached per user, each user has a share of the day's quota,
// and the pool all users' reads come from is kept out of the running tests' budget.

// Share: 22 units a day per user; pool: 220; tests may reserve 1,836 (less sampling's rounding), of
// which one Authority account 367 (a 4-hourly test's 360) and one Free account 275.
const DAILY_QUOTA = 2200;
let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;
let priya: HttpClient;

beforeAll(async () => {
  testApp = await startTestApp({ YOUTUBE_DAILY_QUOTA: String(DAILY_QUOTA) });
  // 01:00 Pacific: the whole file, eight hours of rotations included, runs within one quota day.
  testApp.clock.set(new Date(nextPacificMidnight(testApp.clock.now()).getTime() + 3_600_000));
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
  priya = await googleCreator(testApp, 'sim-priya');
});
afterAll(async () => {
  await testApp.close();
});

const limits = () => userReadsQuota(testApp.built.app.config);
const nextWindow = () => endRateLimitWindows(testApp);

/** GET of `count` × videos.recent in one tRPC batch, as an attacker would send it. */
async function recentBatch(client: HttpClient, count: number) {
  const paths = Array.from({ length: count }, () => 'videos.recent');
  const input = Object.fromEntries(paths.map((_, index) => [index, { json: null }]));
  const response = await client.get(
    `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
  );
  return (await response.json()) as Array<{
    result?: { data: { json: unknown[] } };
    error?: { json: { message: string; data: { httpStatus: number } } };
  }>;
}

async function spend<T>(action: () => Promise<T>): Promise<{ result: T; units: number }> {
  const before = await ledgerUnitsToday(testApp);
  const result = await action();
  return { result, units: (await ledgerUnitsToday(testApp)) - before };
}

describe('recent videos: rate-limited and cached per user', () => {
  it('answers one batch of many videos.recent for the units of one list, and refuses calls past the limit', async () => {
    const first = await spend(() => alex.get('/api/videos/recent'));
    expect(first.result.status).toBe(200);
    expect(first.units).toBe(3);
    const list = (await first.result.json()) as unknown[];
    expect(list.length).toBeGreaterThan(0);

    // Repeats within the cache's life cost nothing, on either transport.
    const repeat = await spend(() => alex.get('/trpc/videos.recent'));
    expect(repeat.result.status).toBe(200);
    expect(repeat.units).toBe(0);

    const batch = await spend(() => recentBatch(alex, 38));
    expect(batch.units).toBe(0);
    const answered = batch.result.filter((entry) => entry.result !== undefined);
    expect(answered).toHaveLength(RECENT_VIDEOS_PER_WINDOW - 2);
    for (const entry of answered) expect(entry.result!.data.json).toEqual(list);
    const refused = batch.result.filter((entry) => entry.error !== undefined);
    expect(refused).toHaveLength(38 - (RECENT_VIDEOS_PER_WINDOW - 2));
    for (const entry of refused) {
      expect(entry.error!.json.data.httpStatus).toBe(429);
      expect(entry.error!.json.message).toMatch(/Too many requests/);
    }
    const limited = await alex.get('/api/videos/recent');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // A minute later: a new window, and a fresh list from YouTube.
    await nextWindow();
    const fresh = await spend(() => alex.get('/api/videos/recent'));
    expect(fresh.result.status).toBe(200);
    expect(fresh.units).toBe(3);
  });

  it('fetches once for calls that arrive together, even when the cache is cold', async () => {
    await nextWindow();
    const batch = await spend(() => recentBatch(priya, 10));
    expect(batch.result.every((entry) => entry.result !== undefined)).toBe(true);
    expect(batch.units).toBe(3);
  });
});

describe("each user's share of the daily quota", () => {
  it("refuses a user's reads past their share with a 429 that says when it resets; others read on", async () => {
    const { share } = limits();
    expect(share).toBe(22);
    // Seven lists (3 units each, 21); the eighth is refused part-way, at the share.
    for (let list = 0; list < 7; list += 1) {
      await nextWindow();
      expect((await sam.get('/api/videos/recent')).status).toBe(200);
    }
    await nextWindow();
    const over = await spend(() => sam.get('/api/videos/recent'));
    expect(over.result.status).toBe(429);
    expect(over.units).toBe(share - 21);
    const resetsAt = nextPacificMidnight(testApp.clock.now());
    const message = ((await over.result.json()) as { error: string }).error;
    expect(message).toMatch(
      /You have used your share of today's YouTube API quota \(22 units a day for each account\)/,
    );
    expect(message).toContain(`It resets at midnight Pacific time (${formatMoment(resetsAt, null)})`);
    expect(Number(over.result.headers.get('retry-after'))).toBe(
      Math.ceil((resetsAt.getTime() - testApp.clock.now().getTime()) / 1000),
    );

    // Spent: refused up front, reaching YouTube no more, on both transports and for test creation.
    await nextWindow();
    const again = await spend(async () => [
      await sam.get('/api/videos/recent'),
      await sam.get('/trpc/videos.recent'),
      await sam.post('/api/tests', {
        videoId: simulatedVideoId('sim-sam', 0),
        titles: ['One title', 'Another title'],
        rotationIntervalMinutes: 240,
        winnerMetric: 'views',
      }),
    ]);
    expect(again.result.map((response) => response.status)).toEqual([429, 429, 429]);
    expect(((await again.result[2]!.json()) as { error: string }).error).toMatch(/your share/);
    expect(again.units).toBe(0);

    // Another user is not starved.
    expect((await priya.get('/api/videos/recent')).status).toBe(200);
  });
});

describe('the pool of all users’ reads is kept from the rotations', () => {
  it("budgets running tests on the daily quota less the users' pool", async () => {
    // A 2-hourly test (the shortest windows a channel whose lag is not yet measured may use)
    // reserves about 666 units a day with its restore: more than a Free account's cap (275 here),
    // so it is refused rather than queued.
    const twoHourly = await priya.post('/api/tests', {
      videoId: simulatedVideoId('sim-priya', 0),
      titles: ['First title', 'Second title'],
      rotationIntervalMinutes: 120,
      winnerMetric: 'views',
    });
    expect(twoHourly.status).toBe(429);
    expect(((await twoHourly.json()) as { error: string }).error).toMatch(/YouTube API units a day/);
  });

  it('refuses reads once the pool is spent, while running tests still rotate', async () => {
    await testApp.built.app.db
      .update(users)
      .set({ subscriptionTier: 'authority' })
      .where(eq(users.email, 'priya.n@example.com'));
    const created = await priya.post('/api/tests', {
      videoId: simulatedVideoId('sim-priya', 0),
      titles: ['First title', 'Second title'],
      rotationIntervalMinutes: 240,
      winnerMetric: 'views',
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Every user's reads together have spent the pool (as ten users at their share would).
    const day = pacificDay(testApp.clock.now());
    await testApp.built.app.db.execute(
      sql`update rate_limits set count = ${limits().pool} where key = ${`youtube-reads:${day}:all`}`,
    );
    await nextWindow();
    const refused = await alex.get('/api/videos/recent');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /YouTube API quota for browsing is used up for today \(running tests go on\)\. It resets at midnight Pacific time/,
    );

    const from = testApp.clock.now();
    await runFor(testApp, 8);
    expect(pacificDay(testApp.clock.now())).toBe(day);
    const [writes] = await testApp.built.app.db
      .select({ units: sum(quotaLedger.units) })
      .from(quotaLedger)
      .where(
        and(
          eq(quotaLedger.method, 'videos.update'),
          eq(quotaLedger.outcome, 'ok'),
          gte(quotaLedger.at, from),
        ),
      );
    expect(Number(writes?.units ?? 0)).toBeGreaterThan(0);
    const applied = await testApp.built.app.db
      .select()
      .from(rotations)
      .where(and(eq(rotations.testId, id), eq(rotations.status, 'applied')));
    expect(applied.length).toBeGreaterThan(0);
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id));
    expect(test!.status).toBe('active');
  });

  it('gives every share and the pool back at Pacific midnight, and clears the past days’ counters', async () => {
    const yesterday = pacificDay(testApp.clock.now());
    testApp.clock.set(new Date(nextPacificMidnight(testApp.clock.now()).getTime() + 60_000));
    expect((await sam.get('/api/videos/recent')).status).toBe(200);
    await nextWindow();
    expect((await alex.get('/api/videos/recent')).status).toBe(200);
    const counters = await testApp.built.app.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(counters.filter((row) => row.key.includes(yesterday))).toEqual([]);
    expect(counters.map((row) => row.key)).toContain(`youtube-reads:${pacificDay(testApp.clock.now())}:all`);
  });
});
