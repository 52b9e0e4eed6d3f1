import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { openPage, PHONE, screenshot } from './support/browser';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';

let app: TestApp;
let browser: Browser;

// No Stripe key: the simulated checkout and Customer Portal, pages on this server.
withAppAndBrowser((started) => ({ app, browser } = started), { WORKERS: 'true' });

describe('the plan in the header', () => {
  it('Free → upgrade through the simulated checkout → Pro in the header → Manage subscription by keyboard opens the portal', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const header = page.getByRole('banner');

    // Free: the plan's menu leads to the plans, not to a portal.
    await header.getByRole('button', { name: 'Plan: Free' }).click();
    expect(await page.getByRole('menuitem', { name: 'Manage subscription' }).count()).toBe(0);
    await page.getByRole('menuitem', { name: 'See plans' }).click();
    await page.waitForURL(`${app.url}/paywall`);
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/\/api\/billing\/simulated-checkout\/cs_sim_[0-9a-f]{24}$/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // Back on the dashboard, which confirms the plan (?subscribed).
    await page.waitForURL(/\/dashboard\?subscribed=/);

    // Pro: keyboard only, from the plan button to the Customer Portal.
    const plan = header.getByRole('button', { name: 'Plan: Pro' });
    await plan.waitFor();
    expect(await plan.getAttribute('aria-haspopup')).toBe('menu');
    await plan.focus();
    await page.keyboard.press('Enter');
    const manage = page.getByRole('menuitem', { name: 'Manage subscription' });
    await manage.waitFor();
    // Opened by keyboard, the menu puts focus on its entry.
    expect(await manage.evaluate((item) => item === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    // No full-page screenshot here: it resizes the window, and Mantine's menu drops focus on resize.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/api\/billing\/simulated-portal\/bps_sim_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    await page.getByText('Titlewise Pro').waitFor();

    await page.getByRole('button', { name: /Switch to Authority/ }).click();
    await page.getByText('Titlewise Authority').waitFor();
    await page.getByRole('link', { name: 'Return to Titlewise' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await header.getByRole('button', { name: 'Plan: Authority' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone', async () => {
    const { page, context } = await openPage(browser, app.url, PHONE);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Plan: / })
      .waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'header-plan-phone');
    await context.close();
  });
});
