import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, channelConnections, titleTests, titleVariants, users } from '../../db/schema';
import { LEARNING_POOL_MESSAGES, MIN_POOL_CHANNELS } from '../../src/shared/learning-pool';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { seedFinishedTests } from '../helpers/finished-tests';
import type { HttpClient } from '../helpers/http-client';
import { bearerCreator } from '../helpers/thumbnail-uploads';
import { startTestApp, type TestApp } from '../helpers/test-app';

// "Compare with other channels" on What works here (docs/learning.md, docs/decisions/0047): a
// creator who opted in reads the pool of the opted-in channels' finished tests, never a channel
// that did not opt in, nothing named, and nothing of it below the minimum of channels; opting out
// takes their tests out at once. Admins still read every channel.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ ADMIN_EMAILS: 'noor.haddad@example.com' });
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

interface Pool {
  channels: number;
  minimumChannels: number;
  view: {
    channelId: string | null;
    finishedTests: number;
    metrics: Array<{ metric: string }>;
    next: unknown;
  } | null;
}

/** A creator with eight finished CTR tests on their channel (and the template test, cancelled). */
async function creatorWithFinishedTests(account: string): Promise<HttpClient> {
  const creator = await bearerCreator(testApp, account);
  const created = await creator.post('/api/tests', {
    videoId: simulatedVideoId(account, 0),
    titles: ['Moons Jupiter Could Swallow', '3 Moons Jupiter Could Swallow'],
    winnerMetric: 'ctr',
    rotationIntervalMinutes: 1440,
    durationDays: 14,
    acknowledgeWeakPlan: true,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await seedFinishedTests(testApp, id);
  expect((await creator.post(`/api/tests/${id}/cancel`)).status).toBe(200);
  return creator;
}

const setSharing = async (creator: HttpClient, optedIn: boolean) => {
  const response = await creator.post('/api/learning/sharing', { optedIn });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toEqual({ optedIn, canChange: true });
};

const pool = async (creator: HttpClient): Promise<Pool> => {
  const response = await creator.get('/api/learning/deployment');
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Pool;
};

describe('the pool of opted-in channels', () => {
  it('is read only after opting in, pools only opted-in channels from the minimum on, and drops one that opts out', async () => {
    expect(MIN_POOL_CHANNELS).toBe(3);
    const [priya, sam, alex, noor] = await Promise.all(
      ['sim-priya', 'sim-sam', 'sim-alex', 'sim-noor'].map(creatorWithFinishedTests),
    );

    // Not opted in: the choice reads off, and the pool is refused over REST and tRPC alike.
    expect(await (await priya!.get('/api/learning/sharing')).json()).toEqual({
      optedIn: false,
      canChange: true,
    });
    const refused = await priya!.get('/api/learning/deployment');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(LEARNING_POOL_MESSAGES.notOptedIn);
    const refusedTrpc = await priya!.get('/trpc/learning.pool');
    expect(refusedTrpc.status).toBe(403);
    expect(((await refusedTrpc.json()) as { error: { json: { message: string } } }).error.json.message).toBe(
      LEARNING_POOL_MESSAGES.notOptedIn,
    );
    expect((await priya!.post('/api/learning/sharing', { optedIn: 'yes' })).status).toBe(400);

    // Opted in alone, then with one more: counts only, no figures below the minimum.
    await setSharing(priya!, true);
    expect(await pool(priya!)).toEqual({ channels: 1, minimumChannels: 3, view: null });
    await setSharing(sam!, true);
    expect(await pool(priya!)).toEqual({ channels: 2, minimumChannels: 3, view: null });

    // A third opts in: the three channels' 24 tests pooled; Noor's 8 (not opted in) are not.
    await setSharing(alex!, true);
    const response = await priya!.get('/api/learning/deployment');
    const text = await response.text();
    const three = JSON.parse(text) as Pool;
    expect(three).toMatchObject({ channels: 3, minimumChannels: 3 });
    expect(three.view).toMatchObject({ channelId: null, finishedTests: 24, next: null });
    expect(three.view!.metrics.map((group) => group.metric)).toEqual(['ctr']);
    // Nothing named: no channel, video, title, account or test of anyone's.
    const { db } = testApp.built.app;
    const named = [
      ...(await db.select({ title: titleVariants.title }).from(titleVariants)).map((row) => row.title),
      ...(await db.select().from(titleTests)).flatMap((test) => [test.id, test.videoId, test.videoTitle]),
      ...(await db.select().from(channelConnections)).flatMap((channel) => [
        channel.id,
        channel.title,
        channel.youtubeChannelId,
      ]),
      ...(await db.select().from(users)).flatMap((user) => [user.id, user.name, user.email]),
    ];
    expect(named.filter((name) => name && text.includes(name))).toEqual([]);
    // Every opted-in creator reads the same pool; one who did not opt in still may not.
    expect((await pool(sam!)).view?.finishedTests).toBe(24);
    expect((await noor!.get('/api/learning/deployment')).status).toBe(403);
    // Admins still read every channel (Noor is an admin here): 32 tests.
    const admin = (await (await noor!.get('/api/admin/learning')).json()) as { finishedTests: number };
    expect(admin.finishedTests).toBe(32);

    // Sam opts out: gone from the pool at once, which falls below the minimum again.
    await setSharing(sam!, false);
    expect(await pool(priya!)).toEqual({ channels: 2, minimumChannels: 3, view: null });
    expect((await sam!.get('/api/learning/deployment')).status).toBe(403);
    // Noor opts in: three channels again, Sam's tests still out.
    await setSharing(noor!, true);
    expect((await pool(alex!)).view).toMatchObject({ finishedTests: 24 });
    // Setting the same choice twice changes nothing; each change is in the audit log.
    await setSharing(noor!, true);
    const audited = await testApp.built.app.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'learning.pool-opt-in'));
    expect(audited).toHaveLength(5);
  });
});
