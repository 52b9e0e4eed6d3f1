import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { TEAM_ROLE_DESCRIPTIONS } from '../../src/shared/team';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { seriousAxeViolations } from './support/axe';
import { DESKTOP, headerRows, openPage, PHONE, screenshot, sessionCookie } from './support/browser';
import { chooseOption } from './support/select';

// An Authority creator with two channels of two Google accounts: connecting the second through
// Google's consent, switching between them in the header, and disconnecting one. Then their team:
// inviting a viewer, who accepts in a second browser context with their own Google account, sees
// the owner's tests without any write control, is made an editor in place, and loses access when
// removed.

let app: TestApp;
let browser: Browser;
/** The title of the test the first scenario starts on Alex's own channel. */
let riveraVideoTitle: string;

withAppAndBrowser((started) => ({ app, browser } = started));

describe('several channels and a team', () => {
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
        // 2-hour windows: the channel's lag is not measured yet, so hourly ones are refused.
        rotationIntervalMinutes: 120,
        winnerMetric: 'views',
      }),
    });
    expect(created.status).toBe(201);
    const { videoTitle } = (await created.json()) as { videoTitle: string };
    riveraVideoTitle = videoTitle;

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
    // The heading says what the switcher shows (issue 26, item 5).
    const main = page.getByRole('main');
    await main.getByText('All channels', { exact: true }).waitFor();
    const riveraCard = main.getByText(videoTitle).first();
    await riveraCard.waitFor();
    await chooseOption(page, switcher, 'Sam Cooks Fast');
    await riveraCard.waitFor({ state: 'detached' });
    await main.getByText('Channel: Sam Cooks Fast', { exact: true }).waitFor();
    await chooseOption(page, switcher, 'Rivera Builds');
    await main.getByText(videoTitle).first().waitFor();
    await main.getByText('Channel: Rivera Builds', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'dashboard-channel-switcher');
    // On a phone the header, switcher included, takes at most two rows (issue 26, item 9).
    await page.setViewportSize(PHONE);
    await expect.poll(() => headerRows(page)).toBeLessThanOrEqual(2);
    await screenshot(page, 'dashboard-channel-switcher-phone');
    await page.setViewportSize(DESKTOP);

    // The create dialog says which channel, the header's by default, and lets the creator choose:
    // the videos are that channel's.
    await main.getByRole('button', { name: 'Create Test' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create Title Test' });
    const channelSelect = create.getByLabel('Channel', { exact: true });
    expect(await channelSelect.inputValue()).toBe('Rivera Builds');
    const videos = create.getByRole('group', { name: 'Recent videos' }).getByRole('button');
    await videos.first().waitFor();
    const riveraVideo = await videos.first().innerText();
    await chooseOption(page, channelSelect, 'Sam Cooks Fast');
    await expect.poll(() => videos.first().innerText(), { timeout: 20_000 }).not.toBe(riveraVideo);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'create-test-channel');
    await create.getByRole('button', { name: 'Close' }).click();
    await create.waitFor({ state: 'hidden' });

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

  it('invites a viewer, who accepts in a second browser with their own Google account, is made an editor and is removed', async () => {
    // Alex, the Authority owner (the first scenario upgraded them), in one browser context.
    const owner = await openPage(browser, app.url);
    await owner.page.goto('/login');
    await owner.page.getByRole('button', { name: 'Connect with Google' }).click();
    await owner.page.getByRole('button', { name: /Alex Rivera/ }).click();
    await owner.page.waitForURL(`${app.url}/dashboard`);
    await owner.page.goto('/account');
    const team = owner.page.getByRole('region', { name: 'Team' });
    await team.getByText('Nobody yet.').waitFor();
    await team.getByLabel('E-mail of their Google account').fill('priya.n@example.com');
    await team.getByRole('radio', { name: 'Viewer' }).check();
    await team.getByRole('button', { name: 'Send invitation' }).click();
    const pending = team.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText('priya.n@example.com').waitFor();
    await owner.page.getByText('Invitation sent').waitFor();
    expect(await seriousAxeViolations(owner.page)).toEqual([]);
    await screenshot(owner.page, 'account-team');
    // The link the e-mail carries, as the owner's page offers it to copy.
    const token = (await sessionCookie(owner.context))!.value;
    const teamView = (await (
      await fetch(`${app.url}/api/team`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { invitations: { email: string; url: string }[] };
    const link = new URL(teamView.invitations.find((entry) => entry.email === 'priya.n@example.com')!.url);

    // Priya, in a second browser context: the link, Google sign-in, back to the invitation, accept.
    const member = await openPage(browser, app.url);
    await member.page.goto(`${link.pathname}${link.search}`);
    await member.page.getByText(/Alex Rivera invites priya\.n@example\.com/).waitFor();
    expect(await seriousAxeViolations(member.page)).toEqual([]);
    await screenshot(member.page, 'team-invitation');
    await member.page.getByRole('button', { name: 'Sign in with Google to accept' }).click();
    await member.page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await member.page.waitForURL(`${app.url}/invite`);
    await member.page.getByText('Signed in as priya.n@example.com').waitFor();
    await member.page.getByRole('button', { name: 'Accept invitation' }).click();
    await member.page.waitForURL(`${app.url}/dashboard`);
    const header = member.page.getByRole('banner');
    await header.getByText('Alex Rivera’s team · Viewer').waitFor();
    const main = member.page.getByRole('main');
    await main.getByText(riveraVideoTitle).first().waitFor();
    // A viewer reads everything and is offered no write.
    expect(await main.getByRole('button', { name: 'Create Test' }).count()).toBe(0);
    const card = main.getByRole('article', { name: `Test: ${riveraVideoTitle}` });
    await card.getByText(riveraVideoTitle).first().click();
    await card.getByRole('region', { name: 'Title Rotation History' }).waitFor();
    expect(await card.getByRole('button', { name: /^(Pause|Resume|Complete|Cancel Test)$/ }).count()).toBe(0);
    expect(await seriousAxeViolations(member.page)).toEqual([]);
    await screenshot(member.page, 'team-viewer-dashboard');

    // Alex makes Priya an editor in place, from the keyboard; her next page load offers the writes.
    await owner.page.reload();
    const members = team.getByRole('region', { name: 'Members' });
    await members.getByText('Priya Natarajan').waitFor();
    const role = members.getByRole('radiogroup', { name: 'Role for Priya Natarajan' });
    await expect.poll(() => role.getByRole('radio', { name: 'Viewer' }).isChecked()).toBe(true);
    await role.getByRole('radio', { name: 'Viewer' }).focus();
    await owner.page.keyboard.press('ArrowLeft');
    await owner.page.getByText('Role changed').waitFor();
    await owner.page.getByText(/Priya Natarajan is now an editor/).waitFor();
    await expect.poll(() => role.getByRole('radio', { name: 'Editor' }).isChecked()).toBe(true);
    await members.getByText(TEAM_ROLE_DESCRIPTIONS.editor).waitFor();
    expect(await seriousAxeViolations(owner.page)).toEqual([]);
    await screenshot(owner.page, 'account-team-role-changed');
    await member.page.reload();
    await header.getByText('Alex Rivera’s team · Editor').waitFor();
    await main.getByRole('button', { name: 'Create Test' }).first().waitFor();

    // Alex removes Priya; her next request is her own account again.
    await members.getByRole('button', { name: 'Remove Priya Natarajan' }).click();
    const confirm = owner.page.getByRole('dialog', { name: 'Remove Priya Natarajan?' });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await members.getByText('Nobody yet.').waitFor();
    await member.page.reload();
    await member.page.getByRole('main').getByText('Channel: Priya Explains Space').waitFor();
    expect(
      await member.page
        .getByRole('banner')
        .getByText(/team · (Viewer|Editor)/)
        .count(),
    ).toBe(0);
    expect(await member.page.getByRole('main').getByText(riveraVideoTitle).count()).toBe(0);

    expect(owner.errors).toEqual([]);
    expect(member.errors).toEqual([]);
    await Promise.all([owner.context.close(), member.context.close()]);
  });
});
