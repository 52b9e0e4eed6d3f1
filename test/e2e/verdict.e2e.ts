import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { simVideos } from '../../db/schema';
import { COLLECTING_DATA_LABEL, VERDICT_LABELS, type WinnerMetric } from '../../src/shared/test-shapes';
import { MINIMUMS } from '../../src/statistics/progress';
import type { RecentVideo } from '../../src/videos/videos.schemas';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { titleTruthFor } from '../../src/youtube-simulator/traffic-model';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';
import { seriousAxeViolations } from './support/axe';
import { openPage, PHONE, screenshot, SCREENSHOT_DIR, type TrackedPage } from './support/browser';
import { chooseOption } from './support/select';
import { localInputValue } from './support/sign-in';

let app: TestApp;
let browser: Browser;
let creator: HttpClient;
/** The running test the card and phone checks share. */
let running = { id: '', videoTitle: '' };

// Workers stay off: the product clock and the test queue are driven from here (runFor), so the
// engine sees hours of rotations within seconds.
withAppAndBrowser((started) => ({ app, browser } = started));
beforeAll(async () => {
  creator = await demoCreator(app);
});

async function demoSignIn(tracked: TrackedPage): Promise<Page> {
  const { page } = tracked;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Try the demo' }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return page;
}

/**
 * Creates a running test through the REST API and runs its first rotation. Views tests get 2-hour
 * windows (the demo channel's lag is not measured, so hourly ones are refused) and run to their
 * end date: these tests are about the card at a given point, not a daily look ending them early.
 */
async function createTest(
  videoIndex: number,
  titles: string[],
  days = 7,
  shape: { winnerMetric: WinnerMetric; rotationIntervalMinutes: number } = {
    winnerMetric: 'views',
    rotationIntervalMinutes: 120,
  },
): Promise<{ id: string; videoTitle: string }> {
  const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, videoIndex);
  const endDate = new Date(app.clock.now().getTime() + days * 86_400_000).toISOString();
  const response = await creator.post('/api/tests', {
    videoId,
    titles,
    ...shape,
    endDate,
    runToEnd: true,
  });
  if (response.status !== 201)
    throw new Error(`create answered ${response.status}: ${await response.text()}`);
  await runDueWork(app);
  return (await response.json()) as { id: string; videoTitle: string };
}

/** What the page asks tests.plan, in order (tRPC batches: "/trpc/a,b?batch=1&input={0:{json}}"). */
function planRequests(page: Page): Record<string, unknown>[] {
  const asked: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/trpc/')) return;
    const procedures = url.pathname.slice('/trpc/'.length).split(',');
    const inputs = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<
      string,
      { json: Record<string, unknown> }
    >;
    procedures.forEach((procedure, index) => {
      if (procedure === 'tests.plan') asked.push(inputs[String(index)]!.json);
    });
  });
  return asked;
}

/** The plan's three headings: it can decide (small or only large differences), or it cannot. */
const PLAN_DECIDES = /What this test can detect|Only large differences can be detected/;
const CANNOT_DECIDE = 'This test cannot reach a verdict';

/** Expands a card and waits until its verdict panel has its headline. */
async function expandCard(page: Page, videoTitle: string): Promise<{ card: Locator; panel: Locator }> {
  const card = page.getByRole('article', { name: `Test: ${videoTitle}` });
  await card.getByRole('button', { expanded: false }).first().click();
  const panel = card.getByRole('region', { name: 'Which title is winning' });
  await panel.getByTestId('verdict-headline').waitFor();
  return { card, panel };
}

const SIGNED = '[+\u2212]?\\d+\\.\\d%';
const LIFT_WITH_INTERVAL = new RegExp(`^${SIGNED} \\(${SIGNED} to ${SIGNED}\\)$`);
/** A lift in plain words: "+12% views per hour, likely between +5% and +19%". */
const ROUND = '([+\u2212]?\\d+(\\.\\d)?%|0%)';
const liftInWords = (metric: string) =>
  new RegExp(`^${ROUND} ${metric}, likely between ${ROUND} and ${ROUND}$`);
/** Words that belong behind "Show the statistics", never in the part a creator reads first. */
const STATISTICS_WORDS =
  /p-value|expected loss|chance to be best|degrees of freedom|posterior|randomisation/i;

/** The disclosure's control: a button with aria-expanded, named for what it does. */
const statisticsButton = (panel: Locator) =>
  panel.getByRole('button', { name: /^(Show|Hide) the statistics$/ });

/** Opens the statistics with the keyboard, as a screen-reader or keyboard user would. */
async function openStatistics(panel: Locator): Promise<void> {
  const button = statisticsButton(panel);
  expect(await button.getAttribute('aria-expanded')).toBe('false');
  await button.focus();
  await button.press('Enter');
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
  await panel.getByRole('button', { name: 'Hide the statistics' }).waitFor();
}

/** What the page sends tests.create (tRPC POST body: {"0":{"json":{…}}}). */
function createRequests(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/trpc/')) return;
    const procedures = url.pathname.slice('/trpc/'.length).split(',');
    const body = JSON.parse(request.postData() ?? '{}') as Record<string, { json: Record<string, unknown> }>;
    procedures.forEach((procedure, index) => {
      if (procedure === 'tests.create') sent.push(body[String(index)]!.json);
    });
  });
  return sent;
}

const START_ANYWAY = 'Start anyway: I understand this test will likely end Inconclusive';

describe('which title is winning', () => {
  it('the create dialog on a quiet video: a plan too weak to decide starts only when the creator ticks “Start anyway”', async () => {
    // Issue 24, item 2: the simulator's ground truth turns one upload into a quiet video, about 120
    // views a day, nearly all from outside (its public counter follows at once).
    const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 4);
    await app.built.app.db
      .update(simVideos)
      .set({ baseImpressionsPerHour: 3, externalViewsPerHour: 5, decayHalfLifeDays: 1_000 })
      .where(eq(simVideos.id, videoId));
    const tiny = await liveVideo(app, videoId);

    const tracked = await openPage(browser, app.url);
    const page = await demoSignIn(tracked);
    const sent = createRequests(page);
    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
    const video = dialog
      .getByRole('group', { name: 'Recent videos' })
      .getByRole('button')
      .filter({ hasText: tiny.title });
    await video.click();
    await chooseOption(page, dialog.getByLabel('Winner Determination'), 'Highest views');
    // 2-hour windows: the shortest the demo channel gets while its lag is not measured.
    await chooseOption(page, dialog.getByLabel('Rotation Interval'), 'Every 2 hours');
    await dialog.getByLabel('Title 2').fill('The sourdough discard trick nobody told me');
    const start = new Date(await dialog.getByLabel('Start').inputValue());
    await dialog.getByLabel('End').fill(localInputValue(new Date(start.getTime() + 4 * 86_400_000)));

    // Four days of 2-hour windows on about 120 views a day would only notice a title that doubles
    // views per hour: the plan says so, the dialog asks for the tick and Create waits for it.
    await dialog
      .getByRole('status')
      .filter({ hasText: 'Only very large differences can be detected' })
      .waitFor();
    const acknowledgement = dialog.getByRole('checkbox', { name: START_ANYWAY });
    await acknowledgement.waitFor();
    await dialog
      .getByText(
        /^On this video’s traffic \(about [\d.]+ views? a day\) this test would only notice a title that .+, so it would very likely end Inconclusive\. Make it longer, use fewer titles, or confirm that you want to start it anyway\.$/,
      )
      .waitFor();
    const create = dialog.getByRole('button', { name: 'Create Test' });
    expect(await create.isDisabled()).toBe(true);
    await dialog
      .getByText('Tick “Start anyway” to create this test, or make it longer or use fewer titles.')
      .waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await acknowledgement.scrollIntoViewIfNeeded();
    await screenshot(page, 'create-test-weak-plan');

    // Ticked (with the keyboard), the test is created and the acknowledgement is sent with it.
    await acknowledgement.focus();
    await page.keyboard.press('Space');
    expect(await acknowledgement.isChecked()).toBe(true);
    await expect.poll(() => create.isDisabled()).toBe(false);
    await create.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(sent).toHaveLength(1);
    // Unticked, the stop at the first winner stays on: the test is not asked to run to its end.
    expect(sent[0]).toMatchObject({
      videoId,
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      acknowledgeWeakPlan: true,
      runToEnd: false,
    });
    const card = page.getByRole('article', { name: `Test: ${tiny.title}` });
    await card.waitFor();

    // The demo plan runs one test at a time: the next steps need the slot.
    const tests = (await (await creator.get('/api/tests')).json()) as Array<{
      id: string;
      videoId: string;
      status: string;
    }>;
    const created = tests.find((test) => test.videoId === videoId && test.status === 'active')!;
    expect((await creator.post(`/api/tests/${created.id}/cancel`)).status).toBe(200);
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('the create dialog: Title 1 is the baseline, prefilled from the video; the plan for the metric, start and video, and its one-click way out when it cannot decide', async () => {
    const tracked = await openPage(browser, app.url);
    const page = await demoSignIn(tracked);
    const asked = planRequests(page);
    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create Title Test' });
    const baseline = dialog.getByLabel('Title 1 (baseline)');
    await baseline.waitFor();
    await dialog
      .getByText('Enter at least 2 titles to see how small a difference this test can detect.')
      .waitFor();

    // Picking a video fills the empty baseline with its current title; another pick replaces it
    // while the creator has not changed it.
    const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
    const first = videos.nth(0);
    await first.waitFor();
    await first.click();
    expect(await baseline.inputValue()).toBe((await first.locator('p').first().textContent()) ?? '');
    const second = videos.nth(1);
    const secondTitle = (await second.locator('p').first().textContent()) ?? '';
    await second.click();
    expect(await baseline.inputValue()).toBe(secondTitle);
    // A baseline the creator typed is theirs: picking a video leaves it alone.
    await baseline.fill('My own baseline title');
    await first.click();
    expect(await baseline.inputValue()).toBe('My own baseline title');
    await baseline.fill('');
    await second.click();
    expect(await baseline.inputValue()).toBe(secondTitle);

    // Two titles and valid dates: the plan (debounced) is asked with the metric (CTR, daily by
    // default), the length and the picked video's views per day, and says what the test can detect
    // and that a daily metric's verdict comes about two days after the end.
    await dialog.getByLabel('Title 2').fill('The Title Nobody Expected');
    const plan = dialog.getByRole('status').filter({ hasText: PLAN_DECIDES });
    await plan.getByText(/^The verdict comes about 2 days after the end/).waitFor();
    // A video with ordinary traffic: no acknowledgement to give.
    expect(await dialog.getByRole('checkbox', { name: START_ANYWAY }).count()).toBe(0);
    const start = await dialog.getByLabel('Start').inputValue();
    const recent = (await (await creator.get('/api/videos/recent')).json()) as RecentVideo[];
    const picked = recent.find((video) => video.title === secondTitle)!;
    const days = Math.max(1, (Date.now() - Date.parse(picked.publishedAt)) / 86_400_000);
    const input = asked.at(-1)!;
    expect(input).toMatchObject({
      titleCount: 2,
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      winnerMetric: 'ctr',
    });
    // Starting now: the server plans from its own clock, so no browser time is sent.
    expect(input).not.toHaveProperty('startDate');
    // Views per day since publication (live counts move a little between the two reads).
    expect(Math.abs((input.viewsPerDay as number) / (picked.viewCount / days) - 1)).toBeLessThan(0.01);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await plan.scrollIntoViewIfNeeded();
    await screenshot(page, 'create-test-plan');

    // Two days of a daily metric: one day per title cannot decide. The warning offers the
    // nearest length that can, and one click takes it.
    const startTime = new Date(start).getTime();
    await dialog.getByLabel('End').fill(localInputValue(new Date(startTime + 2 * 86_400_000)));
    const cannot = dialog.getByRole('status').filter({ hasText: CANNOT_DECIDE });
    const use = cannot.getByRole('button', { name: /^Use \d+ days?$/ });
    await use.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await cannot.scrollIntoViewIfNeeded();
    await screenshot(page, 'create-test-plan-cannot-decide');
    const suggestedDays = Number(/^Use (\d+) days?$/.exec(await use.innerText())![1]);
    expect(suggestedDays).toBeGreaterThan(2);
    await use.click();
    await expect
      .poll(
        async () =>
          (new Date(await dialog.getByLabel('End').inputValue()).getTime() - startTime) / 86_400_000,
      )
      .toBe(suggestedDays);
    await dialog.getByRole('status').filter({ hasText: PLAN_DECIDES }).waitFor();
    expect(await dialog.getByText(CANNOT_DECIDE).count()).toBe(0);
    expect(asked.at(-1)).toMatchObject({ durationDays: suggestedDays, rotationIntervalMinutes: 1440 });

    // Views are counted live: the form offers hourly windows, no wait for daily figures after the
    // end. The demo channel's lag is not measured yet, so the plan says hourly windows cannot
    // decide, and its one click takes 2-hour windows.
    await chooseOption(page, dialog.getByLabel('Winner Determination'), 'Highest views');
    await expect.poll(() => asked.at(-1)?.winnerMetric).toBe('views');
    expect(asked.at(-1)).toMatchObject({ rotationIntervalMinutes: 60, durationDays: suggestedDays });
    const unmeasured = dialog.getByRole('status').filter({ hasText: CANNOT_DECIDE });
    await unmeasured
      .getByText(/^Titlewise has not yet measured how long views keep following the previous title/)
      .waitFor();
    const twoHours = unmeasured.getByRole('button', { name: 'Use every 2 hours' });
    await expect.poll(() => twoHours.isEnabled()).toBe(true);
    await twoHours.click();
    await expect
      .poll(() => asked.at(-1))
      .toMatchObject({ rotationIntervalMinutes: 120, durationDays: suggestedDays });
    const viewsPlan = dialog.getByRole('status').filter({ hasText: PLAN_DECIDES });
    await expect.poll(() => viewsPlan.getAttribute('aria-busy')).toBe('false');
    expect(await viewsPlan.getByText(/^The verdict comes/).count()).toBe(0);

    // Every interval views allow, compared at the difference this plan finds: one click on a row's
    // Use takes its interval and length, and the plan is asked again for them.
    const shapes = dialog.getByRole('table', { name: /^How soon each interval can answer/ });
    const other = shapes.getByRole('button', { name: /^Use every / }).first();
    await expect.poll(() => other.isEnabled()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shapes.scrollIntoViewIfNeeded();
    await screenshot(page, 'create-test-shapes');
    const [, every, hours, shapeDays] = /^Use (every (?:hour|(\d+) hours)) for (\d+) days?$/.exec(
      (await other.getAttribute('aria-label')) ?? '',
    )!;
    await other.click();
    const shapeInterval = hours ? Number(hours) * 60 : 60;
    await expect
      .poll(() => asked.at(-1))
      .toMatchObject({ rotationIntervalMinutes: shapeInterval, durationDays: Number(shapeDays) });
    expect(await dialog.getByLabel('Rotation Interval').inputValue()).toBe(
      every!.charAt(0).toUpperCase() + every!.slice(1),
    );

    // End before start: no plan is asked for, and the dialog says why.
    await dialog.getByLabel('End').fill(start);
    await dialog
      .getByText('Set an end after the start to see how small a difference this test can detect.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('the expanded card: collecting data early on, lifts in plain words, the statistics one click away', async () => {
    running = await createTest(3, ['Weeknight pasta, version A', 'Weeknight pasta, version B']);
    const { videoTitle } = running;
    // The day's reading of the video first (the creator's first test of this shape), then two days
    // and more of windows, whatever the hour it starts: enough windows beyond the video's
    // day-and-hour levels for the lifts to show.
    await runFor(app, (await hoursToFirstWindow(app, running.id)) + 54);

    const tracked = await openPage(browser, app.url);
    const page = await demoSignIn(tracked);
    const { card, panel } = await expandCard(page, videoTitle);
    // A running test short of a verdict is still collecting data, not yet inconclusive.
    await panel.getByText(COLLECTING_DATA_LABEL, { exact: true }).waitFor();
    expect(await panel.getByText(/Inconclusive/).count()).toBe(0);
    // The headline says where the test stands and what would go live if it ended now.
    const headline = await panel.getByTestId('verdict-headline').innerText();
    expect(headline).toMatch(
      /^(Collecting data — (\d+ hours?|\d+(\.\d)?) of 7 days|Title [12] wins|The original wins|Title 2 beats the original \([+\u2212]?\d+(\.\d)?%\)|Performing the same so far)$/,
    );
    await panel.getByText(/^If the test ended now: (the original stays|Title 2 goes live)\.$/).waitFor();
    await panel.getByText('Judged on views per hour.', { exact: true }).waitFor();
    await panel.getByText('Titlewise’s own calculation', { exact: true }).waitFor();
    await panel
      .getByRole('progressbar', { name: 'Share of the test measured' })
      .waitFor({ state: 'attached' });
    // Progress is one coherent line: never "Reached" beside "Still needed".
    const progress = await panel.getByTestId('verdict-progress').innerText();
    const needed = MINIMUMS.eventsPerTitle;
    expect(progress).toMatch(
      new RegExp(
        `^(\\d+ hours?|\\d+(\\.\\d)?) of 7 days measured; [\\d,]+ (of ${needed} views per title needed|views per title \\(${needed} needed\\) ✓)`,
      ),
    );
    expect(progress).not.toMatch(/Reached|Still needed/);

    // Per title, the lift in plain words: Title 1 is the original the others are compared with.
    const lifts = panel.getByRole('list', { name: 'Lift per title' }).getByRole('listitem');
    expect(await lifts.count()).toBe(2);
    await lifts.nth(0).getByText('The others are compared with this one.').waitFor();
    await lifts.nth(1).getByText(liftInWords('views per hour')).waitFor();

    // The statistics are hidden until the disclosure is opened: none of their words is visible.
    expect(await panel.innerText()).not.toMatch(STATISTICS_WORDS);
    expect(await panel.getByRole('list', { name: 'Statistics per title' }).isVisible()).toBe(false);
    expect(await panel.getByText('Chance to be best').first().isVisible()).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'verdict-panel-plain');
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-plain-closeup.png` });

    // One click (here: the keyboard) opens them: lift with its interval, chance to be best, the
    // p-value and the method, each explained in a line.
    await openStatistics(panel);
    const adjusted = panel.getByRole('list', { name: 'Statistics per title' }).getByRole('listitem');
    expect(await adjusted.count()).toBe(2);
    await adjusted.nth(0).getByText('Baseline', { exact: true }).waitFor();
    const lift = await adjusted.nth(1).locator('dd').first().innerText();
    expect(lift).toMatch(LIFT_WITH_INTERVAL);
    expect(await adjusted.nth(1).locator('dd').nth(1).innerText()).toMatch(/^(<1|>99|\d{1,2})%$/);
    await panel.getByText('p-value of the leader’s lead', { exact: true }).waitFor();
    await panel.getByText(/^How often schedules drawn at random would show a lead this large/).waitFor();
    await panel.getByText('Randomisation test over 999 redrawn schedules', { exact: true }).waitFor();
    await panel
      .getByText(/^How likely it is, given the figures so far, that this title is truly the best/)
      .waitFor();
    await panel.getByText(/^How much you would give up on average/).waitFor();
    await panel.getByText(/Lifts, intervals and chances are Titlewise’s own calculation/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'verdict-panel-statistics');
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-statistics-closeup.png` });

    // Raw: naive views-per-hour averages, with why they mislead.
    await panel.locator('label').filter({ hasText: /^Raw$/ }).click();
    expect(await panel.getByRole('radio', { name: 'Raw' }).isChecked()).toBe(true);
    const raw = panel.getByRole('list', { name: 'Raw averages per title' }).getByRole('listitem');
    expect(await raw.count()).toBe(2);
    expect(await raw.nth(0).locator('dd').first().innerText()).toMatch(/^\d+\.\d views\/hour$/);
    // A views test shows no CTR column, and counts windows.
    expect(await raw.nth(0).locator('dt').allInnerTexts()).toEqual([
      'Raw average',
      'Raw difference vs Title 1',
      'Windows',
    ]);
    await panel
      .getByText(/Raw averages mislead: views swing with the time of day and fall as a video ages/)
      .waitFor();
    expect(await panel.getByRole('list', { name: 'Statistics per title' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-raw-closeup.png` });
    await panel
      .locator('label')
      .filter({ hasText: /^Adjusted$/ })
      .click();
    await panel.getByRole('list', { name: 'Statistics per title' }).waitFor();
    // And one click closes them again.
    await statisticsButton(panel).click();
    await expect.poll(() => statisticsButton(panel).getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => panel.getByRole('list', { name: 'Statistics per title' }).isVisible())
      .toBe(false);

    // The measured / estimated marks stay on the card's figures.
    await card
      .getByLabel(/^Measured: YouTube reported this figure/)
      .first()
      .waitFor();

    // Issue 12, item 3: after 30 rotations the comparison still has one bar per title of the test,
    // and its axis reads distinct whole (or compact, 1.5K) numbers, never "1, 1, 1, 0, 0".
    const comparison = card.locator('figure', { hasText: 'Title Performance Comparison' });
    const ticks = (axis: 'xAxis' | 'yAxis') =>
      comparison
        .locator(`.recharts-${axis}-tick-labels .recharts-cartesian-axis-tick-value`)
        .allTextContents();
    await comparison
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .first()
      .waitFor();
    expect(await ticks('xAxis')).toEqual(['T1', 'T2']);
    const yTicks = await ticks('yAxis');
    expect(yTicks.length).toBeGreaterThan(1);
    expect(new Set(yTicks).size).toBe(yTicks.length);
    for (const tick of yTicks) expect(tick).toMatch(/^(\d+|\d+(\.\d+)?[KM])$/);
    await comparison.screenshot({ path: `${SCREENSHOT_DIR}/comparison-chart.png` });
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  });

  it('the panel fits a 375 px phone', async () => {
    const tracked = await openPage(browser, app.url, PHONE);
    const page = await demoSignIn(tracked);
    const { panel } = await expandCard(page, running.videoTitle);
    await panel.getByRole('list', { name: 'Lift per title' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'verdict-panel-phone');
    await tracked.context.close();
  });

  it('at the end: the winner, decided on the final data, with its lift and chance to be best', async () => {
    // The demo plan runs one test at a time.
    if (running.id) expect((await creator.post(`/api/tests/${running.id}/cancel`)).status).toBe(200);
    // Two titles whose true click-through rates (the simulator's ground truth) differ by half.
    const videoIndex = 5;
    const video = await liveVideo(app, simulatedVideoId(DEMO_ACCOUNT_ID, videoIndex));
    const candidates = Array.from({ length: 40 }, (_, index) => `Sheet-pan dinner, take ${index + 1}`);
    const ranked = candidates
      .map((title) => ({ title, ctr: titleTruthFor(title, video.seed, video.durationSec).ctr }))
      .sort((a, b) => a.ctr - b.ctr);
    const [weaker, stronger] = [ranked[0]!, ranked.at(-1)!];
    expect(stronger.ctr / weaker.ctr).toBeGreaterThan(1.5);
    const { videoTitle } = await createTest(videoIndex, [weaker.title, stronger.title], 5);
    await runFor(app, 5 * 24 + 1);

    const tracked = await openPage(browser, app.url);
    const page = await demoSignIn(tracked);
    const { panel } = await expandCard(page, videoTitle);
    await panel.getByText(VERDICT_LABELS.winner, { exact: true }).first().waitFor();
    await panel.getByText('Decided at the end of the test').waitFor();
    // In plain words: which title won, that it went live, and by how much.
    expect(await panel.getByTestId('verdict-headline').innerText()).toBe('Title 2 wins');
    await panel
      .getByText(
        /^Title 2 did clearly better than the other title: \+\d+% views per hour against the original\.$/,
      )
      .waitFor();
    await panel.getByText('Title 2 went live when the test ended.', { exact: true }).waitFor();
    const lifts = panel.getByRole('list', { name: 'Lift per title' }).getByRole('listitem');
    const challenger = lifts.nth(1);
    await challenger.getByText(stronger.title).waitFor();
    await challenger.getByText(VERDICT_LABELS.winner, { exact: true }).waitFor();
    await challenger.getByText(liftInWords('views per hour')).waitFor();
    expect(await challenger.getByText(liftInWords('views per hour')).innerText()).toMatch(/^\+/);
    // Progress: the days measured of the test's five, and the views each title needed, ticked.
    expect(await panel.getByTestId('verdict-progress').innerText()).toMatch(
      /^\d(\.\d)? of 5 days measured; [\d,]+ views per title \(30 needed\) ✓$/,
    );
    expect(await panel.innerText()).not.toMatch(STATISTICS_WORDS);
    expect(await panel.innerText()).not.toMatch(/No winner yet|Before the end date|Minimum sample/);
    await openStatistics(panel);
    const adjusted = panel.getByRole('list', { name: 'Statistics per title' }).getByRole('listitem');
    expect(await adjusted.nth(1).locator('dd').first().innerText()).toMatch(LIFT_WITH_INTERVAL);
    expect(await adjusted.nth(1).locator('dd').nth(1).innerText()).toMatch(/^(>99|\d{2})%$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'verdict-panel-final');
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-final-closeup.png` });
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  }, 600_000);

  it('a CTR test after its end: pending until YouTube’s last daily figures, raw CTR per title on the toggle', async () => {
    // The views test above has ended, so the demo plan's one running test is free.
    const { videoTitle } = await createTest(
      6,
      ['Crispy rice three ways', 'The crispiest rice you will make'],
      // The product's default for a daily metric: two titles need about 12 days for enough
      // possible schedules (the randomisation test), depending on where the Pacific days fall.
      14,
      { winnerMetric: 'ctr', rotationIntervalMinutes: 1440 },
    );
    // An hour past the end: YouTube's figures for the last days are still 2–3 days away.
    await runFor(app, 14 * 24 + 1);

    const tracked = await openPage(browser, app.url);
    const page = await demoSignIn(tracked);
    const { card, panel } = await expandCard(page, videoTitle);
    await panel.getByText('Verdict pending', { exact: true }).waitFor();
    expect(await panel.getByTestId('verdict-headline').innerText()).toBe(
      'Waiting for YouTube’s final figures',
    );
    // Issue 26, item 8: the CTR trend compares the titles: one line per title, over the days it
    // held, a legend naming them, and the same figures for screen readers.
    const trend = card.locator('figure', { hasText: 'CTR Performance Trend' });
    const trendChart = trend.getByRole('img', {
      name: /^Daily CTR by title\. Title 1: \d+(\.\d)?% on .+; Title 2: \d+(\.\d)?% on .+\.$/,
    });
    await trendChart.waitFor();
    expect(await trend.locator('.recharts-line').count()).toBe(2);
    for (const name of ['Title 1', 'Title 2']) await trend.getByText(name, { exact: true }).waitFor();
    await trend.screenshot({ path: `${SCREENSHOT_DIR}/ctr-trend-closeup.png` });
    await panel.getByText('The original title is live until the verdict.', { exact: true }).waitFor();
    // Issue 12, item 3: when the verdict comes, counted on the product's clock (weeks of simulated
    // days ahead of the browser's): within the four days YouTube's last figures take.
    await panel
      .getByText(
        /^Verdict expected .+ \(in (\d+ (minute|hour)s?( \d+ minutes?)?|[1-4] days?)\), when the daily import brings YouTube’s figures for the test’s last day \(at the latest .+ \(in [1-4] days?\)\)\.$/,
      )
      .waitFor();
    await panel.getByText('Judged on click-through rate.', { exact: true }).waitFor();
    expect(await panel.getByText('Decided at the end of the test').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-awaiting-closeup.png` });

    // Raw: CTR per title (from YouTube's daily reports), views per hour beside it, days counted.
    await openStatistics(panel);
    await panel.locator('label').filter({ hasText: /^Raw$/ }).click();
    const raw = panel.getByRole('list', { name: 'Raw averages per title' }).getByRole('listitem');
    expect(await raw.count()).toBe(2);
    for (const row of await raw.all()) {
      expect(await row.locator('dt').allInnerTexts()).toEqual([
        'Raw CTR',
        'Views per hour',
        'Raw difference vs Title 1',
        'Days',
      ]);
      expect(await row.locator('dd').first().innerText()).toMatch(/^(\d+\.\d%|—)$/);
      expect(await row.locator('dd').nth(3).innerText()).toMatch(/^\d+$/);
    }
    // YouTube has reported the first days by now: at least one title has a measured CTR.
    const ctrs = await Promise.all((await raw.all()).map((row) => row.locator('dd').first().innerText()));
    expect(ctrs.some((ctr) => ctr !== '—')).toBe(true);
    await panel.getByText(/^Raw averages mislead: traffic changes from day to day/).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await panel.screenshot({ path: `${SCREENSHOT_DIR}/verdict-panel-ctr-raw-closeup.png` });
    expect(tracked.errors).toEqual([]);
    await tracked.context.close();
  }, 600_000);
});
