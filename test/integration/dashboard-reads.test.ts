import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelConnections,
  dailyMetrics,
  metricSamples,
  rotations,
  titleTests,
  titleVariants,
} from '../../db/schema';
import { pacificDay } from '../../src/time/pacific';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DEMO_USER_EMAIL } from '../../src/config';

let testApp: TestApp;
let creator: HttpClient;
let userId: string;
let connectionId: string;

/** Every statement the app's drizzle client sends; the requests below run one at a time. */
let statements = 0;

beforeAll(async () => {
  // The read cache off: these tests count what each read costs the database when it runs.
  testApp = await startTestApp(
    // The demo creator reads the admin paths too: demo accounts are admins only when listed.
    { ADMIN_EMAILS: DEMO_USER_EMAIL },
    { databaseLogger: { logQuery: () => (statements += 1) }, readCache: false },
  );
  creator = await demoCreator(testApp);
  userId = ((await (await creator.get('/api/auth/me')).json()) as { id: string }).id;
  const [connection] = await testApp.built.app.db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.userId, userId));
  connectionId = connection!.id;
});
afterAll(async () => {
  await testApp.close();
});

const HOUR = 3_600_000;

/**
 * Stores `count` tests for the demo creator as the engine would have left them: three titles, a
 * schedule with applied, ended and planned rotations, view samples and YouTube's daily figures.
 * Every third test has ended.
 */
async function seedTests(from: number, count: number): Promise<string[]> {
  const db = testApp.built.app.db;
  const now = testApp.clock.now();
  const ids: string[] = [];
  for (let index = from; index < from + count; index += 1) {
    const start = new Date(now.getTime() - (72 + index) * HOUR);
    const ended = index % 3 === 2;
    const videoId = `seeded-video-${index}`;
    const [test] = await db
      .insert(titleTests)
      .values({
        userId,
        channelConnectionId: connectionId,
        videoId,
        videoTitle: `Seeded video ${index}`,
        originalTitle: `Original ${index}`,
        status: ended ? 'completed' : 'active',
        rotationIntervalMinutes: 60,
        winnerMetric: 'views',
        startDate: start,
        endDate: new Date(start.getTime() + 7 * 24 * HOUR),
        scheduleSeed: `seed-${index}`,
        endedAt: ended ? new Date(now.getTime() - HOUR) : null,
        appliedTitle: ended ? `Original ${index}` : null,
        createdAt: new Date(start.getTime() - HOUR),
      })
      .returning();
    ids.push(test!.id);
    const variants = await db
      .insert(titleVariants)
      .values(
        [0, 1, 2].map((position) => ({ testId: test!.id, position, title: `Title ${position} of ${index}` })),
      )
      .returning();
    const slots = 12;
    await db.insert(rotations).values(
      Array.from({ length: slots }, (_, slot) => {
        const plannedStart = new Date(start.getTime() + slot * 6 * HOUR);
        const applied = slot < slots - 2;
        const closed = slot < slots - 3;
        return {
          testId: test!.id,
          slot,
          kind: 'window' as const,
          block: Math.floor(slot / 3),
          variantId: variants[slot % 3]!.id,
          plannedStart,
          plannedEnd: new Date(plannedStart.getTime() + 6 * HOUR),
          status: applied ? ('applied' as const) : ('planned' as const),
          activatedAt: applied ? plannedStart : null,
          endedAt: closed ? new Date(plannedStart.getTime() + 6 * HOUR) : null,
          titleConfirmed: applied,
          viewsAtStart: applied ? 1000 + slot * 120 + index : null,
          viewsAtEnd: closed ? 1000 + (slot + 1) * 120 + index + (slot % 3) * 7 : null,
        };
      }),
    );
    await db.insert(metricSamples).values(
      Array.from({ length: 20 }, (_, sample) => ({
        videoId,
        sampledAt: new Date(start.getTime() + sample * 3 * HOUR),
        viewCount: 1000 + sample * 60 + index,
      })),
    );
    await db.insert(dailyMetrics).values(
      [0, 1, 2].map((day) => ({
        videoId,
        day: pacificDay(new Date(start.getTime() + day * 24 * HOUR)),
        views: 400 + day * 10 + index,
        averageViewDurationSec: 180 + day + index,
        estimatedMinutesWatched: 1200 + index,
        impressions: 5000 + day * 100 + index,
        impressionsCtr: 0.031 + day / 1000 + index / 10_000,
      })),
    );
  }
  return ids;
}

const trpcGet = (procedure: string, input: unknown = null) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

/** The statements one request runs, after checking it answered. */
async function statementsOf(path: string): Promise<number> {
  const before = statements;
  const response = await creator.get(path);
  expect(response.status, path).toBe(200);
  await response.arrayBuffer();
  return statements - before;
}

async function countAll(testId: string): Promise<Record<string, number>> {
  const paths: Record<string, string> = {
    'GET /api/tests': '/api/tests',
    'GET /api/dashboard/stats': '/api/dashboard/stats',
    'GET /api/tests/:id/analytics': `/api/tests/${testId}/analytics`,
    'GET /api/admin/tests': '/api/admin/tests',
    'GET /api/admin/users': '/api/admin/users',
    'GET /api/admin/tests/:id/full-report': `/api/admin/tests/${testId}/full-report`,
    'tests.list': trpcGet('tests.list'),
    'tests.dashboardStats': trpcGet('tests.dashboardStats'),
    'tests.analytics': trpcGet('tests.analytics', { id: testId }),
    'admin.tests': trpcGet('admin.tests'),
    'admin.users': trpcGet('admin.users'),
    'admin.fullReport': trpcGet('admin.fullReport', { id: testId }),
  };
  const counts: Record<string, number> = {};
  for (const [name, path] of Object.entries(paths)) counts[name] = await statementsOf(path);
  return counts;
}

describe('dashboard reads', () => {
  it('run the same number of SQL statements for 1 test as for 50', async () => {
    const [first] = await seedTests(0, 1);
    const one = await countAll(first!);
    await seedTests(1, 49);
    const fifty = await countAll(first!);
    expect(fifty).toEqual(one);
  });

  it('add up the dashboard figures from the same numbers the cards show', async () => {
    interface Card {
      id: string;
      status: string;
      analytics: { totalViews: number; averageCtr: number | null; dataPointsCollected: number };
    }
    const cards = (await (await creator.get('/api/tests')).json()) as Card[];
    expect(cards).toHaveLength(50);
    const ctrs = cards.flatMap((card) =>
      card.analytics.averageCtr === null ? [] : [card.analytics.averageCtr],
    );
    expect(ctrs).toHaveLength(50);
    const { avgCtr, ...counts } = (await (await creator.get('/api/dashboard/stats')).json()) as {
      avgCtr: number;
    };
    expect(counts).toEqual({
      activeTests: cards.filter((card) => card.status === 'active').length,
      totalViews: cards.reduce((sum, card) => sum + card.analytics.totalViews, 0),
      completedTests: cards.filter((card) => card.status === 'completed').length,
    });
    // The same mean, summed in another order: equal but for the last bits of a double.
    expect(avgCtr).toBeCloseTo(ctrs.reduce((a, b) => a + b, 0) / ctrs.length, 10);
    // Each card counts its own video's samples from its start and its own days only.
    expect(cards.map((card) => card.analytics.dataPointsCollected)).toEqual(cards.map(() => 20 + 3));
    const adminCards = (await (await creator.get('/api/admin/tests')).json()) as Card[];
    expect(adminCards.map(({ id, status, analytics }) => ({ id, status, analytics }))).toEqual(
      cards.map(({ id, status, analytics }) => ({ id, status, analytics })),
    );
  });

  it('read the stored figures when they are current: the session, then one lookup', async () => {
    const [test] = (await (await creator.get('/api/tests')).json()) as { id: string }[];
    await creator.get('/api/dashboard/stats');
    await creator.get(`/api/tests/${test!.id}/analytics`);
    expect(await statementsOf('/api/tests')).toBe(2);
    expect(await statementsOf('/api/dashboard/stats')).toBe(2);
    expect(await statementsOf(`/api/tests/${test!.id}/analytics`)).toBe(2);
  });

  it('follow a measurement stored by any writer: the next read shows it', async () => {
    interface Card {
      id: string;
      videoId: string;
      status: string;
      analytics: { totalViews: number; dataPointsCollected: number };
    }
    const cards = (await (await creator.get('/api/tests')).json()) as Card[];
    const running = cards.find((card) => card.status === 'active')!;
    const stats = (await (await creator.get('/api/dashboard/stats')).json()) as { totalViews: number };
    // A newer view sample, written straight to the table: the triggers outdate the figures.
    await testApp.built.app.db.insert(metricSamples).values({
      videoId: running.videoId,
      sampledAt: testApp.clock.now(),
      viewCount: 1_000_000,
    });
    const after = (await (await creator.get('/api/tests')).json()) as Card[];
    const card = after.find((entry) => entry.id === running.id)!;
    expect(card.analytics.dataPointsCollected).toBe(running.analytics.dataPointsCollected + 1);
    expect(card.analytics.totalViews).toBeGreaterThan(running.analytics.totalViews);
    const gained = card.analytics.totalViews - running.analytics.totalViews;
    expect(await (await creator.get('/api/dashboard/stats')).json()).toMatchObject({
      totalViews: stats.totalViews + gained,
    });
  });
});
