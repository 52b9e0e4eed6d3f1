import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelConnections, simTokens, users } from '../../db/schema';
import { createOAuthClient } from '../../src/youtube/google-clients';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const simulatorUrl = () => new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;

/** Starts sign-in like a browser and returns the consent form's hidden fields. */
async function openConsent(browser: HttpClient) {
  const start = await browser.get('/api/auth/google');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.pathname).toBe('/o/oauth2/v2/auth');
  expect(authorize.origin).toBe(simulatorUrl());
  expect(authorize.searchParams.get('access_type')).toBe('offline');
  expect(authorize.searchParams.get('prompt')).toBe('consent');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('scope')).toContain('youtube.force-ssl');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  const page = await browser.get(authorize.toString());
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Choose an account');
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&');
  }
  return { fields };
}

async function decide(browser: HttpClient, fields: Record<string, string>, extra: Record<string, string>) {
  const response = await browser.request('POST', `${simulatorUrl()}/o/oauth2/v2/auth/decision`, {
    form: { ...fields, ...extra },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

describe('Google sign-in through the simulator', () => {
  it('signs in end to end with state and PKCE, storing tokens encrypted', async () => {
    const browser = new HttpClient(testApp.url);
    const { fields } = await openConsent(browser);
    const callback = await decide(browser, fields, { decision: 'allow', account: 'sim-alex' });
    expect(callback.pathname).toBe('/api/auth/google/callback');
    expect(callback.searchParams.get('state')).toBe(fields.state);

    const finish = await browser.get(callback.pathname + callback.search);
    expect(finish.status).toBe(302);
    const landing = new URL(finish.headers.get('location')!, testApp.url);
    expect(landing.pathname, landing.search).toBe('/auth/callback');
    expect(landing.search).toBe('');
    // The session is the HttpOnly cookie; its token also works as a bearer for API clients.
    expect(finish.headers.get('set-cookie')).toMatch(/session-token=.+HttpOnly/i);
    const token = browser.cookie('session-token')!;

    const me = await new HttpClient(testApp.url).get('/api/auth/me', { authorization: `Bearer ${token}` });
    expect(me.status).toBe(200);
    const user = (await me.json()) as { email: string; youtubeChannelTitle: string; isFounder: boolean };
    expect(user).toMatchObject({
      email: 'alex.rivera@example.com',
      youtubeChannelTitle: 'Rivera Builds',
      isFounder: false,
    });

    const [row] = await testApp.built.app.db
      .select({ connection: channelConnections })
      .from(channelConnections)
      .innerJoin(users, eq(users.id, channelConnections.userId))
      .where(eq(users.email, 'alex.rivera@example.com'));
    const connection = row!.connection;
    expect(connection.youtubeChannelId).toBe('UCsimRiveraBuilds0000000');
    expect(connection.uploadsPlaylistId).toBe('UUsimRiveraBuilds0000000');
    expect(connection.scopes).toContain('https://www.googleapis.com/auth/youtube.force-ssl');
    const issued = await testApp.built.app.db
      .select()
      .from(simTokens)
      .where(eq(simTokens.accountId, 'sim-alex'));
    const refresh = issued.find((entry) => entry.kind === 'refresh')!.token;
    expect(connection.refreshTokenEncrypted).toBeTruthy();
    expect(connection.refreshTokenEncrypted).not.toContain(refresh);
    expect(JSON.stringify(connection)).not.toContain(refresh.slice(8));
    expect(testApp.built.app.cipher.decrypt(connection.refreshTokenEncrypted!)).toBe(refresh);
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const victim = new HttpClient(testApp.url);
    const { fields } = await openConsent(victim);
    const callback = await decide(victim, fields, { decision: 'allow', account: 'sim-sam' });
    const attacker = new HttpClient(testApp.url);
    const finish = await attacker.get(callback.pathname + callback.search);
    const landing = new URL(finish.headers.get('location')!, testApp.url);
    expect(landing.pathname).toBe('/login');
    expect(landing.searchParams.get('error')).toBe('invalid_state');
    const signedUp = await testApp.built.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'sam.chen@example.com'));
    expect(signedUp).toHaveLength(0);
  });

  it('sends a denied consent to /login with an error, and an unverified-app block as oauth_verification', async () => {
    const browser = new HttpClient(testApp.url);
    const denied = await openConsent(browser);
    const deniedCallback = await decide(browser, denied.fields, { decision: 'deny' });
    const deniedLanding = new URL(
      (await browser.get(deniedCallback.pathname + deniedCallback.search)).headers.get('location')!,
      testApp.url,
    );
    expect(deniedLanding.pathname).toBe('/login');
    expect(deniedLanding.searchParams.get('error')).toBe('access_denied');
    expect(deniedLanding.searchParams.get('description')).toMatch(/cancelled/);

    const blocked = await openConsent(browser);
    const blockedCallback = await decide(browser, blocked.fields, { decision: 'unverified' });
    const blockedLanding = new URL(
      (await browser.get(blockedCallback.pathname + blockedCallback.search)).headers.get('location')!,
      testApp.url,
    );
    expect(blockedLanding.searchParams.get('error')).toBe('oauth_verification');
  });

  it('refuses a code exchange without the PKCE verifier of the flow that started it', async () => {
    const browser = new HttpClient(testApp.url);
    const { fields } = await openConsent(browser);
    expect(fields.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const callback = await decide(browser, fields, { decision: 'allow', account: 'sim-sam' });
    const client = createOAuthClient(testApp.built.app.config);
    await expect(
      client.getToken({ code: callback.searchParams.get('code')!, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toThrow(/invalid_grant/);
  });

  it('answers invalid_grant for a revoked refresh token through google-auth-library', async () => {
    const browser = new HttpClient(testApp.url);
    const { fields } = await openConsent(browser);
    const callback = await decide(browser, fields, { decision: 'allow', account: 'sim-priya' });
    const code = callback.searchParams.get('code')!;
    const finish = await browser.get(callback.pathname + callback.search);
    expect(new URL(finish.headers.get('location')!, testApp.url).pathname).toBe('/auth/callback');
    // An authorization code is single-use: replaying it fails.
    const client = createOAuthClient(testApp.built.app.config);
    await expect(client.getToken({ code })).rejects.toThrow(/invalid_grant/);

    const tokens = await testApp.built.app.db
      .select()
      .from(simTokens)
      .where(eq(simTokens.accountId, 'sim-priya'));
    const refresh = tokens.find((entry) => entry.kind === 'refresh');
    if (!refresh) throw new Error('no refresh token was issued');
    const refreshing = createOAuthClient(testApp.built.app.config, { refresh_token: refresh.token });
    const refreshed = await refreshing.getAccessToken();
    expect(refreshed.token).toMatch(/^ya29\./);
    await refreshing.revokeToken(refresh.token);
    const afterRevoke = createOAuthClient(testApp.built.app.config, { refresh_token: refresh.token });
    await expect(afterRevoke.getAccessToken()).rejects.toThrow(/invalid_grant/);
  });
});
