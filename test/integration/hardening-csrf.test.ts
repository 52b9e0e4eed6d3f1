import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 6: the session cookie alone never authorises a change. A cookie write without a
// same-origin Origin or Sec-Fetch-Site, and the GET logout from another site, are refused; bearer
// clients are not affected. Signed-in answers are never stored by a cache.

let testApp: TestApp;
let browser: HttpClient;
let token: string;
let testId: string;

const refusal = { error: 'Cross-site request refused. Use Titlewise from its own pages.' };

beforeAll(async () => {
  testApp = await startTestApp();
  browser = new HttpClient(testApp.url);
  const login = await browser.post('/api/auth/demo-login');
  expect(login.status).toBe(200);
  token = ((await login.json()) as { sessionToken: string }).sessionToken;
  const created = await browser.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 1),
    titles: ['Cookie A', 'Cookie B'],
    rotationIntervalMinutes: 1440,
  });
  expect(created.status).toBe(201);
  testId = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  await testApp.close();
});

const status = async () =>
  ((await (await browser.get('/api/tests')).json()) as Array<{ id: string; status: string }>).find(
    (test) => test.id === testId,
  )!.status;

const trpcAction = (action: string, options: { origin?: false; headers?: Record<string, string> } = {}) =>
  browser.request('POST', '/trpc/tests.action', { json: { json: { id: testId, action } }, ...options });

const signedIn = async () => (await browser.get('/api/auth/me')).status === 200;

describe('a write authenticated by the session cookie', () => {
  it('is refused without Origin or Sec-Fetch-Site, on REST and tRPC, and changes nothing', async () => {
    const rest = await browser.request('POST', `/api/tests/${testId}/pause`, { origin: false });
    expect(rest.status).toBe(403);
    expect(await rest.json()).toEqual(refusal);
    const trpc = await trpcAction('pause', { origin: false });
    expect(trpc.status).toBe(403);
    expect(await status()).toBe('active');
    const logout = await browser.request('POST', '/api/auth/logout', { json: {}, origin: false });
    expect(logout.status).toBe(403);
    expect(await signedIn()).toBe(true);
  });

  it('passes with Sec-Fetch-Site same-origin or a same-origin Origin', async () => {
    const byFetchSite = await browser.request('POST', `/api/tests/${testId}/pause`, {
      origin: false,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(byFetchSite.status).toBe(200);
    expect(await status()).toBe('paused');
    expect((await trpcAction('resume')).status).toBe(200);
    expect(await status()).toBe('active');
  });

  it('is refused with Sec-Fetch-Site cross-site even when Origin is absent', async () => {
    const response = await trpcAction('pause', {
      origin: false,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(await status()).toBe('active');
  });
});

describe('a bearer client', () => {
  it('writes without Origin or Sec-Fetch-Site', async () => {
    const tool = new HttpClient(testApp.url, { authorization: `Bearer ${token}` });
    const paused = await tool.request('POST', `/api/tests/${testId}/pause`, { json: {}, origin: false });
    expect(paused.status).toBe(200);
    const resumed = await tool.request('POST', '/trpc/tests.action', {
      json: { json: { id: testId, action: 'resume' } },
      origin: false,
    });
    expect(resumed.status).toBe(200);
    expect(await status()).toBe('active');
  });
});

describe('GET /api/auth/logout (the diagnostic page’s sign-out)', () => {
  it('does not sign the cookie out from another site, or from nowhere said', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, {}] as Record<string, string>[]) {
      const response = await browser.get('/api/auth/logout', headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toEqual(refusal);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await signedIn()).toBe(true);
    }
  });

  it('signs out from our own pages, and a bearer client from anywhere', async () => {
    const other = new HttpClient(testApp.url);
    const otherToken = ((await (await other.post('/api/auth/demo-login')).json()) as { sessionToken: string })
      .sessionToken;
    const tool = new HttpClient(testApp.url, { authorization: `Bearer ${otherToken}` });
    expect((await tool.get('/api/auth/logout')).status).toBe(200);
    expect((await tool.get('/api/auth/me')).status).toBe(401);

    const response = await browser.get('/api/auth/logout', { 'sec-fetch-site': 'same-origin' });
    expect(response.status).toBe(200);
    expect(await signedIn()).toBe(false);
  });
});

describe('Cache-Control', () => {
  it('is no-store on signed-in JSON, REST and tRPC, and on the sign-in answer', async () => {
    const client = new HttpClient(testApp.url);
    const login = await client.post('/api/auth/demo-login');
    expect(login.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/api/auth/me', '/api/auth/user', '/trpc/auth.me', '/trpc/tests.list']) {
      const response = await client.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const action = await client.post('/trpc/auth.logout', {});
    expect(action.status).toBe(200);
    expect(action.headers.get('cache-control')).toBe('no-store');
  });
});
