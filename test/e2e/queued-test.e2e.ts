import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { openPage } from './support/browser';
import { lookAtBothSizes } from './support/look';
import { chooseOption } from './support/select';
import { localInputValue, signInWithGoogle } from './support/sign-in';

// Issue 36, item 8: a test that waits for YouTube capacity must not look like a failure. On the
// default 10,000 units, two Free creators' 2-hourly tests take the Free plan's share; a third Free
// creator's dialog says before she creates hers that it would wait, that its days count from its
// start and what would start now; once created, her waiting test is the first thing on her
// dashboard, not below an empty state, and its card says how to start sooner.

let app: TestApp;
let browser: Browser;
withAppAndBrowser((started) => ({ app, browser } = started), { YOUTUBE_DAILY_QUOTA: '10000' });

async function twoHourlyTestOf(account: string): Promise<void> {
  const client = await googleCreator(app, account);
  const response = await client.post('/api/tests', {
    videoId: simulatedVideoId(account, 0),
    titles: ['Share taker A', 'Share taker B'],
    endDate: new Date(app.clock.now().getTime() + 14 * 86_400_000).toISOString(),
    acknowledgeWeakPlan: true,
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  expect(response.status, await response.text()).toBe(201);
}

describe('a test waiting for capacity', () => {
  it('is said before it is created, and comes first on the dashboard with its way forward', async () => {
    await twoHourlyTestOf('sim-alex');
    await twoHourlyTestOf('sim-sam');
    const { page, errors, context } = await openPage(browser, app.url);
    await signInWithGoogle(page, app.url, /Priya Natarajan/);

    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
    const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
    await videos.first().click();
    const videoTitle = await dialog.getByLabel('Title 1 (baseline)').inputValue();
    await dialog.getByLabel('Title 2').fill('What You Can See in the Night Sky Tonight');
    await chooseOption(page, dialog.getByLabel('Winner Determination'), 'Highest views');
    await chooseOption(page, dialog.getByLabel('Rotation Interval'), 'Every 2 hours');
    const start = new Date(await dialog.getByLabel('Start').inputValue());
    await dialog.getByLabel('End').fill(localInputValue(new Date(start.getTime() + 14 * 86_400_000)));
    // Before the work is done: it would wait, its days count from its start, and what starts now.
    const line = dialog.getByRole('status').filter({ hasText: 'It would wait for capacity' });
    await line.getByText(/the Free plan’s share is taken by running tests/).waitFor();
    await line
      .getByText(/its 14 days count from that start\. Rotating every 4 hours it would start now/)
      .waitFor();
    expect(await line.getByRole('link', { name: '/paywall' }).count()).toBe(1);
    const create = dialog.getByRole('button', { name: 'Create Test' });
    const startAnyway = dialog.getByRole('checkbox', { name: /^Start anyway/ });
    await expect.poll(async () => !(await create.isDisabled()) || (await startAnyway.count()) > 0).toBe(true);
    if (await startAnyway.count()) await startAnyway.check();
    await expect.poll(() => create.isDisabled()).toBe(false);
    await lookAtBothSizes(page, 'queued-create-dialog');
    await create.click();
    await dialog.waitFor({ state: 'hidden' });

    // The waiting test comes first; no empty state and no second big Create button above it.
    const waiting = page.getByRole('region', { name: 'Paused, scheduled and waiting' });
    const card = waiting.getByRole('article', { name: `Test: ${videoTitle}` });
    await card.waitFor();
    await page.getByTestId('none-rotating').waitFor();
    expect(await page.getByText('No Active Tests').count()).toBe(0);
    const sections = await page
      .locator('main section')
      .evaluateAll((nodes) =>
        nodes.map((node) => node.getAttribute('aria-label') ?? node.getAttribute('aria-labelledby')),
      );
    expect(sections.indexOf('Paused, scheduled and waiting')).toBeLessThan(
      sections.indexOf('active-tests-heading'),
    );
    const queued = card.getByTestId('queued-line');
    await queued.getByText(/^Waiting for YouTube capacity: nothing has changed on the video yet\./).waitFor();
    expect(await queued.innerText()).toMatch(
      /Expected to start .+ \(in \d+ days?\), by itself; its 14 days count from that start\.$/,
    );
    const advice = card.getByTestId('queued-advice');
    await advice
      .getByText(/^To start sooner, cancel it and create it again with a longer rotation interval/)
      .waitFor();
    expect(await advice.getByRole('link', { name: '/paywall' }).count()).toBe(1);
    await lookAtBothSizes(page, 'queued-dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});
