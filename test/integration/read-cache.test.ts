import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runDueWork } from '../helpers/title-test-driver';

// The polled reads and the session lookup are reused while nothing changed
// (src/db/read-cache.ts). What a creator must never see: an answer older than a change they
// made, or a session that outlives its sign-out.

let testApp: TestApp;
let creator: HttpClient;
let token: string;
let testId: string;
let statements = 0;

beforeAll(async () => {
  // Entries live ten minutes here: only a change (this process's own write, or the database's
  // notice of another's) can end one within a test.
  testApp = await startTestApp(
    {},
    { databaseLogger: { logQuery: () => (statements += 1) }, readCache: { ttlMs: 600_000 } },
  );
  const login = (await (await new HttpClient(testApp.url).post('/api/auth/demo-login')).json()) as {
    sessionToken: string;
  };
  token = login.sessionToken;
  creator = new HttpClient(testApp.url, { authorization: `Bearer ${token}` });
  const created = await creator.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 4),
    titles: ['Cached title A', 'Cached title B'],
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
  await runDueWork(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface Card {
  id: string;
  status: string;
}

const cards = async (client = creator) => (await (await client.get('/api/tests')).json()) as Card[];
const statusOf = async (client = creator) => (await cards(client)).find((card) => card.id === testId)!.status;

/** Polls until `read` gives `expected`, for far less than a cached entry's life. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 30_000;
  let value = await read();
  while (value !== expected && Date.now() < deadline) value = await read();
  return value;
}

describe('the read cache', () => {
  it('answers a repeated poll without asking the database', async () => {
    await creator.get('/api/tests');
    await creator.get('/api/dashboard/stats');
    await creator.get(`/api/tests/${testId}/analytics`);
    const before = statements;
    expect((await creator.get('/api/tests')).status).toBe(200);
    expect((await creator.get('/api/dashboard/stats')).status).toBe(200);
    expect((await creator.get(`/api/tests/${testId}/analytics`)).status).toBe(200);
    expect(statements - before).toBe(0);
  });

  it('shows the creator’s own change on the very next poll', async () => {
    expect(await statusOf()).toBe('active');
    expect((await creator.post(`/api/tests/${testId}/pause`)).status).toBe(200);
    expect(await statusOf()).toBe('paused');
    expect((await creator.post(`/api/tests/${testId}/resume`)).status).toBe(200);
    expect(await statusOf()).toBe('active');
  });

  it('refuses a signed-out session at once', async () => {
    const login = (await (await new HttpClient(testApp.url).post('/api/auth/demo-login')).json()) as {
      sessionToken: string;
    };
    const other = new HttpClient(testApp.url, { authorization: `Bearer ${login.sessionToken}` });
    expect((await other.get('/api/auth/me')).status).toBe(200);
    expect((await other.post('/api/auth/logout')).status).toBe(200);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });

  describe('with a change committed by another process', () => {
    let sql: postgres.Sql | null = null;
    beforeAll(() => {
      const { database } = testApp.built.app;
      // Another process needs a server: the embedded database has one process.
      if (database.kind === 'postgres') sql = postgres(database.url!, { max: 1, onnotice: () => {} });
    });
    afterAll(async () => {
      await sql?.end({ timeout: 5 });
    });

    it('drops the cached answer when the database announces the change', async (context) => {
      if (!sql) return context.skip();
      expect(await statusOf()).toBe('active');
      // A web-only node's view of a worker pausing the test (the triggers outdate its figures).
      await sql`update title_tests set status = 'paused', status_reason = 'Paused elsewhere' where id = ${testId}`;
      expect(await eventually(statusOf, 'paused')).toBe('paused');
      await sql`update title_tests set status = 'active', status_reason = null where id = ${testId}`;
      expect(await eventually(statusOf, 'active')).toBe('active');
    });

    it('refuses a session revoked elsewhere', async (context) => {
      if (!sql) return context.skip();
      const meStatus = async () => (await creator.get('/api/auth/me')).status;
      expect(await meStatus()).toBe(200);
      await sql`update sessions set revoked_at = now() where revoked_at is null`;
      expect(await eventually(meStatus, 401)).toBe(401);
    });
  });
});
