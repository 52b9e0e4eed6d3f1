import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { deliverEmails } from '../helpers/notification-mail';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { runFor } from '../helpers/title-test-driver';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

describe('notifications', () => {
  it('the bell counts what happened, the outbox shows the e-mail, the account page sets what is e-mailed', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // A test starts while the creator is away: Title 1 goes live for the lead-in, a day or two of
    // reading the video before the first switch. 2-hour windows: the channel's lag is not measured yet.
    const created = await page.evaluate(
      async (videoId) => {
        const response = await fetch('/api/tests', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            videoId,
            titles: ['The Night Sky Explained', 'What You See in the Night Sky Tonight'],
            rotationIntervalMinutes: 120,
            winnerMetric: 'views',
          }),
        });
        return { status: response.status, id: ((await response.json()) as { id: string }).id };
      },
      simulatedVideoId('sim-priya', 1),
    );
    expect(created.status).toBe(201);
    await runFor(app, 1.1);
    expect(await deliverEmails(app)).toBe(1);

    // The count arrives without a reload (the bell polls with the dashboard).
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor({ timeout: 45_000 });
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const list = page.getByRole('dialog', { name: 'Notifications' });
    await list.getByText(/^Your title test started on “.+”$/).waitFor();
    await list.getByText('e-mailed', { exact: false }).waitFor();
    await list.getByText(/decides by views per hour/).waitFor();
    await list
      .getByText(/First Titlewise reads your video’s views until .+ without changing anything/)
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'notifications-bell');
    // The notification opens its test: the dashboard at that test's card, expanded.
    await list.getByRole('button', { name: /Your title test started on/ }).click();
    await page.waitForURL(`${app.url}/dashboard?test=${created.id}`);
    await page
      .getByRole('article', { name: /^Test: / })
      .getByRole('button', { expanded: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await list.getByRole('button', { name: 'Mark all read' }).waitFor();

    // The e-mail, as the built-in mail catcher received it over SMTP.
    await list.getByRole('link', { name: 'E-mail settings' }).click();
    await page.waitForURL(`${app.url}/account`);
    const settings = page.getByRole('region', { name: 'E-mail notifications' });
    const started = settings.getByRole('switch', { name: 'A test started' });
    await started.waitFor();
    expect(await started.isChecked()).toBe(true);
    const outboxUrl = await settings.getByRole('link', { name: 'Open the outbox' }).getAttribute('href');
    expect(outboxUrl).toBe(`${app.built.app.config.google.simulatorUrl}/outbox`);
    await started.click();
    await expect.poll(() => started.isChecked()).toBe(false);
    await page.reload();
    await settings.getByRole('switch', { name: 'A test started' }).waitFor();
    expect(await settings.getByRole('switch', { name: 'A test started' }).isChecked()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-email-settings');

    await page.goto(outboxUrl!);
    await page.getByRole('heading', { name: 'Outbox' }).waitFor();
    await page.getByRole('link', { name: /^Your title test started on/ }).click();
    await page.getByText('priya', { exact: false }).first().waitFor();
    await page.getByText('list-unsubscribe', { exact: true }).waitFor();
    await page
      .getByText(/is live on YouTube now/)
      .first()
      .waitFor();
    await screenshot(page, 'outbox-message');
    expect(errors).toEqual([]);
    await context.close();
  });
});
