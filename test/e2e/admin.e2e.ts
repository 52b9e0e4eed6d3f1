import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { openPage, PHONE, screenshot, type TrackedPage } from './support/browser';
import { DEMO_USER_EMAIL } from '../../src/config';

let app: TestApp;
let browser: Browser;

// Workers run, as with `npm start`: a cancelled test gets its title back on its own.
withAppAndBrowser((started) => ({ app, browser } = started), {
  WORKERS: 'true',
  ADMIN_EMAILS: DEMO_USER_EMAIL,
});

async function signInAs(tracked: TrackedPage, account: 'demo' | RegExp): Promise<Page> {
  const { page } = tracked;
  await page.goto('/login');
  if (account === 'demo') {
    await page.getByRole('button', { name: 'Try the demo' }).click();
  } else {
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: account }).click();
  }
  await page.waitForURL(`${app.url}/dashboard`);
  return page;
}

async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-toast-region]').getByText(text).waitFor();
}

async function confirm(page: Page, title: string, button: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('/admin', () => {
  it('asks a signed-out visitor to log in, and denies a signed-in non-admin', async () => {
    const tracked = await openPage(browser, app.url);
    await tracked.page.goto('/admin');
    await tracked.page.getByText('Please log in to access the admin console').waitFor();
    const page = await signInAs(tracked, /Alex Rivera/);
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have admin privileges.").waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('lets the admin run the console: overview, users, tests with report, cancel and delete, settings', async () => {
    const creator = await demoCreator(app);
    const created = await creator.post('/api/tests', {
      videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 3),
      titles: ['Console A', 'Console B'],
    });
    expect(created.status).toBe(201);
    const { videoTitle } = (await created.json()) as { videoTitle: string };

    const tracked = await openPage(browser, app.url);
    const page = await signInAs(tracked, 'demo');
    await page.goto('/admin');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Exit Admin' }).waitFor();
    await header.getByLabel(/Platform status: (Excellent|Good|Degraded|Critical)/).waitFor();
    await page.getByRole('region', { name: 'Total Users' }).getByText('2', { exact: true }).waitFor();
    for (const card of ['Active Tests', 'API Calls Today', 'Platform Health'])
      await page.getByRole('region', { name: card }).waitFor();
    // Today's quota: used, the forecast to midnight Pacific, each plan's share and the queue.
    const capacity = page.getByRole('region', { name: 'YouTube capacity today' });
    await capacity.getByText('Forecast to midnight Pacific').waitFor();
    await capacity
      .getByText(/units reserved · \d+ running · \d+ waiting/)
      .first()
      .waitFor();
    await capacity.getByText('Waiting for capacity').waitFor();
    await page.getByRole('button', { name: /Admin console and Stripe billing/ }).click();
    await page.getByText('By Titlewise team').first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-overview');

    // Users: ADMIN badge, upgrade with a confirm, the admin alert on a refused change, downgrade.
    await page.getByRole('tab', { name: 'Users' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    const alexRow = users.getByRole('row', { name: /alex\.rivera@example\.com/ });
    const demoRow = users.getByRole('row', { name: /demo@titlewise\.app/ });
    await demoRow.getByText('ADMIN', { exact: true }).waitFor();
    expect(await alexRow.getByText('ADMIN', { exact: true }).count()).toBe(0);
    const upgradeTo = async (tier: string) => {
      await page.getByRole('button', { name: 'Upgrade alex.rivera@example.com' }).click();
      await page.getByRole('menuitem', { name: tier }).click();
      await confirm(page, 'Upgrade user', 'Upgrade');
    };
    await upgradeTo('Authority');
    await toast(page, 'alex.rivera@example.com upgraded to Authority.');
    await alexRow.getByText('Authority', { exact: true }).waitFor();
    await upgradeTo('Authority');
    await toast(page, 'Error upgrading user: alex.rivera@example.com is already on the Authority plan.');
    await page.getByRole('button', { name: 'Downgrade alex.rivera@example.com' }).click();
    await page.getByRole('menuitem', { name: 'Cancel access' }).click();
    await confirm(page, 'Cancel access', 'Cancel access');
    await toast(page, 'alex.rivera@example.com downgraded to Cancelled.');
    await alexRow.getByText('Cancelled', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-users');

    // Tests: KPIs and owner, the full report, cancel, then delete.
    await page.getByRole('tab', { name: 'Tests' }).click();
    const row = page
      .getByRole('table', { name: 'Tests' })
      .getByRole('row', { name: new RegExp(videoTitle.slice(0, 20)) });
    await row.getByText('demo@titlewise.app').waitFor();
    await row.getByRole('button', { name: `Full report: ${videoTitle}` }).click();
    const report = page.getByRole('dialog', { name: `Full report: ${videoTitle}` });
    for (const section of [
      'Titles',
      'Schedule',
      'Rotations',
      'Daily metrics',
      'Verdict',
      'YouTube quota spent',
    ]) {
      await report.getByRole('heading', { name: section }).waitFor();
    }
    await report.getByText('Console B').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-full-report');
    await report.getByRole('button', { name: 'Close' }).click();

    await row.getByRole('button', { name: `Cancel test: ${videoTitle}` }).click();
    await confirm(page, 'Cancel test', 'Cancel test');
    await toast(page, 'Test cancelled. The original title is being restored on YouTube.');
    await row.getByText('cancelled', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Delete test: ${videoTitle}` }).click();
    await confirm(page, 'Delete test', 'Delete test');
    await toast(
      page,
      /^(Test deleted\.|The test will be deleted as soon as its final title is applied on YouTube\.)$/,
    );
    await screenshot(page, 'admin-tests');

    // Audit log: the cancel just made, on that test, under the admin who made it.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const cancelEntry = page
      .getByRole('table', { name: 'Audit log' })
      .getByRole('row')
      .filter({ hasText: 'test.cancel' })
      .first();
    await cancelEntry.getByText(videoTitle).waitFor();
    await cancelEntry.getByText('status: active → cancelled').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Settings: the static cards and the security status as configured (http, rate limit 30/min).
    await page.getByRole('tab', { name: 'Settings' }).click();
    for (const card of [
      'A/B Testing',
      'AI Title Generation',
      'Default Test Interval',
      'Authority Analytics',
    ]) {
      await page.getByRole('region', { name: card }).waitFor();
    }
    await page.getByText('1 Hour Minimum').waitFor();
    await page.getByText('Premium Only').waitFor();
    const ssl = page.locator('[data-security-item="ssl"]');
    await ssl.getByText('Needs attention').waitFor();
    await page
      .locator('[data-security-item="login-attempts"]')
      .getByText(/At most 30 sign-in attempts per minute/)
      .waitFor();
    for (const item of ['backups', 'firewall', 'bot-detection'])
      await page.locator(`[data-security-item="${item}"]`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'admin-settings');

    await header.getByRole('link', { name: 'Exit Admin' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('fits a phone', async () => {
    const tracked = await openPage(browser, app.url, PHONE);
    const page = await signInAs(tracked, 'demo');
    await page.goto('/admin');
    await page.getByRole('region', { name: 'Platform Health' }).waitFor();
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('table', { name: 'Users' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-users-phone');
    await tracked.context.close();
  });
});
