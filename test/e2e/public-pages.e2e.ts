import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { googleSessionToken } from '../helpers/creators';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { openPage, PHONE, screenshot } from './support/browser';

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

describe('public pages', () => {
  it('landing: every section, honest pricing, links to /paywall and /login, accessible', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find the title that actually wins.' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Features', 'Pricing', 'Success Stories', 'Privacy Policy', 'Login']) {
      await expect(nav.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    expect(await nav.getByRole('link', { name: 'Start Pro Plan' }).getAttribute('href')).toBe('/paywall');
    for (const heading of [
      'Check a running test from anywhere',
      'Swapping titles by hand can’t tell you which one is better',
      'What a Titlewise test looks like',
      'Everything a fair title test needs',
      'How Titlewise compares',
      'Simple monthly plans',
      'Questions creators ask',
      'Stop guessing. Test your next title.',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name: heading }).isVisible()).resolves.toBe(true);
    }
    const pricing = page.locator('#pricing');
    // Free beside the paid plans, with its limits (issue 26, item 4).
    const free = pricing.getByRole('article', { name: 'Free' });
    await expect(free.getByText('$0').isVisible()).resolves.toBe(true);
    await expect(free.getByText('1 running test at a time').isVisible()).resolves.toBe(true);
    expect(await free.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/login');
    await expect(pricing.getByText('$29').isVisible()).resolves.toBe(true);
    await expect(pricing.getByText('$99').isVisible()).resolves.toBe(true);
    await expect(pricing.getByText('Most Popular').isVisible()).resolves.toBe(true);
    expect(await pricing.getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe('/paywall');
    expect(await pricing.getByRole('link', { name: 'Choose Authority' }).getAttribute('href')).toBe(
      '/paywall',
    );
    expect(
      await page.getByRole('link', { name: 'Connect your channel and test properly' }).getAttribute('href'),
    ).toBe('/login');
    await page.getByRole('button', { name: 'Are the numbers exact?' }).click();
    await page.getByText('own calculation, and say so').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'landing');
    // "Try the demo" signs in at once: no second click on /login (issue 26, item 9).
    await page.getByRole('link', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('landing on a 375 px phone: no horizontal scroll, menu drawer works', async () => {
    const { page, errors, context } = await openPage(browser, app.url, PHONE);
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'landing-phone');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Login' }).waitFor();
    await screenshot(page, 'landing-phone-menu');
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('login: Connect with Google, the demo button, legal links, error box and oauth_verification notice', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).waitFor();
    await expect(page.getByRole('button', { name: 'Try the demo' }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(await page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'login');

    await page.goto('/login?error=access_denied');
    await page.getByText('Authentication error: access_denied').waitFor();
    await page.goto('/login?error=oauth_verification&description=Access%20blocked%3A%20app%20not%20verified');
    await page.getByText('Access blocked: app not verified').waitFor();
    await page.getByText('Google app verification needed').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'login-oauth-verification');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('login on a 375 px phone', async () => {
    const { page, context } = await openPage(browser, app.url, PHONE);
    await page.goto('/login?error=access_denied&description=Google%20sign-in%20was%20cancelled.');
    await page.getByText('Google sign-in was cancelled.').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'login-phone');
    await context.close();
  });

  it('privacy and terms: dated June 18, 2025, with a back link home', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/privacy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('Last updated June 18, 2025').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'privacy');
    await page.getByRole('link', { name: 'Back to home' }).first().click();
    await page.waitForURL(`${app.url}/`);

    await page.goto('/terms');
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByText('Effective June 18, 2025').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'terms');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('unknown path: 404 naming the path', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('/no/such/page').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'not-found');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('auth callback: error → /login?error; then the session cookie decides, and a token in the link is ignored', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto('/auth/callback?error=access_denied');
    await page.waitForURL(`${app.url}/login?error=access_denied`);
    await page.getByText('Authentication error: access_denied').waitFor();

    await page.goto('/auth/callback');
    await page.waitForURL(`${app.url}/login`);

    // Another account's session in a crafted link signs nobody in (issue 13, item 5).
    const foreign = await googleSessionToken(app, 'sim-priya');
    await page.goto(`/auth/callback?token=${encodeURIComponent(foreign)}`);
    await page.waitForURL(`${app.url}/login`);
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);

    // Signed in, the same link leaves the visitor in their own account.
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto(`/auth/callback?token=${encodeURIComponent(foreign)}`);
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('banner').getByText('Demo Creator').waitFor();
    expect(await page.getByText('Priya Natarajan').count()).toBe(0);
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
    await context.close();
  });

  it('callback screen shows Completing Authentication while it works', async () => {
    const { page, context } = await openPage(browser, app.url);
    // The callback's session check waits until the screen has been seen.
    let release!: () => void;
    const seen = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.me'),
      async (route) => {
        await seen;
        await route.continue();
      },
    );
    await page.goto('/auth/callback');
    await page.getByRole('heading', { name: 'Completing Authentication' }).waitFor();
    await screenshot(page, 'auth-callback');
    release();
    await page.waitForURL(`${app.url}/login`);
    await context.close();
  });
});
