import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { purgeExpired } from '../../jobs/maintenance';
import { HttpClient } from '../helpers/http-client';
import { endRateLimitWindows } from '../helpers/rate-limit-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ SIGN_IN_RATE_LIMIT: '3' });
});
afterAll(async () => {
  await testApp.close();
});

it('rate limits sign-in endpoints with a counter kept in the database', async () => {
  const client = new HttpClient(testApp.url);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    expect((await client.post('/api/auth/demo-login')).status).toBe(200);
  }
  const limited = await client.post('/api/auth/demo-login');
  expect(limited.status).toBe(429);
  expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
  expect((await client.get('/api/auth/google')).status).toBe(302);
  // A minute later the window has passed.
  await endRateLimitWindows(testApp);
  expect((await client.post('/api/auth/demo-login')).status).toBe(200);
  expect(await testApp.built.app.db.select().from(users)).toHaveLength(1);
});

it('keeps a window open when the simulated clock moves a day, even through the day’s first YouTube read', async () => {
  await endRateLimitWindows(testApp);
  const client = new HttpClient(testApp.url);
  let token = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const login = await client.post('/api/auth/demo-login');
    expect(login.status).toBe(200);
    token = ((await login.json()) as { sessionToken: string }).sessionToken;
  }
  expect((await client.post('/api/auth/demo-login')).status).toBe(429);
  // Issue 25, item 9: a day's move used to end every window (sign-in went from 429 to 400).
  testApp.clock.advance(86_400_000);
  const creator = new HttpClient(testApp.url, { authorization: `Bearer ${token}` });
  expect((await creator.get('/api/videos/recent')).status).toBe(200);
  expect((await client.post('/api/auth/demo-login')).status).toBe(429);
  // Nor does the daily purge on the moved clock: it judges the windows by the machine's clock they
  // run on (it used to remove every window a simulated day old, and the limit reopened).
  expect((await purgeExpired(testApp.built.app)).rateLimits).toBe(0);
  expect((await client.post('/api/auth/demo-login')).status).toBe(429);
});
