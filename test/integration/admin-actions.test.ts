import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, rotations, titleTests, titleVariants, users } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork } from '../helpers/title-test-driver';
import { DEMO_USER_EMAIL } from '../../src/config';

let testApp: TestApp;
let admin: HttpClient;
let alex: HttpClient;
let adminId: string;
let alexId: string;

beforeAll(async () => {
  // The demo creator is this suite's admin: demo accounts are admins only when listed.
  testApp = await startTestApp({ ADMIN_EMAILS: DEMO_USER_EMAIL });
  admin = await demoCreator(testApp);
  alex = await googleCreator(testApp, 'sim-alex');
  adminId = ((await (await admin.get('/api/auth/me')).json()) as { id: string }).id;
  alexId = ((await (await alex.get('/api/auth/me')).json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
});

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;
const auditFor = (targetId: string) =>
  testApp.built.app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.at);

async function createTest(client: HttpClient, videoId: string, titles: string[]): Promise<string> {
  const response = await client.post('/api/tests', {
    videoId,
    titles,
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  const body = await json<{ id: string; error?: string }>(response);
  expect(response.status, body.error).toBe(201);
  await runDueWork(testApp);
  return body.id;
}

describe('users and their plans', () => {
  interface AdminUser {
    id: string;
    email: string;
    subscriptionTier: string;
    subscriptionStatus: string;
    isLifetime: boolean;
    isAdmin: boolean;
    youtubeChannelTitle: string | null;
  }

  it('lists every user with plan, channel and the ADMIN flag the server decides', async () => {
    const list = await json<AdminUser[]>(await admin.get('/api/admin/users'));
    expect(list.map((user) => [user.id, user.isAdmin, user.subscriptionTier])).toEqual([
      [adminId, true, 'free'],
      [alexId, false, 'free'],
    ]);
    expect(list[0]!.youtubeChannelTitle).toBe('Titlewise Demo Kitchen');
  });

  it('upgrades and downgrades, writing who, what, when, before and after to the audit log', async () => {
    const upgraded = await admin.post(`/api/admin/users/${alexId}/upgrade`, { tier: 'pro' });
    expect(upgraded.status).toBe(200);
    const body = await json<{ success: boolean; message: string; user: AdminUser }>(upgraded);
    expect(body.message).toBe('alex.rivera@example.com upgraded to Pro.');
    expect(body.user).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
      isLifetime: false,
    });
    expect(await json(await alex.get('/api/auth/me'))).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
    });

    expect((await admin.post(`/api/admin/users/${alexId}/upgrade`, { tier: 'lifetime' })).status).toBe(200);
    const downgraded = await admin.post(`/api/admin/users/${alexId}/downgrade`, { tier: 'cancelled' });
    expect(await json(downgraded)).toMatchObject({
      user: { subscriptionTier: 'cancelled', subscriptionStatus: 'inactive', isLifetime: false },
    });

    const rows = await auditFor(alexId);
    expect(rows.map((row) => [row.action, row.actorUserId, row.targetType, row.before, row.after])).toEqual([
      [
        'user.upgrade',
        adminId,
        'user',
        { subscriptionTier: 'free', subscriptionStatus: 'inactive', isLifetime: false },
        { subscriptionTier: 'pro', subscriptionStatus: 'active', isLifetime: false },
      ],
      [
        'user.upgrade',
        adminId,
        'user',
        { subscriptionTier: 'pro', subscriptionStatus: 'active', isLifetime: false },
        { subscriptionTier: 'lifetime', subscriptionStatus: 'active', isLifetime: true },
      ],
      [
        'user.downgrade',
        adminId,
        'user',
        { subscriptionTier: 'lifetime', subscriptionStatus: 'active', isLifetime: true },
        { subscriptionTier: 'cancelled', subscriptionStatus: 'inactive', isLifetime: false },
      ],
    ]);
    for (const row of rows) expect(row.at.getTime()).toBeLessThanOrEqual(testApp.clock.now().getTime());
  });

  it('refuses a change to the current plan, an unknown tier and an unknown user, changing nothing', async () => {
    const before = await testApp.built.app.db.select().from(users).where(eq(users.id, alexId));
    const auditBefore = await auditFor(alexId);
    const same = await admin.post(`/api/admin/users/${alexId}/downgrade`, { tier: 'cancelled' });
    expect(same.status).toBe(409);
    expect(await json(same)).toEqual({ error: 'alex.rivera@example.com is already on the Cancelled plan.' });
    const badTier = await admin.post(`/api/admin/users/${alexId}/downgrade`, { tier: 'lifetime' });
    expect(badTier.status).toBe(400);
    expect(await json(badTier)).toEqual({ error: 'tier: Tier must be pro or cancelled.' });
    expect((await admin.post(`/api/admin/users/${randomUUID()}/upgrade`, { tier: 'pro' })).status).toBe(404);
    expect(await testApp.built.app.db.select().from(users).where(eq(users.id, alexId))).toEqual(before);
    expect(await auditFor(alexId)).toEqual(auditBefore);
  });
});

describe('tests across users', () => {
  const demoVideo = simulatedVideoId(DEMO_ACCOUNT_ID, 5);
  const alexVideo = simulatedVideoId('sim-alex', 1);
  let demoTestId: string;
  let alexTestId: string;

  it('lists every test with its owner and KPIs, and gives a full report', async () => {
    demoTestId = await createTest(admin, demoVideo, ['Admin report A', 'Admin report B']);
    alexTestId = await createTest(alex, alexVideo, ['Alex title A', 'Alex title B', 'Alex title C']);
    // Downgraded to cancelled above: one running test, and the refusal says why and where to go.
    const refused = await alex.post('/api/tests', {
      videoId: simulatedVideoId('sim-alex', 2),
      titles: ['X', 'Y'],
    });
    expect(refused.status).toBe(403);
    expect((await json<{ error: string }>(refused)).error).toMatch(
      /^Your subscription has ended, so you can run 1 test at a time\..*\/paywall\.$/,
    );
    // Until Alex's third window has started: the lead-in (a day's calibration read of the video's
    // counter, to the next block boundary) varies with the time of day.
    const alexWindows = await testApp.built.app.db
      .select()
      .from(rotations)
      .where(and(eq(rotations.testId, alexTestId), eq(rotations.kind, 'window')))
      .orderBy(asc(rotations.slot));
    await fastForwardTo(testApp, new Date(alexWindows[2]!.plannedStart.getTime() + 60_000));
    interface AdminTest {
      id: string;
      owner: { id: string; email: string };
      status: string;
      deletionPending: boolean;
      analytics: { rotationsCount: number; totalViews: number; averageCtr: number | null };
    }
    const list = await json<AdminTest[]>(await admin.get('/api/admin/tests'));
    expect(list.map((test) => [test.id, test.owner.id, test.status, test.deletionPending])).toEqual([
      [alexTestId, alexId, 'active', false],
      [demoTestId, adminId, 'active', false],
    ]);
    expect(list[0]!.analytics.rotationsCount).toBeGreaterThanOrEqual(3);
    expect(list[0]!.analytics.totalViews).toBeGreaterThan(0);

    const report = await json<{
      test: { id: string; owner: { email: string } };
      variants: Array<{ label: string; title: string }>;
      schedule: Array<{ status: string }>;
      rotations: Array<{ order: number; label: string; views: number | null; titleConfirmed: boolean }>;
      dailyMetrics: unknown[];
      verdict: { final: boolean; metric: string; reason: string };
      quotaSpent: { estimatedUnits: number; channelUnitsDuringTest: number };
    }>(await admin.get(`/api/admin/tests/${alexTestId}/full-report`));
    expect(report.test.owner.email).toBe('alex.rivera@example.com');
    expect(report.variants.map((variant) => variant.label)).toEqual(['Title 1', 'Title 2', 'Title 3']);
    const stored = await testApp.built.app.db
      .select()
      .from(rotations)
      .where(eq(rotations.testId, alexTestId));
    expect(report.schedule).toHaveLength(stored.length);
    const applied = stored.filter((rotation) => rotation.status === 'applied');
    expect(report.rotations.map((rotation) => rotation.order)).toEqual(applied.map((_, index) => index + 1));
    expect(report.rotations.every((rotation) => rotation.titleConfirmed)).toBe(true);
    // A running test: the engine's current reading, not final.
    expect(report.verdict).toMatchObject({ final: false, metric: 'views' });
    expect(report.quotaSpent.estimatedUnits).toBeGreaterThanOrEqual(53);
    expect(report.quotaSpent.channelUnitsDuringTest).toBeGreaterThanOrEqual(report.quotaSpent.estimatedUnits);
    expect((await admin.get(`/api/admin/tests/${randomUUID()}/full-report`)).status).toBe(404);
  }, 600_000);

  it("cancels anyone's test: the original title comes back through the test's job", async () => {
    const original = (
      await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, alexTestId))
    )[0]!.originalTitle;
    expect((await liveVideo(testApp, alexVideo)).title).not.toBe(original);
    const cancelled = await admin.post(`/api/admin/tests/${alexTestId}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toEqual({
      message: 'Test cancelled. The original title is being restored on YouTube.',
    });
    expect(await runDueWork(testApp)).toEqual([]);
    expect((await liveVideo(testApp, alexVideo)).title).toBe(original);
    const again = await admin.post(`/api/admin/tests/${alexTestId}/cancel`);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ error: 'Cannot cancel a test that is cancelled.' });
    expect(
      (await auditFor(alexTestId)).map((row) => [row.action, row.actorUserId, row.before, row.after]),
    ).toEqual([
      ['test.create', alexId, null, expect.objectContaining({ status: 'active' })],
      [
        'test.cancel',
        adminId,
        expect.objectContaining({ status: 'active' }),
        expect.objectContaining({ status: 'cancelled' }),
      ],
    ]);
  });

  it('deletes a running test only after cancelling it: the original title is restored, then the test goes', async () => {
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, demoTestId));
    const live = await liveVideo(testApp, demoVideo);
    expect(live.title).not.toBe(test!.originalTitle);
    expect(['Admin report A', 'Admin report B']).toContain(live.title);

    const deleted = await admin.request('DELETE', `/api/admin/tests/${demoTestId}`);
    expect(deleted.status).toBe(200);
    expect(await json(deleted)).toEqual({
      message: 'Test cancelled. It will be deleted as soon as its original title is back on YouTube.',
    });
    // Until the test's job has put the title back, the test exists (cancelled, marked for deletion).
    const pending = await json<Array<{ id: string; status: string; deletionPending: boolean }>>(
      await admin.get('/api/admin/tests'),
    );
    expect(pending.find((entry) => entry.id === demoTestId)).toMatchObject({
      status: 'cancelled',
      deletionPending: true,
    });

    expect(await runDueWork(testApp)).toEqual([]);
    expect((await liveVideo(testApp, demoVideo)).title).toBe(test!.originalTitle);
    const db = testApp.built.app.db;
    expect(await db.select().from(titleTests).where(eq(titleTests.id, demoTestId))).toEqual([]);
    expect(await db.select().from(titleVariants).where(eq(titleVariants.testId, demoTestId))).toEqual([]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, demoTestId), eq(auditLog.action, 'test.delete')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: adminId,
      before: { status: 'active', videoId: demoVideo },
      after: { status: 'cancelled', deletionRequested: true },
    });
    const gone = await admin.request('DELETE', `/api/admin/tests/${demoTestId}`);
    expect(gone.status).toBe(404);
    expect(await json(gone)).toEqual({ error: 'Test not found.' });
  });

  it('deletes an ended test whose final title is in place at once', async () => {
    const response = await admin.request('DELETE', `/api/admin/tests/${alexTestId}`);
    expect(await json(response)).toEqual({ message: 'Test deleted.' });
    expect(await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, alexTestId))).toEqual(
      [],
    );
    expect((await alex.get('/api/tests')).status).toBe(200);
    expect(await json(await alex.get('/api/tests'))).toEqual([]);
  });
});
