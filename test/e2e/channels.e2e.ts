import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seriousAxeViolations } from './support/axe';
import { launchBrowser, openPage, screenshot, sessionCookie } from './support/browser';
import { chooseOption } from './support/select';

// An Authority creator with two channels of two Google accounts: connecting the second through
// Google's consent, switching between them in the header, and disconnecting one.

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('several channels', () => {
  it('connects a second channel, switches between channels, and disconnects one', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Alex Rivera/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await app.built.app.db
      .update(users)
      .set({ subscriptionTier: 'authority', subscriptionStatus: 'active' })
      .where(eq(users.email, 'alex.rivera@example.com'));
    // A test on Alex's own channel, through the REST API with the browser's session.
    const token = (await sessionCookie(context))!.value;
    const created = await fetch(`${app.url}/api/tests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        videoId: simulatedVideoId('sim-alex', 1),
        titles: ['Rivera title A', 'Rivera title B'],
        rotationIntervalMinutes: 60,
        winnerMetric: 'views',
      }),
    });
    expect(created.status).toBe(201);
    const { videoTitle } = (await created.json()) as { videoTitle: string };

    await page.goto('/account');
    const channels = page.getByRole('region', { name: 'YouTube channels' });
    await channels.getByText('Rivera Builds').waitFor();
    await channels.getByRole('link', { name: 'Connect another channel' }).click();
    await page.getByRole('button', { name: /Sam Chen/ }).click();
    await page.waitForURL(`${app.url}/account`);
    await page.getByRole('alert').getByText('Channel connected').waitFor();
    await channels.getByText('Sam Cooks Fast').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-channels');

    await page.goto('/dashboard');
    const switcher = page.getByRole('banner').getByLabel('Channel', { exact: true });
    await switcher.waitFor();
    expect(await switcher.inputValue()).toBe('All channels');
    const riveraCard = page.getByRole('main').getByText(videoTitle).first();
    await riveraCard.waitFor();
    await chooseOption(page, switcher, 'Sam Cooks Fast');
    await riveraCard.waitFor({ state: 'detached' });
    await chooseOption(page, switcher, 'Rivera Builds');
    await page.getByRole('main').getByText(videoTitle).first().waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-channel-switcher');

    await page.goto('/account');
    await channels.getByRole('button', { name: 'Disconnect Sam Cooks Fast' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Sam Cooks Fast?' });
    await dialog.getByText(/original titles go back on YouTube first/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.waitFor({ state: 'detached' });
    await channels.getByText(/^Disconnect(ing|ed)$/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
