import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { titleTests } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { HttpClient } from '../helpers/http-client';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { lookAtBothSizes } from './support/look';
import { openPage, sessionCookie } from './support/browser';

// Issue 24, item 6: the Extend action on a running test's card, by keyboard: the dialog, a quick
// choice, the plan re-run for the new end, the confirm, and the new end on the server.

let app: TestApp;
let browser: Browser;
const DAY = 86_400_000;

withAppAndBrowser((started) => ({ app, browser } = started), { WORKERS: 'true' });

async function apiAs(page: Page): Promise<HttpClient> {
  const session = await sessionCookie(page.context());
  return new HttpClient(app.url, { authorization: `Bearer ${session?.value}` });
}

describe('extending a test', () => {
  it('Extend → +3 days → the plan for the new length → confirm: the test runs three days longer', async () => {
    const tracked = await openPage(browser, app.url);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const api = await apiAs(page);
    const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 2);
    const response = await api.post('/api/tests', {
      videoId,
      titles: ['Extend me A', 'Extend me B'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 240,
      endDate: new Date(app.clock.now().getTime() + 7 * DAY).toISOString(),
    });
    const created = (await response.json()) as { id: string; endDate: string; videoTitle: string };
    expect(response.status).toBe(201);

    await page.reload();
    const card = page.getByRole('article', { name: `Test: ${created.videoTitle}` });
    await card.getByRole('button', { expanded: false }).first().click();
    const extend = card.getByRole('button', { name: 'Extend', exact: true });
    await extend.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Extend this test' });
    await dialog.waitFor();
    // A quick choice, by keyboard: the chips are radios.
    const threeDays = dialog.getByRole('radio', { name: '+3 days' });
    await threeDays.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => threeDays.isChecked()).toBe(true);
    // The plan re-runs for the new length, and compares it with the test as it stands.
    await dialog.getByText('What the extended test can detect').waitFor();
    await dialog.getByText(/As it stands, it finds about [\d.]+%; extended, about [\d.]+%\./).waitFor();
    // Read once settled: while a new end is being worked out the plan is shown faded.
    await dialog.locator('[role="status"][aria-busy="false"]').waitFor();
    await lookAtBothSizes(page, 'extend-test-dialog');

    await dialog.getByRole('button', { name: /^Extend to / }).click();
    await page.locator('[data-toast-region]').getByText('Test extended', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const [row] = await app.built.app.db.select().from(titleTests).where(eq(titleTests.id, created.id));
    const added = row!.endDate.getTime() - new Date(created.endDate).getTime();
    // +3 days, rounded up to the field's whole minute.
    expect(added).toBeGreaterThanOrEqual(3 * DAY);
    expect(added).toBeLessThan(3 * DAY + 60_000);
    expect(tracked.errors).toEqual([]);
  });
});
