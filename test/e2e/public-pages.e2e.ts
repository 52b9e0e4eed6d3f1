import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, openPage, PHONE, screenshot } from './support/browser';

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

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
    await page.getByText('labelled as estimated').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'landing');
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

  it('auth callback: error → /login?error, neither → /login, token → stored, URL cleaned, /dashboard', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto('/auth/callback?error=access_denied');
    await page.waitForURL(`${app.url}/login?error=access_denied`);
    await page.getByText('Authentication error: access_denied').waitFor();

    await page.goto('/auth/callback');
    await page.waitForURL(`${app.url}/login`);

    const response = await fetch(`${app.url}/api/auth/demo-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { sessionToken } = (await response.json()) as { sessionToken: string };
    await page.goto(`/auth/callback?token=${encodeURIComponent(sessionToken)}`);
    await page.waitForURL(`${app.url}/dashboard`);
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBe(sessionToken);
    expect(page.url()).not.toContain(sessionToken);
    expect(await page.evaluate(() => window.history.length)).toBeGreaterThan(0);
    await page.getByText('Demo Creator').first().waitFor();

    await page.goto('/auth/callback');
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });

  it('callback screen shows Completing Authentication while it works', async () => {
    const { page, context } = await openPage(browser, app.url);
    // Slow the dashboard's code down so the callback screen stays long enough to be seen.
    await page.route('**/assets/DashboardPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/auth/callback?token=not-a-real-token');
    await page.getByRole('heading', { name: 'Completing Authentication' }).waitFor();
    await screenshot(page, 'auth-callback');
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });
});
