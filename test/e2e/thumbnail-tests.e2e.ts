import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '../../src/shared/image-rules';
import type { TitleTestView } from '../../src/title-tests/records/title-tests.schemas';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { createFromDialog } from './support/create-dialog';
import { openPage, type TrackedPage } from './support/browser';
import { lookAtBothSizes } from './support/look';
import { setThumbnailTruth } from '../../src/youtube-simulator/thumbnail-store';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { bearerCreator, solidPicture, twoHourThumbnailTest, uploadImage } from '../helpers/thumbnail-uploads';
import { liveVideo, runFor } from '../helpers/title-test-driver';

// Issue 28: a thumbnail test and a title + thumbnail test, each created through the dialog with
// real files from disk: a good 1280 × 720 JPEG, a square PNG YouTube would refuse (fitted here
// with a letterbox), and a text file named .jpg (refused for what it is, not for its name). The
// preview shows the stored images at both widths, and the cards show them once created.

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

const files = { dir: '', goodJpeg: '', squarePng: '', textAsJpeg: '' };

beforeAll(async () => {
  files.dir = await mkdtemp(join(tmpdir(), 'titlewise-thumbnails-'));
  files.goodJpeg = join(files.dir, 'night-sky-1280x720.jpg');
  files.squarePng = join(files.dir, 'square-800.png');
  files.textAsJpeg = join(files.dir, 'notes.jpg');
  const solid = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } });
  await Promise.all([
    solid(1280, 720, '#1d3557').jpeg().toFile(files.goodJpeg),
    solid(800, 800, '#e63946').png().toFile(files.squarePng),
    writeFile(files.textAsJpeg, 'Not a picture: a shopping list.\nEggs\nFlour\n'),
  ]);
});

afterAll(async () => {
  if (files.dir) await rm(files.dir, { recursive: true, force: true });
});

async function signInWithGoogle(page: Page): Promise<void> {
  await signInWithGoogleAs(page, /Priya Natarajan/);
}

async function signInWithGoogleAs(page: Page, account: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Connect with Google' }).click();
  await page.getByRole('button', { name: account }).click();
  await page.waitForURL(`${app.url}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}

/** Opens the dialog, picks the `nth` recent video (the dialog starts on Titles) and returns its title. */
async function openDialogOn(page: Page, nth: number): Promise<{ dialog: Locator; videoTitle: string }> {
  await page.getByRole('button', { name: 'Create Test' }).first().click();
  const dialog = page.getByRole('dialog', { name: /^Create .*Test$/ });
  const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
  await videos.nth(nth).click();
  const videoTitle = await dialog.getByLabel('Title 1 (baseline)').inputValue();
  expect(videoTitle).not.toBe('');
  return { dialog, videoTitle };
}

async function chooseKind(dialog: Locator, label: string): Promise<void> {
  await dialog.getByTestId('test-kind').getByText(label, { exact: true }).click();
  await expect.poll(() => dialog.getByRole('radio', { name: label, exact: true }).isChecked()).toBe(true);
}

/** Uploads `file` into variant `n`'s slot and waits for the state the slot settles in. */
async function upload(dialog: Locator, n: number, file: string, settles: 'ready' | 'refused') {
  const slot = dialog.getByTestId(`thumbnail-slot-${n}`);
  await dialog.getByTestId(`thumbnail-input-${n}`).setInputFiles(file);
  await expect.poll(() => slot.getAttribute('data-state')).toBe(settles);
  return slot;
}

/** Whether the image has arrived and decoded (a broken or blocked image has no natural width). */
const decoded = (image: Locator) =>
  image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });

/** Both of the preview's pictures of `name` show the stored image at `src`. */
async function previewShows(dialog: Locator, name: string, src: string): Promise<void> {
  const preview = dialog.getByTestId('variant-preview');
  for (const [where, testId] of [
    ['the home feed', 'preview-feed-card'],
    ['search results', 'preview-search-row'],
  ] as const) {
    const image = preview.getByTestId(testId).getByRole('img', { name: `${name} in ${where}`, exact: true });
    expect(await image.getAttribute('src')).toBe(src);
    await expect.poll(() => decoded(image)).toBe(true);
  }
}

/** Creates the test (ticking "Start anyway" when the plan is weak) and returns its expanded card. */
async function createAndOpenCard(page: Page, dialog: Locator, videoTitle: string): Promise<Locator> {
  await createFromDialog(dialog);
  const card = page.getByRole('article', { name: `Test: ${videoTitle}` });
  await card.getByRole('button', { expanded: false }).first().click();
  return card;
}

/**
 * The card's row of images: the video's original first, then the uploads as stored (`uploaded`),
 * every one decoded and named for its variant ("Thumbnail 2"), once on the whole card: the lists
 * inside show the same images beside their names, as decoration.
 */
async function cardImagesShown(card: Locator, noun: string, uploaded: string[]): Promise<void> {
  const images = card.getByTestId('card-thumbnails').locator('img');
  await expect.poll(() => images.count()).toBe(uploaded.length + 1);
  const sources = await images.evaluateAll((all) => all.map((img) => img.getAttribute('src')));
  expect(sources.slice(1)).toEqual(uploaded);
  expect(uploaded).not.toContain(sources[0]);
  for (const image of await images.all()) await expect.poll(() => decoded(image)).toBe(true);
  for (const [index, source] of sources.entries()) {
    const named = card.getByRole('img', { name: `${noun} ${index + 1}`, exact: true });
    expect(await named.count()).toBe(1);
    expect(await named.getAttribute('src')).toBe(source);
  }
}

/** The signed-in creator's tests, as GET /api/tests answers the browser's session. */
async function testsAsSeenBy(page: Page): Promise<TitleTestView[]> {
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const response = await fetch(`${app.url}/api/tests`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as TitleTestView[];
}

describe('thumbnail and title + thumbnail tests through the dialog', () => {
  let creator: TrackedPage;

  it('uploads, refuses, fits and previews images; creates a thumbnail test, cancels it, then creates a package test', async () => {
    creator = await openPage(browser, app.url);
    const { page } = creator;
    await signInWithGoogle(page);

    // A thumbnail test: the title stays, the images rotate.
    const first = await openDialogOn(page, 0);
    const { dialog } = first;
    await chooseKind(dialog, 'Thumbnails');
    await dialog.getByTestId('thumbnail-current').getByText('Thumbnail 1 · current').waitFor();
    // Nothing uploaded yet: Create waits and says why.
    expect(await dialog.getByRole('button', { name: 'Create Test' }).isDisabled()).toBe(true);

    const good = await upload(dialog, 2, files.goodJpeg, 'ready');
    const goodSrc = (await good.getByRole('img', { name: 'Thumbnail 2', exact: true }).getAttribute('src'))!;
    await good.getByText(/night-sky-1280x720\.jpg · 1280 × 720/).waitFor();

    // A square PNG: YouTube would refuse its shape; letterboxed, it is stored as a 1280 × 720 JPEG.
    const square = await upload(dialog, 3, files.squarePng, 'refused');
    const squareRefusal = square.getByRole('alert');
    await squareRefusal.getByText('YouTube would not take square-800.png').waitFor();
    await squareRefusal.getByText(IMAGE_MESSAGES.wrongShape, { exact: false }).waitFor();
    await dialog.getByText('Thumbnail 3’s thumbnail is not one YouTube takes', { exact: false }).waitFor();
    await dialog.getByTestId('thumbnail-fit-letterbox-3').click();
    await expect.poll(() => square.getAttribute('data-state')).toBe('ready');
    await dialog
      .getByTestId('thumbnail-fitted-3')
      .getByText(/letterboxed to 16:9/)
      .waitFor();
    await square.getByText(/square-800\.png · 1280 × 720/).waitFor();
    const fittedSrc = (await square
      .getByRole('img', { name: 'Thumbnail 3', exact: true })
      .getAttribute('src'))!;

    // A text file named .jpg: refused for what it holds, with nothing to fit, and removed.
    const text = await upload(dialog, 4, files.textAsJpeg, 'refused');
    await text.getByRole('alert').getByText('YouTube would not take notes.jpg').waitFor();
    await text.getByText(IMAGE_MESSAGES.notAnImage).waitFor();
    expect(await dialog.getByTestId('thumbnail-fit-letterbox-4').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Create Test' }).isDisabled()).toBe(true);
    // The dialog with every kind of upload in it, at a laptop's and a phone's width.
    await lookAtBothSizes(page, 'thumbnail-test-uploads');
    await dialog.getByTestId('thumbnail-remove-4').click();
    await expect.poll(() => text.getAttribute('data-state')).toBe('empty');

    // The preview: each stored image in the feed and in search, at phone and desktop widths.
    const size = dialog.getByTestId('preview-size');
    for (const width of ['Phone', 'Desktop'] as const) {
      await size.getByText(width, { exact: true }).click();
      const feedCards = dialog.getByTestId('preview-feed-card');
      await expect.poll(() => feedCards.count()).toBe(3);
      await expect
        .poll(() => feedCards.first().getAttribute('data-phone'))
        .toBe(width === 'Phone' ? 'true' : null);
      await previewShows(dialog, 'Thumbnail 2', goodSrc);
      await previewShows(dialog, 'Thumbnail 3', fittedSrc);
    }

    const thumbnailCard = await createAndOpenCard(page, dialog, first.videoTitle);
    await cardImagesShown(thumbnailCard, 'Thumbnail', [goodSrc, fittedSrc]);
    await thumbnailCard.getByRole('heading', { name: 'Which thumbnail is winning' }).waitFor();
    // Before any figures the verdict lists the variants as made, each by its name.
    const thumbnailVariants = thumbnailCard.getByRole('list', { name: 'The test’s thumbnails' });
    await expect.poll(() => thumbnailVariants.getByRole('listitem').count()).toBe(3);
    await thumbnailVariants.getByText('Thumbnail 1 (the original)', { exact: true }).waitFor();
    await thumbnailVariants.getByText('Thumbnail 3', { exact: true }).waitFor();
    await thumbnailCard.getByRole('region', { name: 'Thumbnail Rotation History' }).waitFor();

    // The Free plan runs one test at a time: this one is cancelled from its card, whose
    // confirmation says the thumbnail goes back.
    await thumbnailCard.getByRole('button', { name: 'Cancel Test' }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Cancel this test?' });
    await cancelDialog
      .getByText('The rotation stops and the original thumbnail goes back on YouTube.', { exact: false })
      .waitFor();
    await cancelDialog.getByRole('button', { name: 'Yes, cancel the test' }).click();
    await thumbnailCard.getByText('cancelled', { exact: true }).first().waitFor();

    // A title + thumbnail test on another video: Package 2 is a new title with its own image.
    const second = await openDialogOn(page, 1);
    await chooseKind(second.dialog, 'Title + thumbnail');
    const packageTitle = 'I Photographed Saturn From My Balcony';
    await second.dialog.getByLabel('Title 2').fill(packageTitle);
    // A title without its image is not a package yet.
    await second.dialog.getByText('Package 2 needs a thumbnail for its title.', { exact: true }).waitFor();
    const packageSlot = await upload(second.dialog, 2, files.goodJpeg, 'ready');
    const packageSrc = (await packageSlot
      .getByRole('img', { name: 'Thumbnail 2', exact: true })
      .getAttribute('src'))!;
    await previewShows(second.dialog, 'Package 2', packageSrc);
    const preview = second.dialog.getByTestId('variant-preview');
    await preview.getByTestId('preview-feed-card').getByText(packageTitle).waitFor();

    const packageCard = await createAndOpenCard(page, second.dialog, second.videoTitle);
    await cardImagesShown(packageCard, 'Package', [packageSrc]);
    await packageCard.getByRole('heading', { name: 'Which package is winning' }).waitFor();
    // Before any figures the verdict lists each package with its title.
    const packages = packageCard.getByRole('list', { name: 'The test’s packages' }).getByRole('listitem');
    await expect.poll(() => packages.count()).toBe(2);
    await packages.nth(0).getByText(second.videoTitle, { exact: true }).waitFor();
    await packages.nth(1).getByText('Package 2', { exact: true }).waitFor();
    await packages.nth(1).getByText(packageTitle, { exact: true }).waitFor();
    await lookAtBothSizes(page, 'package-test-card');
    // The server's record says what was made.
    const created = (await testsAsSeenBy(page)).find((test) => test.videoTitle === second.videoTitle)!;
    expect(created.kind).toBe('packages');
    expect(created.titles).toEqual([second.videoTitle, packageTitle]);
    expect(created.thumbnails[1]).toBe(packageSrc);

    // Her Free plan runs one test at a time: the dialog says so at its top before any work, with
    // the plans a link away, and Create waits. Its title names what it tests.
    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const full = page.getByRole('dialog', { name: 'Create Title Test' });
    const alert = full.getByRole('alert').filter({ hasText: 'Your plan’s tests are all running' });
    await alert.getByText(/Your Free plan allows 1 running test at a time/).waitFor();
    await alert.getByRole('link', { name: '/paywall' }).waitFor();
    expect(await full.getByRole('button', { name: 'Create Test' }).isDisabled()).toBe(true);
    await chooseKind(page.getByRole('dialog'), 'Thumbnails');
    await page.getByRole('dialog', { name: 'Create Thumbnail Test' }).waitFor();
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });

  it('a thumbnail test run to its verdict: the winning image named and live, at both sizes', async () => {
    // Sam's test through the API: his video's thumbnail against one that draws 80% more clicks.
    const sam = await bearerCreator(app, 'sim-sam');
    const videoId = simulatedVideoId('sim-sam', 0);
    const uploaded = await uploadImage(app, sam, await solidPicture({ r: 230, g: 120, b: 20 }));
    await setThumbnailTruth(app.built.app.db, videoId, uploaded.sha256, 1.8);
    const created = await sam.post('/api/tests', twoHourThumbnailTest(videoId, [uploaded.id]));
    expect(created.status, await created.clone().text()).toBe(201);
    await runFor(app, 5 * 24 + 2);

    const viewer = await openPage(browser, app.url);
    const { page } = viewer;
    await signInWithGoogleAs(page, /Sam Chen/);
    const videoTitle = (await liveVideo(app, videoId)).title;
    const card = page.getByRole('article', { name: `Test: ${videoTitle}` });
    await card.getByRole('button', { expanded: false }).first().click();
    const verdict = card.getByRole('region', { name: 'Which thumbnail is winning' });
    await verdict
      .getByText(/^(Winner|Performed the same|Inconclusive)$/)
      .first()
      .waitFor();
    await card.getByRole('region', { name: 'Thumbnail Rotation History' }).waitFor();
    await lookAtBothSizes(page, 'thumbnail-test-verdict');
    expect(viewer.errors).toEqual([]);
    await viewer.context.close();
  });
});
