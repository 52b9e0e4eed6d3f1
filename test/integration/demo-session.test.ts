import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { hashToken } from '../../src/auth/session.service';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('demo sign-in and sessions', () => {
  it('signs in, answers /me by cookie and by bearer, and logout revokes the session', async () => {
    const browser = new HttpClient(testApp.url);
    const login = await browser.post('/api/auth/demo-login');
    expect(login.status).toBe(200);
    const body = (await login.json()) as {
      sessionToken: string;
      user: { email: string; youtubeChannelTitle: string };
    };
    expect(body.user.email).toBe('demo@titlewise.app');
    expect(body.user.youtubeChannelTitle).toBe('Titlewise Demo Kitchen');
    expect(browser.cookie('session-token')).toBe(body.sessionToken);

    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const byCookie = await browser.get('/api/auth/me');
    expect(byCookie.status).toBe(200);
    expect(((await byCookie.json()) as { email: string }).email).toBe('demo@titlewise.app');

    const tool = new HttpClient(testApp.url);
    const byBearer = await tool.get('/api/auth/me', { authorization: `Bearer ${body.sessionToken}` });
    expect(byBearer.status).toBe(200);
    const wrapped = await tool.get('/api/auth/user', { authorization: `Bearer ${body.sessionToken}` });
    expect(((await wrapped.json()) as { user: { email: string } }).user.email).toBe('demo@titlewise.app');

    // Only the hash is stored.
    const stored = await testApp.built.app.db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === hashToken(body.sessionToken))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(body.sessionToken);

    const logout = await browser.post('/api/auth/logout');
    expect(logout.status).toBe(200);
    expect(browser.cookie('session-token')).toBeUndefined();

    // The token itself is revoked server-side, not just the cookie.
    const after = await tool.get('/api/auth/me', { authorization: `Bearer ${body.sessionToken}` });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Please sign in.' });
  });

  it('refuses forged and expired tokens', async () => {
    const tool = new HttpClient(testApp.url);
    const forged = await tool.get('/api/auth/me', {
      authorization: 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(forged.status).toBe(401);
    const garbage = await tool.get('/api/auth/me', { cookie: 'session-token=not a token' });
    expect(garbage.status).toBe(401);

    const login = (await (await tool.post('/api/auth/demo-login')).json()) as { sessionToken: string };
    testApp.clock.advance(31 * 86_400_000);
    const expired = await tool.get('/api/auth/me', { authorization: `Bearer ${login.sessionToken}` });
    expect(expired.status).toBe(401);
  });

  it('refuses a cross-origin cookie POST and changes nothing', async () => {
    const browser = new HttpClient(testApp.url);
    await browser.post('/api/auth/demo-login');
    const before = await testApp.built.app.db.select().from(sessions);
    const refused = await browser.post('/api/auth/logout', {}, { origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Cross-site/);
    const fetchSite = await browser.post('/api/auth/demo-login', {}, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    const after = await testApp.built.app.db.select().from(sessions);
    expect(after).toEqual(before);
    expect((await browser.get('/api/auth/me')).status).toBe(200);
  });

  it('answers 400 with a clear error for bad input and writes nothing', async () => {
    const tool = new HttpClient(testApp.url);
    const before = await testApp.built.app.db.select().from(sessions);
    const response = await tool.post('/api/auth/google', { code: '' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/code/);
    expect(await testApp.built.app.db.select().from(sessions)).toEqual(before);
  });

  it('sets security headers and serves an OpenAPI document generated from the schemas', async () => {
    const response = await fetch(`${testApp.url}/api/openapi.json`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/me',
        '/api/auth/demo-login',
        '/api/auth/google',
        '/api/auth/logout',
      ]),
    );
    expect(JSON.stringify(document.paths['/api/auth/me'])).toContain('subscriptionTier');
  });
});
