import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { liveVideo, runFor } from '../helpers/title-test-driver';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';

// Past tests and shared report links as a creator meets them: the history with its counts, a
// read-only link opened by someone signed out, then revoked.

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

/**
 * Creates a views test from the signed-in page (its session cookie); returns its id. 2-hour
 * windows: the channel's lag is not measured yet, so hourly ones are refused.
 */
async function createTest(page: Page, body: Record<string, unknown>): Promise<string> {
  const created = await page.evaluate(async (input) => {
    const response = await fetch('/api/tests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rotationIntervalMinutes: 120, winnerMetric: 'views', ...input }),
    });
    return { status: response.status, body: (await response.json()) as { id: string; error?: string } };
  }, body);
  expect(created.status, created.body.error).toBe(201);
  return created.body.id;
}

describe('past tests and report links', () => {
  it('shows finished tests with counts; a report link opens signed out until it is revoked', async () => {
    const { page, errors } = await openPage(browser, app.url);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Priya Natarajan/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    // Nothing finished yet: the empty state.
    await page.getByRole('link', { name: 'Past tests' }).click();
    await page.waitForURL(`${app.url}/past-tests`);
    await page.getByRole('heading', { level: 1, name: 'Past tests' }).waitFor();
    await page.getByRole('heading', { name: 'No finished tests yet' }).waitFor();

    // One test decided (a clearly stronger title: two days reading this busy video, then three of
    // windows, or fewer if a daily look names the winner sooner), one cancelled early.
    const decidedVideo = simulatedVideoId('sim-priya', 1);
    const decidedTitle = (await liveVideo(app, decidedVideo)).title;
    const { weaker, stronger } = await clearlyDifferentTitles(app, decidedVideo, 'The night sky, part');
    const endDate = new Date(app.clock.now().getTime() + 5 * 86_400_000).toISOString();
    await createTest(page, { videoId: decidedVideo, titles: [weaker, stronger], endDate });
    await runFor(app, 5 * 24 + 1);
    const cancelledVideo = simulatedVideoId('sim-priya', 2);
    const cancelled = await createTest(page, {
      videoId: cancelledVideo,
      titles: ['Saturn’s rings', 'What I saw in Saturn’s rings?'],
    });
    await runFor(app, 3);
    expect(
      await page.evaluate(
        async (id) => (await fetch(`/api/tests/${id}/cancel`, { method: 'POST' })).status,
        cancelled,
      ),
    ).toBe(200);

    await page.reload();
    const counts = (label: string) => page.getByRole('region', { name: label });
    await counts('Decided').getByText('1', { exact: true }).waitFor();
    await counts('Inconclusive').getByText('1', { exact: true }).waitFor();
    await counts('Performed the same').getByText('0', { exact: true }).waitFor();
    const table = page.getByRole('table');
    const rows = table.getByRole('row');
    expect(await rows.count()).toBe(3);
    const decidedRow = table.getByRole('row', { name: new RegExp(decidedTitle.slice(0, 20)) });
    await decidedRow.getByText('Winner', { exact: true }).waitFor();
    await decidedRow.getByText(/^\+\d+\.\d% \(\+\d+\.\d% to \+\d+\.\d%\)$/).waitFor();
    await table.getByText('Inconclusive', { exact: true }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'past-tests');

    // The decided test's card: create a read-only report link.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL(`${app.url}/dashboard`);
    const card = page.getByRole('article', { name: `Test: ${decidedTitle}` });
    await card.getByRole('button', { expanded: false }).first().click();
    await card.getByRole('button', { name: 'Read-only report link' }).click();
    await card.getByText(/creating a new link revokes the current one/).waitFor();
    await card.getByRole('button', { name: 'Create report link' }).click();
    const linkBox = card.getByRole('textbox', { name: 'Report link' });
    await linkBox.waitFor();
    const url = await linkBox.inputValue();
    expect(url).toMatch(new RegExp(`^${app.url}/report\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'share-report-link');

    // Someone else, signed out, in a fresh browser.
    const visitor = await openPage(browser, app.url);
    await visitor.page.goto(url);
    await visitor.page.getByRole('heading', { level: 1, name: decidedTitle }).waitFor();
    const verdict = visitor.page.getByRole('region', { name: 'Which title is winning' });
    await verdict.getByText('Winner', { exact: true }).first().waitFor();
    await visitor.page.getByText(stronger, { exact: true }).first().waitFor();
    expect(await visitor.page.getByRole('button', { name: /Pause|Cancel|Revoke|Create/ }).count()).toBe(0);
    expect(await visitor.page.content()).not.toContain('priya');
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'shared-report');

    // The owner revokes it; the visitor's next visit says so.
    await card.getByRole('button', { name: 'Revoke link' }).click();
    await card.getByText('No live report link.').waitFor();
    await visitor.page.reload();
    await visitor.page.getByRole('heading', { level: 1, name: 'This report link was revoked' }).waitFor();
    expect(await seriousAxeViolations(visitor.page)).toEqual([]);
    await screenshot(visitor.page, 'shared-report-revoked');

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
  });
});
