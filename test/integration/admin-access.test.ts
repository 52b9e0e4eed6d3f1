import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, titleTests, users } from '../../db/schema';
import { recordQuotaUse } from '../../src/youtube/quota-ledger';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator, googleCreator } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runDueWork } from '../helpers/title-test-driver';
import { realLedgerUnitsToday } from '../helpers/youtube-gateway';
import { DEMO_USER_EMAIL } from '../../src/config';

let testApp: TestApp;
let admin: HttpClient;
let alex: HttpClient;
let anonymous: HttpClient;
let alexId: string;
let testId: string;

beforeAll(async () => {
  // The demo creator is this suite's admin: demo accounts are admins only when listed.
  testApp = await startTestApp({ YOUTUBE_DAILY_QUOTA: '2000', ADMIN_EMAILS: DEMO_USER_EMAIL });
  admin = await demoCreator(testApp);
  alex = await googleCreator(testApp, 'sim-alex');
  anonymous = new HttpClient(testApp.url);
  alexId = ((await (await alex.get('/api/auth/me')).json()) as { id: string }).id;
  const created = await admin.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 1),
    titles: ['Admin matrix A', 'Admin matrix B'],
    rotationIntervalMinutes: 1440,
  });
  expect(created.status).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
  await runDueWork(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

describe('who may use the admin paths', () => {
  it('answers the check to any signed-in user, from the server’s role decision', async () => {
    expect(await json(await admin.get('/api/admin/check'))).toEqual({ isAdmin: true });
    expect(await json(await alex.get('/api/admin/check'))).toEqual({ isAdmin: false });
    expect((await anonymous.get('/api/admin/check')).status).toBe(401);
  });

  // Every admin path: anonymous 401, a plain user 403 (and nothing changes), an admin 200.
  const paths: Array<[string, string, () => string, () => unknown]> = [
    ['GET', 'metrics', () => '/api/admin/metrics', () => undefined],
    ['GET', 'users', () => '/api/admin/users', () => undefined],
    ['POST', 'upgrade', () => `/api/admin/users/${alexId}/upgrade`, () => ({ tier: 'pro' })],
    ['POST', 'downgrade', () => `/api/admin/users/${alexId}/downgrade`, () => ({ tier: 'cancelled' })],
    ['GET', 'tests', () => '/api/admin/tests', () => undefined],
    ['GET', 'full report', () => `/api/admin/tests/${testId}/full-report`, () => undefined],
    ['GET', 'settings', () => '/api/admin/settings', () => undefined],
    ['POST', 'cancel', () => `/api/admin/tests/${testId}/cancel`, () => ({})],
    ['DELETE', 'delete', () => `/api/admin/tests/${testId}`, () => undefined],
  ];
  for (const [method, name, path, body] of paths) {
    it(`${method} ${name}: 401 anonymous, 403 user, 200 admin`, async () => {
      const send = (client: HttpClient) =>
        client.request(method, path(), body() === undefined ? {} : { json: body() });
      const snapshot = async () => ({
        users: await testApp.built.app.db.select().from(users).orderBy(users.email),
        tests: await testApp.built.app.db.select().from(titleTests),
        audit: await testApp.built.app.db.select().from(auditLog),
      });
      const before = await snapshot();
      const unauthenticated = await send(anonymous);
      expect(unauthenticated.status).toBe(401);
      expect(await json(unauthenticated)).toEqual({ error: 'Please sign in.' });
      const forbidden = await send(alex);
      expect(forbidden.status).toBe(403);
      expect(await json(forbidden)).toEqual({ error: 'Admin access required.' });
      expect(await snapshot()).toEqual(before);
      const allowed = await send(admin);
      expect(allowed.status, JSON.stringify(await allowed.clone().json())).toBe(200);
    });
  }

  it('keeps the tRPC admin procedures for admins too', async () => {
    const response = await alex.get('/trpc/admin.metrics');
    expect(response.status).toBe(403);
    expect((await admin.get('/trpc/admin.metrics')).status).toBe(200);
  });

  it('lists every admin path in the OpenAPI document', async () => {
    const document = await json<{ paths: Record<string, Record<string, unknown>> }>(
      await anonymous.get('/api/openapi.json'),
    );
    for (const path of [
      '/api/admin/check',
      '/api/admin/metrics',
      '/api/admin/users',
      '/api/admin/users/{id}/upgrade',
      '/api/admin/users/{id}/downgrade',
      '/api/admin/tests',
      '/api/admin/tests/{id}/full-report',
      '/api/admin/tests/{id}/cancel',
      '/api/admin/tests/{id}',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    expect(Object.keys(document.paths['/api/admin/tests/{id}']!)).toEqual(['delete']);
  });
});

describe('metrics', () => {
  interface Metrics {
    totalUsers: number;
    activeTests: number;
    totalApiCalls: number;
    platformHealth: string;
    healthSignals: Array<{ key: string; level: string }>;
  }

  it('counts users, active tests and today’s YouTube units from the database', async () => {
    const created = await admin.post('/api/tests', {
      videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 2),
      titles: ['Metrics A', 'Metrics B'],
      rotationIntervalMinutes: 1440,
    });
    expect(created.status).toBe(201);
    await runDueWork(testApp);
    const db = testApp.built.app.db;
    const [userCount] = await db.select({ value: count() }).from(users);
    const [activeCount] = await db
      .select({ value: count() })
      .from(titleTests)
      .where(eq(titleTests.status, 'active'));
    const metrics = await json<Metrics>(await admin.get('/api/admin/metrics'));
    expect(metrics.totalUsers).toBe(userCount!.value);
    expect(metrics.totalUsers).toBe(2);
    expect(metrics.activeTests).toBe(activeCount!.value);
    expect(metrics.activeTests).toBeGreaterThanOrEqual(1);
    // The deployment's units: a demo copy's calls spend a simulated quota of its own.
    expect(metrics.totalApiCalls).toBe(await realLedgerUnitsToday(testApp));
    expect(metrics.totalApiCalls).toBeGreaterThan(0);
  });

  it('is Excellent only while every signal is good: quota headroom moves it', async () => {
    const db = testApp.built.app.db;
    const first = await json<Metrics>(await admin.get('/api/admin/metrics'));
    expect(first.healthSignals.map((signal) => [signal.key, signal.level])).toEqual([
      ['database', 'ok'],
      ['job-queue', 'ok'],
      ['job-failures', 'ok'],
      ['quota', 'ok'],
      ['test-errors', 'ok'],
    ]);
    expect(first.platformHealth).toBe('Excellent');

    // Spend the day's quota down (2,000 units): a forecast of 80% warns, 95% is bad.
    const at = testApp.clock.now();
    const toSpend = Math.ceil(2000 * 0.85) - first.totalApiCalls;
    for (let spent = 0; spent < toSpend; spent += 50) {
      await recordQuotaUse(db, { method: 'videos.update', at });
    }
    const warned = await json<Metrics>(await admin.get('/api/admin/metrics'));
    expect(warned.platformHealth).toBe('Good');
    expect(warned.totalApiCalls).toBe(await realLedgerUnitsToday(testApp));
    for (let spent = 0; spent < 300; spent += 50) await recordQuotaUse(db, { method: 'videos.update', at });
    expect((await json<Metrics>(await admin.get('/api/admin/metrics'))).platformHealth).toBe('Degraded');
  });

  it('reports the real security configuration in settings', async () => {
    const settings = await json<{ security: Array<{ key: string; status: string; detail: string }> }>(
      await admin.get('/api/admin/settings'),
    );
    const item = (key: string) => settings.security.find((entry) => entry.key === key)!;
    // The test app runs on http:// with PostgreSQL or PGlite and SIGN_IN_RATE_LIMIT's default.
    expect(item('ssl').status).toBe('warning');
    expect(item('login-attempts').detail).toMatch(/At most 30 sign-in attempts per minute/);
    expect(item('backups').status).toBe(
      testApp.built.app.config.database.kind === 'postgres' ? 'external' : 'warning',
    );
  });
});
