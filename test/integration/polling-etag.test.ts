import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runDueWork } from '../helpers/title-test-driver';

let testApp: TestApp;
let creator: HttpClient;
let testId: string;

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
  const created = await creator.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 3),
    titles: ['Polled title A', 'Polled title B'],
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(created.status, await created.clone().text()).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
  await runDueWork(testApp);
  // Hold the clock still: minutes to the next rotation and the live rotation's minutes are part
  // of these answers, so a tag may only change here because the test changed.
  const heldAt = testApp.clock.now();
  testApp.clock.now = () => new Date(heldAt);
});
afterAll(async () => {
  await testApp.close();
});

const polled = () => ({
  'GET /api/tests': '/api/tests',
  'GET /api/dashboard/stats': '/api/dashboard/stats',
  'GET /api/tests/:id/analytics': `/api/tests/${testId}/analytics`,
});

describe('polled REST paths', () => {
  const first: Record<string, { etag: string; body: string }> = {};

  it('answer 200 with a strong ETag of the body and Cache-Control: private, no-cache', async () => {
    for (const [name, path] of Object.entries(polled())) {
      const response = await creator.get(path);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type'), name).toBe('application/json; charset=utf-8');
      expect(response.headers.get('cache-control'), name).toBe('private, no-cache');
      const body = await response.text();
      const etag = response.headers.get('etag')!;
      expect(etag, name).toBe(`"${createHash('sha256').update(body).digest('base64url')}"`);
      first[name] = { etag, body };
    }
    expect(JSON.parse(first['GET /api/dashboard/stats']!.body)).toMatchObject({ activeTests: 1 });
  });

  it('answer 304 with no body when If-None-Match names the current tag', async () => {
    for (const [name, path] of Object.entries(polled())) {
      const { etag } = first[name]!;
      for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
        const response = await creator.get(path, { 'if-none-match': header });
        expect(response.status, `${name} ${header}`).toBe(304);
        expect(response.headers.get('etag'), name).toBe(etag);
        expect(response.headers.get('cache-control'), name).toBe('private, no-cache');
        expect(await response.text(), name).toBe('');
      }
      const stale = await creator.get(path, { 'if-none-match': '"stale"' });
      expect(stale.status, name).toBe(200);
      expect(await stale.text(), name).toBe(first[name]!.body);
    }
  });

  it('answer 200 with a new tag once the test changes (paused)', async () => {
    const paused = await creator.post(`/api/tests/${testId}/pause`);
    expect(paused.status).toBe(200);
    for (const [name, path] of Object.entries(polled())) {
      const response = await creator.get(path, { 'if-none-match': first[name]!.etag });
      expect(response.status, name).toBe(200);
      const etag = response.headers.get('etag');
      expect(etag, name).not.toBe(first[name]!.etag);
      const body = await response.text();
      expect(etag, name).toBe(`"${createHash('sha256').update(body).digest('base64url')}"`);
      const again = await creator.get(path, { 'if-none-match': etag! });
      expect(again.status, name).toBe(304);
    }
    const stats = (await (await creator.get('/api/dashboard/stats')).json()) as { activeTests: number };
    expect(stats.activeTests).toBe(0);
  });

  it('leave the tRPC twins (the web app polls them in GET batches) without tags', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }));
    const response = await creator.get(`/trpc/tests.list,tests.dashboardStats?batch=1&input=${input}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
    const results = (await response.json()) as { result?: unknown }[];
    expect(results.every((entry) => entry.result !== undefined)).toBe(true);
  });
});
