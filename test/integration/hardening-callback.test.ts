import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_SCOPES, googleCallbackPath } from '../../src/youtube/google-clients';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 5: the Google callback handed the session token to the page in the URL
// (/auth/callback?token=…), and the page stored any token it was given, so a crafted link could
// sign a visitor into another account. The browser's session is now the HttpOnly cookie alone;
// API clients still get token + user from the sign-in endpoints.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const simulatorUrl = () => new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&');
  }
  return fields;
}

/** The account holder's choice on the simulator's consent page: returns the redirect back to us. */
async function consent(browser: HttpClient, authorizeUrl: string, account: string): Promise<URL> {
  const page = await browser.get(authorizeUrl);
  expect(page.status).toBe(200);
  const decision = await browser.request('POST', `${simulatorUrl()}/o/oauth2/v2/auth/decision`, {
    form: { ...hiddenFields(await page.text()), decision: 'allow', account },
  });
  expect(decision.status).toBe(302);
  return new URL(decision.headers.get('location')!);
}

describe('the browser sign-in through Google', () => {
  it('ends on /auth/callback with no token in the URL, signed in by the HttpOnly cookie', async () => {
    const browser = new HttpClient(testApp.url);
    const start = await browser.get('/api/auth/google');
    const callback = await consent(browser, start.headers.get('location')!, 'sim-alex');
    const finish = await browser.get(callback.pathname + callback.search);
    expect(finish.status).toBe(302);
    const location = finish.headers.get('location')!;
    expect(location).toBe('/auth/callback');

    const token = browser.cookie('session-token');
    expect(token).toBeTruthy();
    expect(location).not.toContain(token);
    const setCookie = finish.headers.getSetCookie().find((line) => line.startsWith('session-token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const me = await browser.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('alex.rivera@example.com');
  });
});

describe('API clients', () => {
  it('still get token and user from demo sign-in', async () => {
    const response = await new HttpClient(testApp.url).post('/api/auth/demo-login');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionToken: string; user: { email: string } };
    expect(body.sessionToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.user.email).toBe('demo@titlewise.app');
  });

  it('still get token and user from the Google code exchange', async () => {
    const { config } = testApp.built.app;
    const verifier = randomBytes(32).toString('base64url');
    const redirectUri = `${config.publicUrl}${googleCallbackPath}`;
    const authorize = new URL(config.google.endpoints.authorizeUrl);
    authorize.search = new URLSearchParams({
      client_id: config.google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: GOOGLE_SCOPES.join(' '),
      state: 'api-client-state',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const tool = new HttpClient(testApp.url);
    const callback = await consent(tool, authorize.toString(), 'sim-sam');
    const code = callback.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const response = await tool.post('/api/auth/google', { code, codeVerifier: verifier, redirectUri });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { sessionToken: string; user: { email: string } };
    expect(body.user.email).toBe('sam.chen@example.com');
    const me = await new HttpClient(testApp.url).get('/api/auth/me', {
      authorization: `Bearer ${body.sessionToken}`,
    });
    expect(me.status).toBe(200);
  });
});

describe('an error Google sends back (issue 25, item 10)', () => {
  it('lands on /login with our own words, never the description or code from the URL', async () => {
    const attacker = 'Your account is suspended. Call +1 555 0100 to restore it.';
    const codes = ['server_error', 'access_denied', 'temporarily_unavailable', 'made_up_code', attacker];
    const landings = new Map<string, string>();
    for (const error of codes) {
      for (const description of [attacker, `Access blocked: ${attacker}`]) {
        const query = new URLSearchParams({ error, error_description: description, state: 'x' });
        const response = await new HttpClient(testApp.url).get(`${googleCallbackPath}?${query}`);
        expect(response.status).toBe(302);
        const landing = new URL(response.headers.get('location')!, testApp.url);
        expect(landing.pathname).toBe('/login');
        const shown = `${landing.searchParams.get('error')} ${landing.searchParams.get('description')}`;
        expect(shown).not.toMatch(/suspended|555|made_up_code/);
        landings.set(`${error} / ${description.slice(0, 14)}`, shown);
      }
    }
    expect(landings.get('server_error / Your account i')).toMatch(/^server_error Google could not/);
    expect(landings.get('made_up_code / Your account i')).toMatch(/^google_error Google could not/);
    // An unverified-app block is still told apart, in our words.
    expect(landings.get('access_denied / Access blocked')).toMatch(/^oauth_verification Google blocked/);
  });
});
