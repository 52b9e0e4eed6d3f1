import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from '../../src/shared/network-error';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';

let app: TestApp;
let browser: Browser;

// The demo account has the founder tools (as its demo controls), so Next variant now starts the test; workers apply it.
withAppAndBrowser((started) => ({ app, browser } = started), {
  FOUNDER_EMAILS: 'demo@titlewise.app',
  WORKERS: 'true',
});

async function toastText(page: Page, text: string): Promise<void> {
  await page.locator('[data-toast-region]').getByText(text, { exact: true }).waitFor();
}

// Issue 26, item 2: a request that cannot reach the server says so at once, leaves the buttons
// usable, and can be retried once the network is back.
describe('offline', () => {
  it('Pause offline says it cannot reach Titlewise within seconds; back online, Retry pauses', async () => {
    const { page, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
    const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
    const chosen = videos.nth(1);
    await chosen.waitFor();
    const videoTitle = (await chosen.locator('p').first().textContent()) ?? '';
    await chosen.click();
    await dialog.getByLabel('Title 1').fill('Why This Title Wins');
    await dialog.getByLabel('Title 2').fill('The Title Nobody Expected');
    // Offline, Create says so in the dialog at once; Cancel stays usable; back online, Retry creates.
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Create Test' }).click();
    const refusal = dialog.getByRole('alert').filter({ hasText: NETWORK_ERROR_MESSAGE });
    await refusal.waitFor({ timeout: 5000 });
    expect(await dialog.getByRole('button', { name: 'Cancel' }).isEnabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Create Test' }).isEnabled()).toBe(true);
    await context.setOffline(false);
    await refusal.getByRole('button', { name: 'Retry' }).click();
    await toastText(page, 'Test created successfully');
    await dialog.waitFor({ state: 'hidden' });

    const card = page.getByRole('article', { name: `Test: ${videoTitle}` });
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Next variant now' }).click();
    await toastText(page, 'Rotation simulated');
    const pause = card.getByRole('button', { name: 'Pause' });
    await pause.waitFor();

    await context.setOffline(true);
    const status = page.getByRole('status').filter({ hasText: OFFLINE_MESSAGE });
    await status.waitFor({ timeout: 3000 });
    const clickedAt = Date.now();
    await pause.click();
    const failure = page
      .locator('[data-toast-region]')
      .getByRole('alert')
      .filter({ hasText: NETWORK_ERROR_MESSAGE });
    await failure.waitFor({ timeout: 5000 }).catch(async (error: unknown) => {
      await screenshot(page, 'failure-offline-pause');
      throw new Error(
        `No network message; the toasts say: ${await page.locator('[data-toast-region]').innerText()}`,
        {
          cause: error,
        },
      );
    });
    expect(Date.now() - clickedAt).toBeLessThan(5000);
    // No endless spinner: Pause is usable again, and the test is still running.
    await expect.poll(() => pause.isEnabled()).toBe(true);
    expect(await pause.getAttribute('data-loading')).toBeNull();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offline-pause-failed');

    await context.setOffline(false);
    await status.waitFor({ state: 'detached' });
    await failure.getByRole('button', { name: 'Retry' }).click();
    await toastText(page, 'Test paused successfully');
    await page
      .getByRole('region', { name: 'Paused, scheduled and waiting' })
      .getByRole('article', { name: `Test: ${videoTitle}` })
      .waitFor();
    await context.close();
  });
});
