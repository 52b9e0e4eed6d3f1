import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DOWNGRADE_CHANNELS_NOTE } from '../../src/shared/extra-channels';
import { PLAN_MONTHLY_USD } from '../../src/shared/plans';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { HttpClient } from '../helpers/http-client';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, openPage, PHONE, screenshot, sessionCookie } from './support/browser';

let app: TestApp;
let browser: Browser;

// No Stripe key: the paywall runs the built-in simulated checkout, offline.
withAppAndBrowser((started) => ({ app, browser } = started), { WORKERS: 'true' });

/** The browser's own session (its cookie's token as bearer), so API calls act as the user the page shows. */
async function apiAs(page: Page): Promise<HttpClient> {
  const session = await sessionCookie(page.context());
  return new HttpClient(app.url, { authorization: `Bearer ${session?.value}` });
}

const createTest = (api: HttpClient, index: number) =>
  api.post('/api/tests', {
    videoId: simulatedVideoId(DEMO_ACCOUNT_ID, index),
    titles: [`Plan ${index} A`, `Plan ${index} B`],
    rotationIntervalMinutes: 1440,
  });

describe('paywall → simulated checkout', () => {
  it('Choose Pro → checkout page → Subscribe → back on the dashboard on Pro, with the plan limit lifted', async () => {
    const tracked = await openPage(browser, app.url);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    const api = await apiAs(page);
    expect((await createTest(api, 1)).status).toBe(201);
    const refused = await createTest(api, 2);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/\/paywall/);

    await page.goto('/paywall');
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForURL(/\/api\/billing\/simulated-checkout\/cs_sim_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Subscribe to Titlewise Pro' }).waitFor();
    await page.getByText('$29.00').waitFor();
    await page.getByText('demo@titlewise.app').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'simulated-checkout');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/dashboard\?subscribed=/);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The dashboard confirms the plan (issue 36, item 12), and the paywall marks it as current.
    const thanks = page.getByRole('status').filter({ hasText: 'Thank you: you are on Pro now' });
    await thanks.waitFor();
    await thanks.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto('/paywall');
    const current = page.getByRole('button', { name: 'Your current plan' });
    await current.waitFor();
    expect(await current.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Choose Pro' }).count()).toBe(0);

    expect(await (await api.get('/api/auth/me')).json()).toMatchObject({
      subscriptionTier: 'pro',
      subscriptionStatus: 'active',
    });
    expect((await createTest(api, 2)).status).toBe(201);
    await page.goto('/oauth-test');
    await page.getByText('pro', { exact: true }).waitFor();
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('a subscriber choosing Authority manages the plan in the simulated portal and comes back with the Authority badge', async () => {
    const tracked = await openPage(browser, app.url);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    expect(await page.getByRole('banner').getByText('Authority', { exact: true }).count()).toBe(0);

    await page.goto('/paywall');
    await page.getByRole('button', { name: 'Choose Authority' }).click();
    await page.waitForURL(/\/api\/billing\/simulated-portal\/bps_sim_[0-9a-f]{24}$/);
    await page.getByRole('heading', { name: 'Manage your subscription' }).waitFor();
    await page.getByText('Titlewise Pro').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /Switch to Authority/ }).click();
    await page.getByText('Titlewise Authority').waitFor();
    await screenshot(page, 'simulated-portal');
    await page.getByRole('link', { name: 'Return to Titlewise' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('banner').getByText('Authority', { exact: true }).waitFor();
    await screenshot(page, 'dashboard-authority');
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('shows the checkout alert when the subscription cannot be created', async () => {
    const tracked = await openPage(browser, app.url);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Try the demo' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto('/paywall');
    await page.route('**/api/create-subscription', (route) =>
      route.fulfill({ status: 502, body: '{"error":"Bad gateway"}', contentType: 'application/json' }),
    );
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page
      .locator('[data-toast-region]')
      .getByText('Failed to create subscription. Please try again.')
      .waitFor();
    await page.unroute('**/api/create-subscription');
    await page.route('**/api/create-subscription', (route) => route.abort());
    await page.getByRole('button', { name: 'Choose Pro' }).click();
    await page.locator('[data-toast-region]').getByText('An error occurred. Please try again.').waitFor();
    expect(page.url()).toBe(`${app.url}/paywall`);
    await tracked.context.close();
  });

  it('the Account page’s Billing section: Authority bought, a second channel, then down to Pro says what the extra channel means', async () => {
    const tracked = await openPage(browser, app.url);
    const { page } = tracked;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Alex Rivera/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    // Free: the plan, its limits and the way to the plans.
    await page.goto('/account');
    const billing = page.getByRole('region', { name: 'Billing' });
    await billing.getByText('Free plan', { exact: true }).waitFor();
    await billing.getByText('Nothing is billed.').waitFor();
    await billing.getByRole('link', { name: 'See the plans' }).click();
    await page.waitForURL(`${app.url}/paywall`);

    // Authority through the simulated checkout, then a second channel.
    await page.getByRole('button', { name: 'Choose Authority' }).click();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/dashboard\?subscribed=/);
    await page.getByRole('status').filter({ hasText: 'Thank you: you are on Authority now' }).waitFor();
    await page.goto('/account');
    await billing.getByText('Authority plan', { exact: true }).waitFor();
    await billing.getByText('Active', { exact: true }).waitFor();
    await billing.getByText(`$${PLAN_MONTHLY_USD.authority} a month`, { exact: false }).waitFor();
    await billing.getByText(DOWNGRADE_CHANNELS_NOTE, { exact: false }).waitFor();
    const channels = page.getByRole('region', { name: 'YouTube channels' });
    await channels.getByRole('link', { name: 'Connect another channel' }).click();
    await page.getByRole('button', { name: /Sam Chen/ }).click();
    await page.waitForURL(`${app.url}/account`);
    await channels.getByText('Sam Cooks Fast').waitFor();

    // Down to Pro in the billing portal: both channels stay, and both sections say what it means.
    await billing.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/api\/billing\/simulated-portal\//);
    await page.getByRole('button', { name: /Switch to Pro/ }).click();
    await page.getByText('Titlewise Pro').waitFor();
    await page.getByRole('link', { name: 'Return to Titlewise' }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.goto('/account');
    await billing.getByText('Pro plan', { exact: true }).waitFor();
    await billing.getByText(`$${PLAN_MONTHLY_USD.pro} a month`, { exact: false }).waitFor();
    const note =
      'Your Pro plan includes 1 YouTube channel; 2 are connected. Tests already running keep running; new tests start only on Rivera Builds.';
    await billing
      .getByText('More channels are connected than the Pro plan includes', { exact: false })
      .waitFor();
    await billing.getByRole('link', { name: 'See YouTube channels' }).waitFor();
    await channels.getByText(note, { exact: false }).waitFor();
    await channels.getByText('No new tests on your plan').waitFor();
    expect(await channels.getByRole('link', { name: 'Connect another channel' }).count()).toBe(0);
    // The refusal a new test on the extra channel gets is the same sentence.
    const api = await apiAs(page);
    const list = (await (await api.get('/api/channels')).json()) as {
      channels: Array<{ id: string; title: string }>;
    };
    const sam = list.channels.find((channel) => channel.title === 'Sam Cooks Fast')!;
    const refused = await api.post('/api/tests', {
      videoId: simulatedVideoId('sim-sam', 1),
      channelId: sam.id,
      titles: ['Extra A', 'Extra B'],
      rotationIntervalMinutes: 1440,
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toContain(note);

    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-billing');
    await page.setViewportSize(PHONE);
    await billing.getByText('Pro plan', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'account-billing-phone');
    await page.setViewportSize(DESKTOP);
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });
});
