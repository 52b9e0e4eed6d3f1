import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THUMBNAIL_SHAPES } from '../../src/shared/image-rules';
import { SHORTS_NOTES } from '../../src/shared/video-format';
import { setThumbnailTruth } from '../../src/youtube-simulator/thumbnail-store';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import type { TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';
import { withAppAndBrowser } from './support/app-and-browser';
import { createFromDialog } from './support/create-dialog';
import { openPage } from './support/browser';
import { localInputValue } from './support/sign-in';
import { lookAtBothSizes } from './support/look';
import { chooseOption } from './support/select';

// Issue 37: a creator picks a Short (marked in the picker), is told where a Short's title and
// thumbnail are seen, uploads a 9:16 image and fits a landscape one to 9:16, sees them on a Shorts
// shelf and in search at both widths, creates the test, and reads its verdict once the real jobs
// have run it on the simulator's clock.

let app: TestApp;
let browser: Browser;

withAppAndBrowser((started) => ({ app, browser } = started));

const files = { dir: '', vertical: '', landscape: '' };
const shortTitle = videoCatalog['sim-sam']!.find(
  (video) => (video.frameHeight ?? 0) > (video.frameWidth ?? 0),
)!.title;

beforeAll(async () => {
  files.dir = await mkdtemp(join(tmpdir(), 'titlewise-shorts-'));
  files.vertical = join(files.dir, 'crispy-1080x1920.jpg');
  files.landscape = join(files.dir, 'wide-1280x720.jpg');
  const solid = (width: number, height: number, background: string) =>
    sharp({ create: { width, height, channels: 3, background } });
  await Promise.all([
    solid(1080, 1920, '#f4a261').jpeg().toFile(files.vertical),
    solid(1280, 720, '#2a9d8f').jpeg().toFile(files.landscape),
  ]);
});

afterAll(async () => {
  if (files.dir) await rm(files.dir, { recursive: true, force: true });
});

async function upload(dialog: Locator, n: number, file: string, settles: 'ready' | 'refused') {
  const slot = dialog.getByTestId(`thumbnail-slot-${n}`);
  await dialog.getByTestId(`thumbnail-input-${n}`).setInputFiles(file);
  await expect.poll(() => slot.getAttribute('data-state')).toBe(settles);
  return slot;
}

describe('a Short’s thumbnail test', () => {
  it('is made for a Short in the dialog and read to its verdict', async () => {
    const creator = await openPage(browser, app.url);
    const { page } = creator;
    await page.goto('/login');
    await page.getByRole('button', { name: 'Connect with Google' }).click();
    await page.getByRole('button', { name: /Sam Chen/ }).click();
    await page.waitForURL(`${app.url}/dashboard`);

    await page.getByRole('button', { name: 'Create Test' }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Create .*Test$/ });
    const videos = dialog.getByRole('group', { name: 'Recent videos' }).getByRole('button');
    const short = videos.filter({ hasText: shortTitle });
    // The picker marks the Short, and only it.
    await short.getByText('Short', { exact: true }).waitFor();
    expect(
      await dialog.getByRole('group', { name: 'Recent videos' }).getByText('Short', { exact: true }).count(),
    ).toBe(1);
    await short.click();
    const note = dialog.getByTestId('shorts-note');
    await note.getByText(SHORTS_NOTES.whereSeen).waitFor();
    await note.getByText(SHORTS_NOTES.diluted).waitFor();

    await dialog.getByTestId('test-kind').getByText('Thumbnails', { exact: true }).click();
    await dialog.getByText(/9:16/).first().waitFor();
    const vertical = await upload(dialog, 2, files.vertical, 'ready');
    await vertical.getByText(/crispy-1080x1920\.jpg · 1080 × 1920/).waitFor();
    // A landscape image is not a Short's shape: refused with the offer to fit it to 9:16.
    const wide = await upload(dialog, 3, files.landscape, 'refused');
    await wide.getByText(THUMBNAIL_SHAPES.short.wrongShape, { exact: false }).waitFor();
    await dialog.getByTestId('thumbnail-fit-crop-3').click();
    await expect.poll(() => wide.getAttribute('data-state')).toBe('ready');
    await wide.getByText(/wide-1280x720\.jpg · 1080 × 1920/).waitFor();

    // The preview shows each image on a Shorts shelf and in search, at both widths.
    const preview = dialog.getByTestId('variant-preview');
    await expect.poll(() => preview.getByTestId('preview-shorts-card').count()).toBe(3);
    expect(await preview.getByTestId('preview-feed-card').count()).toBe(0);
    await preview.getByText('Shorts shelf').first().waitFor();
    await lookAtBothSizes(page, 'shorts-thumbnail-dialog');

    // Views every 2 hours for five days; the Short's first test reads it for a day or two first.
    await chooseOption(page, dialog.getByLabel('Winner Determination'), 'Highest views');
    await chooseOption(page, dialog.getByLabel('Rotation Interval'), 'Every 2 hours');
    const start = new Date(await dialog.getByLabel('Start').inputValue());
    await dialog.getByLabel('End').fill(localInputValue(new Date(start.getTime() + 5 * 86_400_000)));
    await createFromDialog(dialog);

    // The vertical image draws far more clicks where thumbnails are seen.
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const tests = (await (await fetch(`${app.url}/api/tests`, { headers: { cookie } })).json()) as Array<{
      videoId: string;
      videoFormat: string;
      thumbnails: string[];
    }>;
    const made = tests.find((test) => test.videoFormat === 'short')!;
    expect(made).toBeDefined();
    const imageId = made.thumbnails[1]!.split('/').at(-2)!;
    const [image] = await app.built.app.db.query.images.findMany({
      where: (row, { eq }) => eq(row.id, imageId),
    });
    await setThumbnailTruth(app.built.app.db, made.videoId, image!.sha256, 2);
    await runFor(app, 6 * 24 + 2);

    await page.reload();
    const card = page.getByRole('article', { name: `Test: ${shortTitle}` });
    await card.getByRole('button', { expanded: false }).first().click();
    const verdict = card.getByRole('region', { name: 'Which thumbnail is winning' });
    await verdict
      .getByText(/^(Winner|Performed the same|Inconclusive)$/)
      .first()
      .waitFor();
    await lookAtBothSizes(page, 'shorts-thumbnail-verdict');
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });
});
