import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FEATURE_VERDICT_WORDS, FEATURE_WORDS } from '../../src/shared/learning-features';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import type { TestApp } from '../helpers/test-app';
import { seedFinishedTests } from '../helpers/finished-tests';
import { bearerCreator } from '../helpers/thumbnail-uploads';
import { withAppAndBrowser } from './support/app-and-browser';
import { createFromDialog } from './support/create-dialog';
import { openPage } from './support/browser';
import { lookAtBothSizes } from './support/look';
import { seriousAxeViolations } from './support/axe';

// Issue 38: a creator whose channel has finished tests opens "What works here", reads what they
// show (an effect named only where its interval says so, a feature still short of tests), and
// follows the suggested next test into the Create dialog, set up for it, and creates it. On the
// way, they turn on "Compare with other channels" and read the pool of opted-in channels.

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

describe('what works here', () => {
  it('shows what the finished tests say and opens the suggested test in the dialog', async () => {
    // Noor's channel, where a number in a title truly lifts CTR by 8% (the simulator's ground
    // truth): one test made through the API (then cancelled), sixteen finished ones run on the
    // simulator's traffic and stored as the engine stores them.
    const noor = await bearerCreator(app, 'sim-noor');
    const made = await noor.post('/api/tests', {
      videoId: simulatedVideoId('sim-noor', 3),
      titles: ['Is a Tablet Enough for College?', 'A Tablet for College: Enough?'],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      acknowledgeWeakPlan: true,
    });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: string };
    await seedFinishedTests(app, id, 16);
    expect((await noor.post(`/api/tests/${id}/cancel`)).status).toBe(200);
    // Two more channels with finished tests whose creators chose to compare (the pool's minimum is 3).
    for (const account of ['sim-sam', 'sim-alex']) {
      const other = await bearerCreator(app, account);
      const template = await other.post('/api/tests', {
        videoId: simulatedVideoId(account, 3),
        titles: ['Five Things I Wish I Knew', '5 Things I Wish I Knew'],
        rotationIntervalMinutes: 1440,
        durationDays: 14,
        acknowledgeWeakPlan: true,
      });
      expect(template.status).toBe(201);
      const templateId = ((await template.json()) as { id: string }).id;
      await seedFinishedTests(app, templateId);
      expect((await other.post(`/api/tests/${templateId}/cancel`)).status).toBe(200);
      expect((await other.post('/api/learning/sharing', { optedIn: true })).status).toBe(200);
    }

    const viewer = await openPage(browser, app.url);
    const { page } = viewer;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Noor Haddad/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);
    await page.getByRole('link', { name: 'What works here' }).click();
    await page.getByRole('heading', { level: 1, name: 'What works here' }).waitFor();

    const number = page.getByTestId('finding-number');
    await number.getByText(FEATURE_WORDS.number).waitFor();
    await number.getByText(FEATURE_VERDICT_WORDS.helps).waitFor();
    await number.getByText(/^\+\d+\.\d% \(\+\d+\.\d% to \+\d+\.\d%\)$/).waitFor();
    const question = page.getByTestId('finding-question');
    await question.getByText('1 more test needed').waitFor();
    await question.getByText(FEATURE_VERDICT_WORDS['too-few']).waitFor();
    await lookAtBothSizes(page, 'what-works');

    // Compare with other channels: off until Noor turns it on; then the three channels' pool, in
    // the same table, nothing named; off again, and Noor's tests are out of it.
    const compare = page.getByRole('switch', { name: 'Compare with other channels' });
    expect(await compare.isChecked()).toBe(false);
    await compare.click();
    const pool = page.getByTestId('pool-findings');
    await pool.getByText('32 finished tests from 3 channels', { exact: false }).waitFor();
    await pool.getByTestId('pool-finding-number').getByText(FEATURE_WORDS.number).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await compare.click();
    await pool.waitFor({ state: 'detached' });
    expect(await (await noor.get('/api/learning/sharing')).json()).toMatchObject({ optedIn: false });

    // The suggested test: the dialog opens set up for it, on the newest upload.
    const next = page.getByTestId('next-test');
    await next.getByRole('heading', { name: 'The test worth running next' }).waitFor();
    await next.getByRole('link', { name: 'Set up this test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
    await dialog.getByTestId('suggested-test').waitFor();
    expect(await dialog.getByLabel('Winner Determination').inputValue()).toBe('Highest CTR');
    await expect.poll(() => dialog.getByLabel('Title 1 (baseline)').inputValue()).not.toBe('');
    const videoTitle = await dialog.getByLabel('Title 1 (baseline)').inputValue();
    await dialog.getByLabel('Title 2').fill(`${videoTitle} (Explained)`);
    await createFromDialog(dialog);
    await page.getByRole('article', { name: `Test: ${videoTitle}` }).waitFor();
    // Used once: the dashboard's address no longer carries the suggestion.
    expect(new URL(page.url()).search).toBe('');
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });
});
