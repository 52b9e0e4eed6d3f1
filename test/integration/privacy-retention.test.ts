import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  channelConnections,
  dailyMetrics,
  metricSamples,
  simTokens,
  titleTests,
  users,
} from '../../db/schema';
import { handleEraseAccount } from '../../src/privacy/privacy.jobs';
import { runRetention } from '../../src/privacy/retention';
import { GRANT_MAX_AGE_DAYS, GRANT_RECHECK_AFTER_DAYS } from '../../src/shared/data-retention';
import { LOST_ACCESS_REASON } from '../../src/title-tests/engine/fault-handling';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

let testApp: TestApp;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.built.app.db;
const engine = () => testApp.built.app;
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

async function signedInUser(client: HttpClient) {
  const me = await json<{ id: string; email: string }>(await client.get('/api/auth/me'));
  return me;
}

/**
 * Starts a views test of 2-hour windows (the shortest a channel whose lag is not yet measured may
 * use) on the account's video and runs it until a test title is live: Title 1, from the start of
 * the lead-in.
 */
async function runningTest(client: HttpClient, accountId: string, index: number) {
  const videoId = simulatedVideoId(accountId, index);
  const created = await client.post('/api/tests', {
    videoId,
    titles: [`Retention ${accountId} A`, `Retention ${accountId} B`],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = await json<{ id: string }>(created);
  await runFor(testApp, 3);
  return { id, videoId };
}

async function measurementsOf(videoId: string) {
  const samples = await db().select().from(metricSamples).where(eq(metricSamples.videoId, videoId));
  const days = await db().select().from(dailyMetrics).where(eq(dailyMetrics.videoId, videoId));
  return samples.length + days.length;
}

async function grantRevokedAtGoogle(accountId: string) {
  const tokens = await db()
    .select()
    .from(simTokens)
    .where(and(eq(simTokens.accountId, accountId), eq(simTokens.kind, 'refresh')));
  return tokens.length > 0 && tokens.every((token) => token.revoked);
}

describe('deleting an account', () => {
  it('refuses a confirmation that is not the account’s e-mail, and changes nothing', async () => {
    const sam = await googleCreator(testApp, 'sim-sam');
    const me = await signedInUser(sam);
    for (const body of [{ confirmEmail: 'someone@example.com' }, { confirmEmail: '' }, {}]) {
      const refused = await sam.post('/api/account/delete', body);
      expect(refused.status).toBe(400);
      expect((await json<{ error: string }>(refused)).error).toMatch(/e-mail address/);
    }
    const [row] = await db().select().from(users).where(eq(users.id, me.id));
    expect(row!.deletionRequestedAt).toBeNull();
    expect((await sam.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses the demo account and an account whose subscription still bills', async () => {
    const demo = await demoCreator(testApp);
    const demoRefused = await demo.post('/api/account/delete', {
      confirmEmail: (await signedInUser(demo)).email,
    });
    expect(demoRefused.status).toBe(403);

    const sam = await googleCreator(testApp, 'sim-sam');
    const me = await signedInUser(sam);
    // As a completed Stripe checkout leaves it (billing tests cover how it gets there).
    await db()
      .update(users)
      .set({ stripeSubscriptionId: 'sub_privacy', subscriptionStatus: 'active', subscriptionTier: 'pro' })
      .where(eq(users.id, me.id));
    const refused = await sam.post('/api/account/delete', { confirmEmail: me.email });
    expect(refused.status).toBe(409);
    expect((await json<{ error: string }>(refused)).error).toMatch(/Manage subscription/);
    const [row] = await db().select().from(users).where(eq(users.id, me.id));
    expect(row!.deletionRequestedAt).toBeNull();
    await db()
      .update(users)
      .set({ stripeSubscriptionId: null, subscriptionStatus: 'inactive', subscriptionTier: 'free' })
      .where(eq(users.id, me.id));
  });

  it('puts the original title back, then revokes Google’s grant and erases everything the account held', async () => {
    const alex = await googleCreator(testApp, 'sim-alex');
    const me = await signedInUser(alex);
    const { id: testId, videoId } = await runningTest(alex, 'sim-alex', 1);
    const [test] = await db().select().from(titleTests).where(eq(titleTests.id, testId));
    const before = await liveVideo(testApp, videoId);
    expect(before.title).not.toBe(test!.originalTitle);
    expect(await measurementsOf(videoId)).toBeGreaterThan(0);
    // Someone else's measurements stay.
    const sam = await googleCreator(testApp, 'sim-sam');
    const samTest = await runningTest(sam, 'sim-sam', 1);
    const samMeasurements = await measurementsOf(samTest.videoId);

    const deleted = await alex.post('/api/account/delete', { confirmEmail: me.email.toUpperCase() });
    expect(deleted.status).toBe(202);
    expect((await json<{ message: string }>(deleted)).message).toMatch(/original titles go back/);
    // Signed out everywhere at once, and a new sign-in is refused until the erasure is done.
    expect((await alex.get('/api/auth/me')).status).toBe(401);
    await expect(googleCreator(testApp, 'sim-alex')).rejects.toThrow(/error=conflict.*being\+deleted/);

    // The erasure waits for the original title: the video comes first.
    await handleEraseAccount(engine(), { userId: me.id });
    expect(await db().select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
    await runDueWork(testApp);
    const after = await liveVideo(testApp, videoId);
    expect(after.title).toBe(test!.originalTitle);
    expect(after.description).toBe(before.description);
    expect(after.tags).toEqual(before.tags);
    expect(await db().select().from(titleTests).where(eq(titleTests.id, testId))).toHaveLength(0);

    await handleEraseAccount(engine(), { userId: me.id });
    expect(await db().select().from(users).where(eq(users.id, me.id))).toHaveLength(0);
    expect(
      await db().select().from(channelConnections).where(eq(channelConnections.userId, me.id)),
    ).toHaveLength(0);
    expect(await measurementsOf(videoId)).toBe(0);
    expect(await grantRevokedAtGoogle('sim-alex')).toBe(true);
    expect(await measurementsOf(samTest.videoId)).toBeGreaterThanOrEqual(samMeasurements);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.targetId, me.id), eq(auditLog.targetId, testId)));
    expect(audit.map((row) => row.action)).toEqual(['account.erased']);
    // A repeat of the job is harmless, and the creator may sign up again.
    await handleEraseAccount(engine(), { userId: me.id });
    const again = await googleCreator(testApp, 'sim-alex');
    expect((await signedInUser(again)).id).not.toBe(me.id);
    await sam.post(`/api/tests/${samTest.id}/cancel`);
    await runDueWork(testApp);
  });
});

describe('the retention job', () => {
  it('re-checks a grant before it is 30 days old, and keeps the data of a channel Google still accepts', async () => {
    const priya = await googleCreator(testApp, 'sim-priya');
    const me = await signedInUser(priya);
    const { id: testId } = await runningTest(priya, 'sim-priya', 1);
    const [connection] = await db()
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.userId, me.id));
    await priya.post(`/api/tests/${testId}/cancel`);
    await runDueWork(testApp);

    testApp.clock.advance(
      (GRANT_RECHECK_AFTER_DAYS + 1) * DAY_MS -
        (testApp.clock.now().getTime() - connection!.authorizedAt.getTime()),
    );
    const report = await runRetention(engine());
    expect(report.failures).toBe(0);
    expect(report.grantsConfirmed).toBeGreaterThanOrEqual(1);
    const [checked] = await db()
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connection!.id));
    expect(checked!.status).toBe('connected');
    expect(checked!.authorizedAt.getTime()).toBeGreaterThan(connection!.authorizedAt.getTime());
    expect(await db().select().from(titleTests).where(eq(titleTests.id, testId))).toHaveLength(1);
  });

  it('pauses a channel whose grant Google revoked, says so, and erases its data 30 days after its last grant', async () => {
    const sam = await googleCreator(testApp, 'sim-sam');
    const me = await signedInUser(sam);
    const { id: testId, videoId } = await runningTest(sam, 'sim-sam', 2);
    const [connection] = await db()
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.userId, me.id));
    // The creator removes Titlewise's access in their Google account.
    await db().update(simTokens).set({ revoked: true }).where(eq(simTokens.accountId, 'sim-sam'));

    testApp.clock.advance(GRANT_RECHECK_AFTER_DAYS * DAY_MS + 60_000);
    const found = await runRetention(engine());
    expect(found.grantsLost).toBe(1);
    const [paused] = await db().select().from(titleTests).where(eq(titleTests.id, testId));
    expect(paused!.status).toBe('paused');
    expect(paused!.statusReason).toBe(LOST_ACCESS_REASON);
    expect(paused!.statusReason).toMatch(new RegExp(`within ${GRANT_MAX_AGE_DAYS} days`));
    expect(await measurementsOf(videoId)).toBeGreaterThan(0);

    // Not yet: the grant was last accepted less than 30 days ago.
    testApp.clock.advance((GRANT_MAX_AGE_DAYS - GRANT_RECHECK_AFTER_DAYS - 1) * DAY_MS);
    expect((await runRetention(engine())).channelsErased).toBe(0);

    testApp.clock.advance(2 * DAY_MS);
    const erased = await runRetention(engine());
    expect(erased).toMatchObject({ channelsErased: 1, failures: 0 });
    expect(erased.testsErased).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(titleTests).where(eq(titleTests.userId, me.id))).toHaveLength(0);
    expect(
      await db().select().from(channelConnections).where(eq(channelConnections.id, connection!.id)),
    ).toHaveLength(0);
    expect(await measurementsOf(videoId)).toBe(0);
    // The account stays (its 30-day session ran out meanwhile); signing in again reconnects.
    expect(await db().select().from(users).where(eq(users.id, me.id))).toHaveLength(1);
    await db().update(simTokens).set({ revoked: false }).where(eq(simTokens.accountId, 'sim-sam'));
    const back = await googleCreator(testApp, 'sim-sam');
    const again = await json<{ id: string; channelStatus: string }>(await back.get('/api/auth/me'));
    expect(again).toMatchObject({ id: me.id, channelStatus: 'connected' });
  });
});
