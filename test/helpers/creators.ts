import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/** A signed-in demo creator (simulated channel "Titlewise Demo Kitchen") as an external REST client. */
export async function demoCreator(testApp: TestApp): Promise<HttpClient & { authorization: string }> {
  const login = (await (await new HttpClient(testApp.url).post('/api/auth/demo-login')).json()) as {
    sessionToken: string;
  };
  const authorization = `Bearer ${login.sessionToken}`;
  return Object.assign(new HttpClient(testApp.url, { authorization }), { authorization });
}

/** A creator signed in through the simulator's Google consent page as one of its accounts. */
export async function googleCreator(testApp: TestApp, accountId: string): Promise<HttpClient> {
  const token = await googleSessionToken(testApp, accountId);
  return new HttpClient(testApp.url, { authorization: `Bearer ${token}` });
}

/**
 * Follows Google's flow from `startPath` (a Titlewise path that redirects to the consent page),
 * choosing `accountId` on the simulator's consent page, and returns where Titlewise sends the
 * browser at the end.
 */
export async function throughConsent(
  testApp: TestApp,
  browser: HttpClient,
  startPath: string,
  accountId: string,
  /** Runs after Google's consent, before the browser returns to Titlewise. */
  beforeReturn?: () => Promise<void>,
): Promise<URL> {
  const start = await browser.get(startPath);
  const consent = await browser.get(start.headers.get('location')!);
  const html = await consent.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&');
  }
  const simulator = new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;
  const decision = await browser.request('POST', `${simulator}/o/oauth2/v2/auth/decision`, {
    form: { ...fields, decision: 'allow', account: accountId },
  });
  const callback = new URL(decision.headers.get('location')!);
  await beforeReturn?.();
  const finish = await browser.get(callback.pathname + callback.search);
  return new URL(finish.headers.get('location')!, testApp.url);
}

/** A browser signed in through the simulator's consent page as one of its accounts (the cookie session). */
export async function googleBrowser(testApp: TestApp, accountId: string): Promise<HttpClient> {
  const browser = new HttpClient(testApp.url);
  const landed = await throughConsent(testApp, browser, '/api/auth/google', accountId);
  if (landed.pathname !== '/auth/callback') {
    throw new Error(`Google sign-in as ${accountId} failed: ${landed.toString()}`);
  }
  return browser;
}

/** The session token of a browser that signed in through the simulator's consent page. */
export async function googleSessionToken(testApp: TestApp, accountId: string): Promise<string> {
  // The browser's session is the cookie; an external client carries the same token as bearer.
  return (await googleBrowser(testApp, accountId)).cookie('session-token')!;
}
