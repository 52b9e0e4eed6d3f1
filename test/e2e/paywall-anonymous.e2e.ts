import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot, sessionCookie } from './support/browser';

let app: TestApp;
let browser: Browser;

// No Stripe key: choosing a plan opens the built-in simulated checkout.
withAppAndBrowser((started) => ({ app, browser } = started));

const loginForPaywall = `/login?returnTo=${encodeURIComponent('/paywall')}`;

describe('the paywall for anonymous visitors', () => {
  it('shows the three plans; choosing one signs in with the demo and comes back to the paywall', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/paywall');
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    await page.getByRole('button', { name: 'Choose Pro' }).waitFor();
    await page.getByRole('button', { name: 'Choose Authority' }).waitFor();
    await page.getByText('Most Popular').waitFor();
    // Free beside the paid plans, with its limits (issue 26, item 4).
    const free = page.getByRole('article', { name: 'Free' });
    await free.getByText('1 running test at a time').waitFor();
    expect(await free.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe('/dashboard');
    expect(page.url()).toBe(`${app.url}/paywall`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'paywall-anonymous');

    await page.getByRole('button', { name: 'Choose Authority' }).click();
    await page.waitForURL(`${app.url}${loginForPaywall}`);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/paywall`);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();

    // Signed in now: the same choice opens the checkout.
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/\/api\/billing\/simulated-checkout\/cs_sim_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Subscribe to Titlewise Pro' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Google sign-in from the paywall comes back to the paywall', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/paywall');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(`${app.url}${loginForPaywall}`);
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await page.waitForURL(`${app.url}/paywall`);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect((await sessionCookie(context))?.httpOnly).toBe(true);
    // The remembered page is used once: the next sign-in from /login opens the dashboard.
    expect(await page.evaluate(() => window.sessionStorage.getItem('returnTo'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a Google sign-in that failed keeps the paywall as the page to come back to', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/paywall');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(`${app.url}${loginForPaywall}`);
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/login\?error=access_denied/);
    await page.getByRole('alert').getByText('Google sign-in was cancelled', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await page.waitForURL(`${app.url}/paywall`);
    await page.getByRole('heading', { name: 'Choose your plan' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('only the app’s own pages are return targets', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto(`/login?returnTo=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await context.close();
  });
});
