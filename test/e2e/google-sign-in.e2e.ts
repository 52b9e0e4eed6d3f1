import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot, sessionCookie } from './support/browser';

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

describe('Google sign-in through the simulator', () => {
  it('Connect with Google → consent page → account → dashboard; logout → home', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    await screenshot(page, 'google-consent-simulator');
    await page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('banner').getByText('Priya Natarajan').waitFor();
    await page.getByText('Channel: Priya Explains Space').waitFor();
    expect(page.url()).toBe(`${app.url}/dashboard`);
    expect((await sessionCookie(context))?.httpOnly).toBe(true);
    expect(await page.evaluate(() => window.localStorage.getItem('sessionToken'))).toBeNull();
    // Not the founder: no founder badge or tools.
    expect(await page.getByRole('link', { name: 'Founder' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Total Views' }).getByText(/\d/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-google-user');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await sessionCookie(context)).toBeUndefined();
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Account page: deleting the account asks for the e-mail, signs out, and a new sign-in waits for the erasure', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Sam Chen/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('link', { name: 'Sam Chen (account)' }).click();
    await page.waitForURL(`${app.url}/account`);
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    const channel = page.getByRole('region', { name: 'YouTube channels' });
    await channel.getByText('Sam Cooks Fast').waitFor();
    await channel.getByText('Connected').waitFor();
    // A Free account connects one channel: the way to more is named, not offered.
    await channel.getByRole('link', { name: /Authority connects up to 10/ }).waitFor();
    expect(await channel.getByRole('link', { name: 'Connect another channel' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account');

    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your Titlewise account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const email = dialog.getByLabel('Type your e-mail address to confirm');
    await email.fill('sam@example.org');
    expect(await confirm.isDisabled()).toBe(true);
    await email.fill('Sam.Chen@example.com');
    expect(await confirm.isDisabled()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-delete-dialog');
    await confirm.click();
    await page.waitForURL(`${app.url}/`);
    await page.getByText('Your account is being deleted', { exact: true }).waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);

    // Until the erasure is done, signing in again says why it cannot.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Sam Chen/ }).click();
    await page.waitForURL(/\/login\?error=conflict/);
    await page
      .getByRole('alert')
      .getByText(/This account is being deleted/)
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the diagnostic page signs out with GET from its own page', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto('/oauth-test');
    await page.getByText('demo@titlewise.app').waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByText('No user is signed in on this browser.').waitFor();
    expect(await sessionCookie(context)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Cancel on the consent page → the login error box', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/login\?error=access_denied/);
    const alert = page.getByRole('alert');
    await alert.getByText('Authentication Error').waitFor();
    await alert.getByText('Google sign-in was cancelled', { exact: false }).waitFor();
    await screenshot(page, 'login-consent-denied');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('"Not a test user" → the oauth_verification notice', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: 'Not a test user' }).click();
    await page.waitForURL(/\/login\?error=oauth_verification/);
    await page.getByText('Google app verification needed').waitFor();
    await page.getByRole('alert').getByText('Authentication Error').waitFor();
    await context.close();
  });

  it('the Connect button says Connecting... while it leaves', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto('/login');
    // Answer the sign-in navigation with 204 (no content), so the page stays and its label shows.
    await page.route('**/api/auth/google', (route) => route.fulfill({ status: 204 }));
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: 'Connecting...' }).waitFor();
    expect(await page.getByRole('button', { name: 'Connecting...' }).isDisabled()).toBe(true);
    await context.close();
  });
});
