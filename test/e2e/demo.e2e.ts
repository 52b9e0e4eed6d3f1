import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_SCENARIO } from '../../src/demo/demo-scenario';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { liveVideo } from '../helpers/title-test-driver';
import { seriousAxeViolations } from './support/axe';
import { openPage, screenshot } from './support/browser';
import { chooseOption } from './support/select';
import { lookAtBothSizes } from './support/look';
import { localInputValue } from './support/sign-in';

// Issue 12: the demo as a newcomer meets it. "Try the demo" opens the visitor's own channel with
// a past (run through the real engine), and the fast-forward buttons take a new test from created
// to decided, with its winner live on the video.

let app: TestApp;
let browser: Browser;
/** Preparing a visitor's copy runs almost six simulated days through the engine. */
const PREPARATION_MS = 240_000;

withAppAndBrowser((started) => ({ app, browser } = started), { DEMO_HISTORY: 'true' });

const [winnerTest, sameTest, runningTest] = DEMO_SCENARIO;

async function expand(card: Locator): Promise<Locator> {
  await card.getByRole('button', { expanded: false }).click();
  const panel = card.getByRole('region', { name: 'Which title is winning' });
  await panel.getByTestId('verdict-headline').waitFor();
  return panel;
}

async function cardFor(page: Page, videoTitle: string): Promise<Locator> {
  const card = page.getByRole('article', { name: `Test: ${videoTitle}` });
  await card.waitFor();
  return card;
}

describe('the demo', () => {
  it(
    'opens a channel with a decided winner, a test without one and a running test; a new test is fast-forwarded to its winner',
    async () => {
      const { page, errors } = await openPage(browser, app.url);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Try the demo' }).click();
      await page
        .getByRole('status')
        .getByText(/Opening your own demo channel/)
        .waitFor();
      await page.waitForURL(`${app.url}/dashboard`, { timeout: PREPARATION_MS });
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

      // The finished winner: its verdict, the lift with its interval, and the winner live.
      const won = await cardFor(page, winnerTest!.input.titles[0]!);
      await won.getByText(`Live on YouTube: “${winnerTest!.input.titles[1]}” (Title 2)`).waitFor();
      await screenshot(page, 'demo-dashboard');
      expect(await seriousAxeViolations(page)).toEqual([]);
      const wonPanel = await expand(won);
      await wonPanel.getByText('Winner', { exact: true }).first().waitFor();
      await wonPanel.getByText('Title 2 wins', { exact: true }).waitFor();
      // The statistics sit one click away.
      await wonPanel.getByRole('button', { name: 'Show the statistics' }).click();
      await wonPanel.getByText('Chance to be best').first().waitFor();
      await screenshot(page, 'demo-finished-winner');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The test whose titles drew alike: no winner, the original back, and why.
      const same = await cardFor(page, sameTest!.input.titles[0]!);
      await same
        .getByText(`Live on YouTube: “${sameTest!.input.titles[0]}” (Title 1, the original)`)
        .waitFor();
      const samePanel = await expand(same);
      await samePanel
        .getByText(/^(Performed the same|Inconclusive)$/)
        .first()
        .waitFor();

      // The running test, part-way: its rotation history is filled.
      const running = await cardFor(page, runningTest!.input.titles[0]!);
      await running.getByRole('button', { expanded: false }).click();
      await running.getByText('Rotation History').first().waitFor();

      // Free plan: one running test. The visitor cancels it to start their own (its original title
      // goes back with the next job run: here, the fast-forward below).
      await running.getByRole('button', { name: 'Cancel Test' }).click();
      // One click never ends a test: the confirm says what goes back on YouTube.
      const confirm = page.getByRole('dialog', { name: 'Cancel this test?' });
      await confirm.getByText(/original title .* goes back on YouTube/).waitFor();
      await confirm.getByRole('button', { name: 'Yes, cancel the test' }).click();
      await running.getByText('cancelled', { exact: true }).waitFor();

      // A new test on another upload, created in the dialog.
      await page.getByRole('button', { name: 'Create Test' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
      const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
      await videos.first().waitFor();
      await chooseOption(page, dialog.getByLabel('Winner Determination'), 'Highest views');
      const chosen = videos.nth(3);
      await chosen.click();
      const videoTitle = await dialog.getByLabel('Title 1 (baseline)').inputValue();
      const better = 'The One Trick That Changed How I Cook';
      await dialog.getByLabel('Title 2').fill(better);
      // 2-hour windows (the demo channel's lag is not measured yet) for three days: the shortest
      // whole days such a test of two titles can be decided in.
      await chooseOption(page, dialog.getByLabel('Rotation Interval'), 'Every 2 hours');
      const start = new Date(await dialog.getByLabel('Start').inputValue());
      await dialog.getByLabel('End').fill(localInputValue(new Date(start.getTime() + 3 * 86_400_000)));
      await dialog.getByRole('button', { name: 'Create Test' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const created = await cardFor(page, videoTitle);
      await created.getByRole('button', { expanded: false }).click();
      await screenshot(page, 'demo-new-test');

      // "To the end": the simulated clock moves past the end and every job runs on the way.
      await created.getByRole('button', { name: 'To the end' }).click();
      const live = created.getByText(/^Live on YouTube: “.+” \(Title [12].*\)$/);
      await live.waitFor({ timeout: PREPARATION_MS });
      // Decided, it moved to the finished tests (collapsed): open it again.
      const panel = await expand(created);
      await panel
        .getByText(/^(Winner|Performed the same|Inconclusive)$/)
        .first()
        .waitFor();
      await lookAtBothSizes(page, 'demo-new-test-decided');
      await running
        .getByText(`Live on YouTube: “${runningTest!.input.titles[0]}” (Title 1, the original)`)
        .waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);

      // What the card says is live is what YouTube (the simulator) shows.
      const shown = /“(.+)”/.exec((await live.textContent()) ?? '')![1]!;
      const card = (await (
        await fetch(`${app.url}/api/tests`, {
          headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
        })
      ).json()) as { videoId: string; videoTitle: string }[];
      const videoId = card.find((entry) => entry.videoTitle === videoTitle)!.videoId;
      expect((await liveVideo(app, videoId)).title).toBe(shown);
      expect(errors).toEqual([]);
    },
    PREPARATION_MS * 2,
  );
});
