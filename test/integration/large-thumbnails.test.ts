import { createHash, randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelConnections, imageBlobs, images, simThumbnails, titleTests, users } from '../../db/schema';
import { IMAGE_MESSAGES, MAX_UPLOAD_BYTES } from '../../src/shared/image-rules';
import { readSnippet } from '../../src/youtube/gateway';
import { simulatedAccounts } from '../../src/youtube-simulator/accounts';
import { currentThumbnailBytes } from '../../src/youtube-simulator/thumbnail-store';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { originalLargestSize } from '../../src/youtube-simulator/video-resources';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { firstWindowStart } from '../helpers/planned-windows';
import { bearerCreator, solidPicture, twoHourThumbnailTest, uploadImage } from '../helpers/thumbnail-uploads';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, runDueWork } from '../helpers/title-test-driver';
import { simulatorOrigin } from '../helpers/youtube-gateway';

// YouTube's changes of September 2026 (docs/youtube.md#custom-thumbnails, docs/images.md): a
// custom thumbnail may weigh 50 MB (2 MB before), and snippet.thumbnails lists fhd, qhd and uhd
// for some videos. Through the real server, jobs and simulator: a 30 MB PNG uploads, is stored
// re-encoded and goes live through thumbnails.set; a file over 50 MB is refused; and a video
// whose thumbnails go up to uhd has its 3840 × 2160 original kept and put back byte for byte.

let testApp: TestApp;
const db = () => testApp.built.app.db;
const MEGABYTE = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  testApp = await startTestApp();
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

/** A 16:9 PNG of random pixels, which does not compress: about 30 MB. Returns the pixels too. */
async function noisePng(): Promise<{ png: Buffer; pixels: Buffer; width: number; height: number }> {
  const [width, height] = [4224, 2376];
  const pixels = randomBytes(width * height * 3);
  const png = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, pixels, width, height };
}

const rawUpload = (authorization: string, body: Buffer | ReadableStream<Uint8Array>) =>
  fetch(`${testApp.url}/api/images`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'image/png' },
    body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
    ...(Buffer.isBuffer(body) ? {} : { duplex: 'half' }),
  });

const storedCounts = async () => {
  const [rows] = await db().select({ n: count() }).from(images);
  const [blobs] = await db().select({ n: count() }).from(imageBlobs);
  return { images: rows!.n, blobs: blobs!.n };
};

async function testRow(id: string) {
  const [row] = await db().select().from(titleTests).where(eq(titleTests.id, id));
  return row!;
}

/** Moves through the test's calibration lead-in, then hour by hour until `wanted` is the video's live image. */
async function untilLive(testId: string, videoId: string, wanted: string): Promise<void> {
  const switching = (await firstWindowStart(testApp, testId)).getTime();
  expect((await fastForwardTo(testApp, new Date(switching - 60_000))).failures).toEqual([]);
  for (let hour = 0; hour < 8; hour += 1) {
    const live = await currentThumbnailBytes(db(), videoId);
    if (live && sha256(live.bytes) === wanted) return;
    const run = await fastForwardTo(testApp, new Date(testApp.clock.now().getTime() + 3_600_000));
    expect(run.failures).toEqual([]);
  }
  throw new Error(`image ${wanted} never went live on ${videoId}`);
}

/** The channel connection Titlewise holds for a simulated account's channel. */
async function connectionOf(accountId: string) {
  const { channelId } = simulatedAccounts.find((simulated) => simulated.id === accountId)!;
  const [connection] = await db()
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.youtubeChannelId, channelId));
  return connection!;
}

async function cancel(creator: { post(path: string): Promise<Response> }, testId: string) {
  expect((await creator.post(`/api/tests/${testId}/cancel`)).status).toBe(200);
  expect(await runDueWork(testApp)).toEqual([]);
  expect((await testRow(testId)).status).toBe('cancelled');
}

describe('a 50 MB thumbnail limit', () => {
  it('takes a 30 MB PNG over REST, stores it re-encoded, and a thumbnail test puts it live through thumbnails.set', async () => {
    const creator = await bearerCreator(testApp, 'sim-alex');
    // A plan whose storage holds several such images (Free's 30 MB holds one at most).
    await db()
      .update(users)
      .set({ subscriptionTier: 'pro' })
      .where(eq(users.email, 'alex.rivera@example.com'));
    const { png, pixels, width, height } = await noisePng();
    expect(png.length).toBeGreaterThan(28 * MEGABYTE);
    expect(png.length).toBeLessThan(MAX_UPLOAD_BYTES);

    const uploaded = await uploadImage(testApp, creator, png);
    // Re-encoded: other bytes than those sent, the same picture, and about as big (noise does not compress).
    const [row] = await db().select().from(images).where(eq(images.id, uploaded.id));
    expect(row).toMatchObject({ source: 'upload', contentType: 'image/png', width, height });
    expect(row!.receivedSha256).toBe(sha256(png));
    expect(row!.sha256).toBe(uploaded.sha256);
    expect(uploaded.sha256).not.toBe(sha256(png));
    expect(row!.byteSize).toBe(uploaded.stored.length);
    expect(row!.byteSize).toBeGreaterThan(28 * MEGABYTE);
    expect((await sharp(uploaded.stored).raw().toBuffer()).equals(pixels)).toBe(true);

    const videoId = simulatedVideoId('sim-alex', 1);
    const created = await creator.post('/api/tests', twoHourThumbnailTest(videoId, [uploaded.id]));
    const body = (await created.json()) as { id: string; error?: string };
    expect(created.status, body.error).toBe(201);
    await untilLive(body.id, videoId, uploaded.sha256);

    // The simulator received the stored image through thumbnails.set, once, and serves it as is.
    const received = await db().select().from(simThumbnails).where(eq(simThumbnails.videoId, videoId));
    expect(received.filter((image) => image.sha256 === uploaded.sha256)).toHaveLength(1);
    const live = await currentThumbnailBytes(db(), videoId);
    expect(live).toMatchObject({ mimeType: 'image/png' });
    expect(live!.bytes.equals(uploaded.stored)).toBe(true);
    // An image of 3840 × 2160 or more is listed up to uhd, where the engine read the whole 30 MB
    // back to confirm the switch.
    const { thumbnailUrl } = await readSnippet(testApp.built.app, await connectionOf('sim-alex'), videoId);
    expect(thumbnailUrl).toMatch(new RegExp(`/vi/${videoId}/uhd\\.png\\?v=`));
    expect((await testRow(body.id)).liveThumbnailSha256).toBe(uploaded.sha256);
    await cancel(creator, body.id);
  }, 600_000);

  it('refuses a file over 50 MB with 413, storing nothing, whether its length is declared or not', async () => {
    const creator = await bearerCreator(testApp, 'sim-priya');
    // A real PNG with bytes after its end, one byte over the limit.
    const picture = await solidPicture({ r: 10, g: 120, b: 200 }, 'png');
    const over = Buffer.concat([picture, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - picture.length, 7)]);
    const before = await storedCounts();

    const declared = await rawUpload(creator.authorization, over);
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as { error: string }).error).toBe(IMAGE_MESSAGES.tooLargeToUpload);
    expect(IMAGE_MESSAGES.tooLargeToUpload).toContain('50 MB');

    // Sent in chunks with no Content-Length: cut off as it arrives.
    const chunk = 4 * MEGABYTE;
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < over.length; offset += chunk)
          controller.enqueue(new Uint8Array(over.subarray(offset, offset + chunk)));
        controller.close();
      },
    });
    const chunked = await rawUpload(creator.authorization, streamed);
    expect(chunked.status).toBe(413);
    expect(await storedCounts()).toEqual(before);
  }, 600_000);
});

describe('thumbnails up to uhd (3840 × 2160)', () => {
  it('keeps a video’s 4K original as YouTube served it and puts it back byte for byte on Cancel', async () => {
    // A video of a creator's channel whose thumbnails YouTube lists up to uhd.
    const [account, index] = ['sim-alex', 'sim-sam', 'sim-priya']
      .flatMap((id) => (videoCatalog[id] ?? []).map((_, at) => [id, at] as const))
      .find(([id, at]) => originalLargestSize(simulatedVideoId(id, at)) === 'uhd')!;
    const videoId = simulatedVideoId(account, index);
    const creator = await bearerCreator(testApp, account);
    const connection = await connectionOf(account);

    // What Titlewise reads: the uhd size, served as a 3840 × 2160 JPEG.
    const before = await readSnippet(testApp.built.app, connection, videoId);
    expect(before.thumbnailUrl).toBe(`${simulatorOrigin(testApp)}/vi/${videoId}/uhd.jpg`);
    const original = Buffer.from(await (await fetch(before.thumbnailUrl!)).arrayBuffer());
    expect(await sharp(original).metadata()).toMatchObject({ format: 'jpeg', width: 3840, height: 2160 });

    const uploaded = await uploadImage(testApp, creator, await solidPicture({ r: 200, g: 90, b: 30 }));
    const created = await creator.post('/api/tests', twoHourThumbnailTest(videoId, [uploaded.id]));
    const body = (await created.json()) as { id: string; error?: string };
    expect(created.status, body.error).toBe(201);
    const [kept] = await db()
      .select()
      .from(images)
      .where(eq(images.id, (await testRow(body.id)).originalThumbnailImageId!));
    expect(kept).toMatchObject({
      source: 'youtube-original',
      contentType: 'image/jpeg',
      width: 3840,
      height: 2160,
    });
    const keptBytes = Buffer.from(
      await (await fetch(`${testApp.url}/api/images/${kept!.id}/file`)).arrayBuffer(),
    );
    expect(keptBytes.equals(original)).toBe(true);

    await untilLive(body.id, videoId, uploaded.sha256);
    // A 1280 × 720 image live: YouTube lists no size larger than it.
    expect((await readSnippet(testApp.built.app, connection, videoId)).thumbnailUrl).toMatch(
      new RegExp(`/vi/${videoId}/maxres\\.jpg\\?v=`),
    );

    await cancel(creator, body.id);
    const cancelled = await testRow(body.id);
    expect(cancelled.appliedThumbnailImageId).toBe(cancelled.originalThumbnailImageId);
    // The 4K original is back, byte for byte, and listed (and served) at uhd again.
    expect((await currentThumbnailBytes(db(), videoId))!.bytes.equals(original)).toBe(true);
    const after = await readSnippet(testApp.built.app, connection, videoId);
    expect(after.thumbnailUrl).toMatch(new RegExp(`/vi/${videoId}/uhd\\.jpg\\?v=`));
    expect(Buffer.from(await (await fetch(after.thumbnailUrl!)).arrayBuffer()).equals(original)).toBe(true);
  }, 600_000);
});
