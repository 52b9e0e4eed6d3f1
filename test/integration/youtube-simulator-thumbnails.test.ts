import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_THUMBNAIL_BYTES } from '../../src/shared/image-rules';
import { createOAuthClient, youtubeApi } from '../../src/youtube/google-clients';
import { currentThumbnailBytes } from '../../src/youtube-simulator/thumbnail-store';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { originalLargestSize } from '../../src/youtube-simulator/video-resources';
import { findVideos, simulatedVideoId, titleHistories } from '../../src/youtube-simulator/video-store';
import { trafficOf } from '../../src/youtube-simulator/video-traffic';
import { pngOf } from '../helpers/png-bytes';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { control, signInDemo, simulatorUnitsToday } from '../helpers/youtube-gateway';

// thumbnails.set on the simulator, through the plain googleapis client: YouTube's limits and
// errors, the image served back byte for byte, and each image's ground truth.

let testApp: TestApp;
let youtube: ReturnType<typeof youtubeApi>;
let accessToken: string;
const app = () => testApp.built.app;
const demoVideo = (index: number) => simulatedVideoId('sim-demo', index);

/** A valid 16×9 RGB PNG of one colour. */
function png(red: number): Buffer {
  const [width, height] = [16, 9];
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, 40, 90]).flat()),
  ]);
  return pngOf(width, height, Buffer.concat(Array.from({ length: height }, () => row)));
}

/** The head of a baseline JPEG (SOI, JFIF APP0, SOF0 of 1280×720) padded to `size` bytes, then EOI. */
function jpeg(size = 200, tag = 1): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof0 = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 8, 0x02, 0xd0, 0x05, 0x00, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
  ]);
  const head = Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof0]);
  const padding = Buffer.alloc(Math.max(0, size - head.length - 2), tag);
  return Buffer.concat([head, padding, Buffer.from([0xff, 0xd9])]);
}
const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(40, 7)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function googleError(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (caught: unknown) => caught,
  )) as {
    response?: { status: number; data: { error: { errors: Array<{ reason: string; domain: string }> } } };
  } | null;
  if (!error?.response) throw new Error('expected Google to refuse the request');
  return { status: error.response.status, ...error.response.data.error.errors[0]! };
}

/**
 * googleapis builds a media upload's URL from the call's own options, not the service's: without
 * `rootUrl` here the upload would go to youtube.googleapis.com whatever the client was made with.
 */
const setThumbnail = (videoId: string, body: Buffer, mimeType = 'image/jpeg') =>
  youtube.thumbnails.set(
    { videoId, media: { mimeType, body: Readable.from([body]) } },
    { rootUrl: app().config.google.endpoints.youtubeRootUrl },
  );

async function servedThumbnail(videoId: string, size: 'maxres' | 'high') {
  const listed = await youtube.videos.list({ part: ['snippet'], id: [videoId] });
  const url = listed.data.items![0]!.snippet!.thumbnails![size]!.url!;
  const response = await fetch(url);
  return {
    url,
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

beforeAll(async () => {
  testApp = await startTestApp();
});
beforeEach(async () => {
  const { connection } = await signInDemo(testApp);
  accessToken = app().cipher.decrypt(connection.accessTokenEncrypted!);
  const auth = createOAuthClient(app().config, {
    access_token: accessToken,
    expiry_date: Date.now() + 3_000_000,
  });
  youtube = youtubeApi(app().config, auth);
});
afterAll(async () => {
  await testApp.close();
});

describe('thumbnails.set', () => {
  it('sets a JPEG for 50 units and serves it back byte for byte at the URLs videos.list gives', async () => {
    const id = demoVideo(2);
    const before = await servedThumbnail(id, 'maxres');
    expect(before.url).toMatch(/\/maxres\.jpg$/);
    const image = jpeg(5_000);
    const used = await simulatorUnitsToday(testApp);
    const response = await setThumbnail(id, image);
    expect(await simulatorUnitsToday(testApp)).toBe(used + 50);
    expect(response.data.kind).toBe('youtube#thumbnailSetResponse');
    expect(response.data.items![0]!.maxres!.url).toMatch(/\/maxres\.jpg\?v=/);
    for (const size of ['maxres', 'high'] as const) {
      const served = await servedThumbnail(id, size);
      expect(served.url).toBe(response.data.items![0]![size]!.url);
      expect(served).toMatchObject({ status: 200, type: 'image/jpeg' });
      expect(served.bytes.equals(image)).toBe(true);
    }
  });

  it('recognises a PNG by its bytes whatever type is declared, and the newest image is the one served', async () => {
    const id = demoVideo(3);
    await setThumbnail(id, jpeg(300));
    const image = png(200);
    await setThumbnail(id, image, 'application/octet-stream');
    const served = await servedThumbnail(id, 'maxres');
    expect(served.url).toMatch(/\/maxres\.png\?v=/);
    expect(served).toMatchObject({ status: 200, type: 'image/png' });
    expect(served.bytes.equals(image)).toBe(true);
    // The old image's address no longer answers.
    expect((await fetch(served.url.replace('.png', '.jpg'))).status).toBe(404);
  });

  it('refuses a GIF or garbage by content (400 invalidImage), charging 50 units and changing nothing', async () => {
    const id = demoVideo(4);
    const used = await simulatorUnitsToday(testApp);
    expect(await googleError(setThumbnail(id, gif, 'image/jpeg'))).toMatchObject({
      status: 400,
      reason: 'invalidImage',
    });
    expect(
      await googleError(setThumbnail(id, Buffer.from('not an image at all'), 'image/png')),
    ).toMatchObject({
      status: 400,
      reason: 'invalidImage',
    });
    expect(await simulatorUnitsToday(testApp)).toBe(used + 100);
    expect((await servedThumbnail(id, 'maxres')).url).toMatch(/\/maxres\.jpg$/);
  });

  it('refuses an image over 50 MB (413) and takes one of exactly 50 MB, YouTube’s limit since 14 September 2026', async () => {
    const id = demoVideo(5);
    expect(MAX_THUMBNAIL_BYTES).toBe(50 * 1024 * 1024);
    expect(await googleError(setThumbnail(id, jpeg(MAX_THUMBNAIL_BYTES + 1)))).toMatchObject({
      status: 413,
      reason: 'uploadTooLarge',
    });
    expect((await servedThumbnail(id, 'maxres')).url).toMatch(/\/maxres\.jpg$/);
    const largest = jpeg(MAX_THUMBNAIL_BYTES);
    await setThumbnail(id, largest);
    expect((await servedThumbnail(id, 'maxres')).bytes.equals(largest)).toBe(true);
  });

  it('takes the image from a multipart/related upload too, and wants a body (400 mediaBodyRequired)', async () => {
    const id = demoVideo(0);
    const upload = (uploadType: string, contentType: string, body: Buffer) =>
      fetch(
        `${app().config.google.endpoints.youtubeRootUrl.replace(/\/$/, '')}/upload/youtube/v3/thumbnails/set?videoId=${id}&uploadType=${uploadType}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': contentType },
          body: new Uint8Array(body),
        },
      );
    const image = png(99);
    const multipart = Buffer.concat([
      Buffer.from(
        '--b0\r\nContent-Type: application/json\r\n\r\n{}\r\n--b0\r\nContent-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from('\r\n--b0--'),
    ]);
    expect((await upload('multipart', 'multipart/related; boundary=b0', multipart)).status).toBe(200);
    expect((await servedThumbnail(id, 'high')).bytes.equals(image)).toBe(true);
    const empty = await upload('media', 'image/png', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(
      ((await empty.json()) as { error: { errors: Array<{ reason: string }> } }).error.errors[0]!.reason,
    ).toBe('mediaBodyRequired');
  });

  it('answers 404 videoNotFound for an unknown video and 403 forbidden for another channel’s', async () => {
    expect(await googleError(setThumbnail('noSuchVideo', jpeg()))).toMatchObject({
      status: 404,
      reason: 'videoNotFound',
    });
    expect(await googleError(setThumbnail(simulatedVideoId('sim-alex', 0), jpeg()))).toMatchObject({
      status: 403,
      reason: 'forbidden',
    });
  });

  it('answers 403 forbidden to a channel that may not set custom thumbnails, until it may', async () => {
    const id = demoVideo(6);
    expect(
      await control(testApp, 'POST', '/accounts/sim-demo/custom-thumbnails', { allowed: false }),
    ).toMatchObject({ status: 200 });
    try {
      expect(await googleError(setThumbnail(id, jpeg()))).toMatchObject({ status: 403, reason: 'forbidden' });
      expect((await servedThumbnail(id, 'maxres')).url).toMatch(/\/maxres\.jpg$/);
    } finally {
      await control(testApp, 'POST', '/accounts/sim-demo/custom-thumbnails', { allowed: true });
    }
    await setThumbnail(id, jpeg());
    expect((await servedThumbnail(id, 'maxres')).url).toMatch(/\.jpg\?v=/);
  });

  it('answers 403 quotaExceeded when the day cannot cover its 50 units', async () => {
    const used = await simulatorUnitsToday(testApp);
    await control(testApp, 'POST', '/quota', { dailyQuota: used + 49 });
    try {
      expect(await googleError(setThumbnail(demoVideo(7), jpeg()))).toMatchObject({
        status: 403,
        reason: 'quotaExceeded',
        domain: 'youtube.quota',
      });
      expect(await simulatorUnitsToday(testApp)).toBe(used);
    } finally {
      await control(testApp, 'POST', '/quota', { dailyQuota: 10_000 });
    }
  });
});

describe('the sizes a custom thumbnail is listed at', () => {
  it('follow the image set: up to uhd for 3840 × 2160, back to maxres for 1280 × 720', async () => {
    const id = demoVideo(6);
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#c63' } });
    const large = await picture(3840, 2160).png().toBuffer();
    const set = await setThumbnail(id, large, 'image/png');
    const answered = set.data.items![0]! as Record<string, { url: string; width: number }>;
    expect(Object.keys(answered)).toEqual([
      'default',
      'medium',
      'high',
      'standard',
      'maxres',
      'fhd',
      'qhd',
      'uhd',
    ]);
    expect(answered.uhd!.url).toMatch(new RegExp(`/vi/${id}/uhd\\.png\\?v=`));
    const listed = await listedSizes(id);
    expect(listed.uhd!.url).toBe(answered.uhd!.url);
    expect(Buffer.from(await (await fetch(listed.uhd!.url)).arrayBuffer()).equals(large)).toBe(true);

    await setThumbnail(id, await picture(2560, 1440).jpeg().toBuffer());
    expect(Object.keys(await listedSizes(id)).at(-1)).toBe('qhd');
    await setThumbnail(id, await picture(1280, 720).jpeg().toBuffer());
    expect(Object.keys(await listedSizes(id))).toEqual(['default', 'medium', 'high', 'standard', 'maxres']);
  });
});

describe("a thumbnail's ground truth", () => {
  it('derives a CTR multiplier from the bytes, which the control API can override', async () => {
    const id = demoVideo(1);
    const image = png(17);
    const setAt = testApp.clock.now();
    await setThumbnail(id, image, 'image/png');
    const truth = await control(testApp, 'GET', `/videos/${id}/truth`);
    const [change] = truth.body.thumbnails as Array<{
      sha256: string;
      ctrMultiplier: number;
      overridden: boolean;
    }>;
    expect(change).toMatchObject({ sha256: sha256(image), overridden: false });
    expect(change!.ctrMultiplier).toBeGreaterThanOrEqual(0.7);
    expect(change!.ctrMultiplier).toBeLessThanOrEqual(1.3);

    const [video] = await findVideos(app().db, [id]);
    const clicksAfter = async () => {
      const history = (await titleHistories(app().db, [id])).get(id)!;
      const from = new Date(setAt.getTime() + 3_600_000);
      return trafficOf(video!, history, from, new Date(from.getTime() + 6 * 3_600_000));
    };
    const derived = await clicksAfter();
    expect(
      await control(testApp, 'POST', `/videos/${id}/thumbnails/${sha256(image)}/truth`, {
        ctrMultiplier: 1.5,
      }),
    ).toMatchObject({ status: 200 });
    const overridden = await clicksAfter();
    expect(overridden.impressions).toBe(derived.impressions);
    expect(overridden.clicks / derived.clicks).toBeCloseTo(1.5 / change!.ctrMultiplier, 10);
    const after = await control(testApp, 'GET', `/videos/${id}/truth`);
    expect((after.body.thumbnails as unknown[])[0]).toMatchObject({ ctrMultiplier: 1.5, overridden: true });

    await control(testApp, 'POST', `/videos/${id}/thumbnails/${sha256(image)}/truth`, {
      ctrMultiplier: null,
    });
    expect((await clicksAfter()).clicks).toBe(derived.clicks);
  });
});

/** snippet.thumbnails as videos.list answers it, fhd, qhd and uhd included (googleapis does not type them). */
async function listedSizes(videoId: string) {
  const listed = await youtube.videos.list({ part: ['snippet'], id: [videoId] });
  return listed.data.items![0]!.snippet!.thumbnails! as Record<
    string,
    { url: string; width: number; height: number }
  >;
}

/** A catalog video still showing its original, which YouTube lists up to `size`. */
async function videoShowingOriginalUpTo(size: ReturnType<typeof originalLargestSize>): Promise<string> {
  const ids = Object.entries(videoCatalog).flatMap(([accountId, videos]) =>
    videos.map((_, index) => simulatedVideoId(accountId, index)),
  );
  for (const id of ids) {
    if (originalLargestSize(id) === size && !(await currentThumbnailBytes(app().db, id))) return id;
  }
  throw new Error(`no video left showing an original listed up to ${size}`);
}

describe('the original thumbnail', () => {
  it('is a JPEG at each size’s dimensions, the same bytes every time, with the SVG design beside it', async () => {
    const id = await videoShowingOriginalUpTo('uhd');
    const sizes = await listedSizes(id);
    // Since 11 September 2026 some videos list fhd, qhd and uhd beside the five sizes.
    expect(Object.keys(sizes)).toEqual([
      'default',
      'medium',
      'high',
      'standard',
      'maxres',
      'fhd',
      'qhd',
      'uhd',
    ]);
    expect(sizes.uhd).toMatchObject({ width: 3840, height: 2160 });
    for (const size of Object.keys(sizes)) {
      const { url, width, height } = sizes[size]!;
      expect(url).toMatch(new RegExp(`/vi/${id}/${size}\\.jpg$`));
      const first = await fetch(url);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width, height });
      const again = Buffer.from(await (await fetch(url)).arrayBuffer());
      expect(again.equals(bytes)).toBe(true);
    }
    const svg = await fetch(sizes.maxres!.url.replace(/\.jpg$/, '.svg'));
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('<svg');
    // A video showing its original has no PNG.
    expect((await fetch(sizes.maxres!.url.replace(/\.jpg$/, '.png'))).status).toBe(404);
  });

  it('is listed and served only at the sizes the video has: most stop at maxres', async () => {
    const id = await videoShowingOriginalUpTo('maxres');
    const sizes = await listedSizes(id);
    expect(Object.keys(sizes)).toEqual(['default', 'medium', 'high', 'standard', 'maxres']);
    expect((await fetch(sizes.maxres!.url.replace('maxres', 'uhd'))).status).toBe(404);
    expect((await fetch(sizes.maxres!.url.replace('maxres', 'fhd'))).status).toBe(404);
  });

  it('can be fetched and put back through thumbnails.set, then served byte for byte', async () => {
    const id = demoVideo(7);
    const original = await servedThumbnail(id, 'maxres');
    expect(original).toMatchObject({ status: 200, type: 'image/jpeg' });
    await setThumbnail(id, png(60), 'image/png');
    expect((await servedThumbnail(id, 'maxres')).bytes.equals(original.bytes)).toBe(false);
    const restored = await setThumbnail(id, original.bytes);
    expect(restored.data.items![0]!.maxres!.url).toMatch(/\/maxres\.jpg\?v=/);
    expect((await servedThumbnail(id, 'maxres')).bytes.equals(original.bytes)).toBe(true);
    // Set back, the original keeps its ground truth: no effect on click-through.
    const truth = await control(testApp, 'GET', `/videos/${id}/truth`);
    const changes = truth.body.thumbnails as Array<{
      sha256: string;
      ctrMultiplier: number;
      overridden: boolean;
    }>;
    expect(changes.at(-1)).toEqual(
      expect.objectContaining({ sha256: sha256(original.bytes), ctrMultiplier: 1, overridden: false }),
    );
    expect(changes.at(-2)!.ctrMultiplier).not.toBe(1);
  });
});

describe("channels.list's status", () => {
  it("says longUploadsStatus 'allowed' while the channel may set custom thumbnails, 'eligible' otherwise", async () => {
    const status = async () => {
      const listed = await youtube.channels.list({ part: ['status', 'contentDetails'], mine: true });
      const channel = listed.data.items![0]!;
      expect(channel.contentDetails?.relatedPlaylists?.uploads).toBeTruthy();
      return channel.status?.longUploadsStatus;
    };
    expect(await status()).toBe('allowed');
    await control(testApp, 'POST', '/accounts/sim-demo/custom-thumbnails', { allowed: false });
    try {
      expect(await status()).toBe('eligible');
    } finally {
      await control(testApp, 'POST', '/accounts/sim-demo/custom-thumbnails', { allowed: true });
    }
    expect(await status()).toBe('allowed');
  });
});
