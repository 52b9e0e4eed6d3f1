import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpired } from '../../jobs/maintenance';
import { imageBlobs, images, users } from '../../db/schema';
import { assertRoomForUpload } from '../../src/images/image-storage';
import { storeImage } from '../../src/images/images.service';
import {
  IMAGE_MESSAGES,
  storageFullMessage,
  tooManyPixelsMessage,
  UNUSED_UPLOAD_DAYS,
} from '../../src/shared/image-rules';
import { DEMO_IMAGE_STORAGE, imageStorageLimits } from '../../src/shared/plans';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import { bearerCreator, solidPicture, twoHourThumbnailTest } from '../helpers/thumbnail-uploads';
import {
  claimedPng,
  costliestUpload,
  pngChunk,
  pngChunkTypes,
  withChunkBeforeEnd,
} from '../helpers/png-bytes';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Uploads that cannot take the service down, host files or fill the disk (issue 35; docs/images.md):
// a file's size in pixels is read from its header before a pixel is decoded; one account reads one
// image at a time and the process a few, the rest refused at once, so other users' reads keep
// their request slots; every stored image is re-encoded (nothing but the picture is kept or
// served); an account's uploads are bounded by its plan, and uploads no test uses are removed.

let testApp: TestApp;
const db = () => testApp.built.app.db;
const MEGABYTE = 1024 * 1024;

const upload = (authorization: string, bytes: Buffer, query = '') =>
  fetch(`${testApp.url}/api/images${query}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;
const served = async (url: string) => Buffer.from(await (await fetch(`${testApp.url}${url}`)).arrayBuffer());

beforeAll(async () => {
  testApp = await startTestApp();
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

describe('bounded work', () => {
  it('refuses a file that claims more pixels than a thumbnail needs from its header, storing nothing', async () => {
    const alex = await bearerCreator(testApp, 'sim-alex');
    const bomb = claimedPng(16_000, 6_000);
    expect(bomb.length).toBeLessThan(60_000);
    for (const query of ['', '?fit=letterbox', '?fit=crop']) {
      const response = await upload(alex.authorization, bomb, query);
      expect(response.status, query).toBe(400);
      expect(await errorOf(response)).toBe(tooManyPixelsMessage(16_000, 6_000));
    }
    expect(await db().select().from(images)).toEqual([]);
  });

  it('keeps other users’ reads answering while 20 hostile uploads arrive at once', async () => {
    // Three accounts (the demo's among them: it needs no Google account), seven uploads each at
    // once, of the costliest image an upload may be (8K of noise, read in full and fitted);
    // meanwhile another creator reads their account.
    const hostile = [
      await bearerCreator(testApp, 'sim-alex'),
      await bearerCreator(testApp, 'sim-sam'),
      { authorization: (await demoCreator(testApp)).authorization },
    ];
    const reader = await bearerCreator(testApp, 'sim-priya');
    const costly = await costliestUpload();
    const uploads = Promise.all(
      hostile.flatMap((creator, index) =>
        Array.from({ length: index < 2 ? 7 : 6 }, () => upload(creator.authorization, costly, '?fit=crop')),
      ),
    );
    let finished = false;
    void uploads.finally(() => (finished = true));
    const reads: number[] = [];
    do reads.push((await reader.get('/api/auth/me')).status);
    while (!finished);
    const statuses = (await uploads).map((response) => response.status);

    expect(new Set(reads)).toEqual(new Set([200]));
    // Each account had one upload read at a time; the others were refused at once (429).
    const stored = statuses.filter((status) => status === 201).length;
    expect(statuses).toHaveLength(20);
    expect(statuses.every((status) => status === 201 || status === 429)).toBe(true);
    expect(stored).toBeGreaterThanOrEqual(1);
    expect(stored).toBeLessThanOrEqual(Math.min(hostile.length * 2, 20));
    expect(statuses.filter((status) => status === 429).length).toBe(20 - stored);
  }, 600_000);
});

/**
 * An upload that announces `length` bytes and sends none yet: what the server answers before it has
 * read a byte of the body, or `open` while it waits for the body. `drop` closes the connection.
 */
function heldUpload(authorization: string, length: number) {
  const request = httpRequest(`${testApp.url}/api/images`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/octet-stream', 'content-length': length },
  });
  request.on('error', () => {});
  request.flushHeaders();
  const answer = new Promise<{ status: number; body: string }>((resolve) =>
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    }),
  );
  return { answer, drop: () => request.destroy() };
}

describe('one file at a time per account', () => {
  it('refuses a second upload before a byte of it is read while the first is coming in', async () => {
    const alex = await bearerCreator(testApp, 'sim-alex');
    // Two 40 MB uploads announced at once, no body sent: one is taken in (waits for its body), the
    // other is answered 429 at once, so the server never holds both bodies.
    const first = heldUpload(alex.authorization, 40 * MEGABYTE);
    const second = heldUpload(alex.authorization, 40 * MEGABYTE);
    const refused = await Promise.race([first.answer, second.answer]);
    expect(refused.status).toBe(429);
    expect((JSON.parse(refused.body) as { error: string }).error).toBe(IMAGE_MESSAGES.uploadInFlight);
    // Another account is not held up by it.
    const sam = await bearerCreator(testApp, 'sim-sam');
    expect((await upload(sam.authorization, await solidPicture({ r: 10, g: 90, b: 200 }))).status).toBe(201);
    // Once the waiting upload's connection drops, the account may upload again.
    first.drop();
    second.drop();
    const picture = await solidPicture({ r: 200, g: 40, b: 40 });
    await vi.waitFor(async () => expect((await upload(alex.authorization, picture)).status).toBe(201), {
      timeout: 30_000,
      interval: 50,
    });
  });
});

describe('nothing but the picture', () => {
  it('re-encodes every upload: no EXIF, comment, private chunk or trailing bytes is stored or served', async () => {
    const alex = await bearerCreator(testApp, 'sim-alex');
    const picture = sharp({ create: { width: 1280, height: 720, channels: 3, background: '#2a6' } });
    const withExif = await picture
      .clone()
      .withExif({ IFD0: { Artist: 'Jane Owner', Copyright: 'Jane Owner, 12 Rue Secrète' } })
      .jpeg()
      .toBuffer();
    const page = Buffer.from('<html><script>alert("hosted")</script></html>');
    const trailing = Buffer.concat([await picture.clone().jpeg().toBuffer(), page]);
    const payload = Buffer.alloc(200_000, 'PRIVATE-PAYLOAD ');
    const privatePng = withChunkBeforeEnd(
      withChunkBeforeEnd(await picture.clone().png().toBuffer(), pngChunk('prVt', payload)),
      pngChunk('tEXt', Buffer.from('Author\0Jane Owner')),
    );
    expect(pngChunkTypes(privatePng)).toContain('prVt');
    expect((await sharp(withExif).metadata()).exif).toBeDefined();

    for (const [what, bytes, query] of [
      ['EXIF with owner tags', withExif, ''],
      ['HTML after the JPEG', trailing, ''],
      ['a private PNG chunk and a text chunk', privatePng, ''],
      ['EXIF, fitted', withExif, '?fit=crop'],
    ] as const) {
      const response = await upload(alex.authorization, bytes, query);
      expect(response.status, what).toBe(201);
      const stored = await served(((await response.json()) as { url: string }).url);
      const text = stored.toString('latin1');
      for (const secret of ['Jane Owner', '<script>', 'PRIVATE-PAYLOAD', 'Exif'])
        expect(text.includes(secret), `${what}: ${secret}`).toBe(false);
      const metadata = await sharp(stored).metadata();
      expect(metadata, what).toMatchObject({ width: 1280, height: 720 });
      expect([metadata.exif, metadata.icc, metadata.xmp, metadata.comments], what).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      if (metadata.format === 'png') expect(pngChunkTypes(stored)).not.toContain('prVt');
      // The picture ends where the file ends: nothing after JPEG's end-of-image marker.
      if (metadata.format === 'jpeg') expect(stored.subarray(-2).toString('hex')).toBe('ffd9');
    }
  });
});

describe('storage', () => {
  it('bounds a demo sandbox’s uploads by count, and any account’s by bytes, storing nothing past it', async () => {
    const { authorization } = await demoCreator(testApp);
    const [demo] = await db().select().from(users).where(eq(users.isDemo, true));
    const already = (await db().select().from(images).where(eq(images.ownerUserId, demo!.id))).length;
    for (let index = already; index < DEMO_IMAGE_STORAGE.images; index += 1) {
      const response = await upload(authorization, await solidPicture({ r: index * 20, g: 80, b: 140 }));
      expect(response.status, await response.clone().text()).toBe(201);
    }
    const before = await db().select().from(images).where(eq(images.ownerUserId, demo!.id));
    expect(before).toHaveLength(DEMO_IMAGE_STORAGE.images);
    const refused = await upload(authorization, await solidPicture({ r: 250, g: 10, b: 10 }));
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe(storageFullMessage(DEMO_IMAGE_STORAGE));
    expect(await db().select().from(images).where(eq(images.ownerUserId, demo!.id))).toHaveLength(
      before.length,
    );

    // Bytes: a Free account with its megabytes nearly taken is refused the image that would pass them.
    const [alex] = await db().select().from(users).where(eq(users.email, 'alex.rivera@example.com'));
    const free = imageStorageLimits.free;
    await expect(assertRoomForUpload(db(), alex!, free.megabytes * MEGABYTE)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: storageFullMessage(free),
    });
    await expect(assertRoomForUpload(db(), alex!, MEGABYTE)).resolves.toBeUndefined();
  });

  it(`removes uploads no test uses ${UNUSED_UPLOAD_DAYS} days after their upload, keeping those a test shows`, async () => {
    const priya = await bearerCreator(testApp, 'sim-priya');
    const [owner] = await db().select().from(users).where(eq(users.email, 'priya.n@example.com'));
    const ids: string[] = [];
    for (const colour of [10, 90, 170]) {
      const response = await upload(priya.authorization, await solidPicture({ r: colour, g: 30, b: 200 }));
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    const created = await priya.post(
      '/api/tests',
      twoHourThumbnailTest(simulatedVideoId('sim-priya', 1), [ids[0]!]),
    );
    expect(created.status, await created.clone().text()).toBe(201);

    // A day short of the week: nothing goes.
    const ageAll = (days: number) =>
      db()
        .update(images)
        .set({ createdAt: new Date(testApp.clock.now().getTime() - days * 86_400_000) })
        .where(and(eq(images.ownerUserId, owner!.id), eq(images.source, 'upload')));
    await ageAll(UNUSED_UPLOAD_DAYS - 1);
    expect((await purgeExpired(testApp.built.app)).uploads).toBe(0);
    await ageAll(UNUSED_UPLOAD_DAYS + 1);
    expect((await purgeExpired(testApp.built.app)).uploads).toBe(2);
    const left = await db()
      .select({ id: images.id, source: images.source })
      .from(images)
      .where(eq(images.ownerUserId, owner!.id));
    expect(left.filter((image) => image.source === 'upload').map((image) => image.id)).toEqual([ids[0]]);
    expect(left.some((image) => image.source === 'youtube-original')).toBe(true);
    expect(
      await db()
        .select()
        .from(imageBlobs)
        .where(inArray(imageBlobs.imageId, ids.slice(1))),
    ).toEqual([]);
    expect((await fetch(`${testApp.url}/api/images/${ids[1]}/file`)).status).toBe(404);
  });
});

describe('uploads stored before re-encoding', () => {
  it('re-encodes them in the daily maintenance, leaving a running test’s images until it ends', async () => {
    // Two uploads as a deployment before migration 0022 holds them: the bytes as sent (HTML after
    // the JPEG), no hash of what was sent. One is Thumbnail 2 of a running test.
    const sam = await bearerCreator(testApp, 'sim-sam');
    const [owner] = await db().select().from(users).where(eq(users.email, 'sam.chen@example.com'));
    const page = Buffer.from('<html><script>alert("hosted")</script></html>');
    const legacy = async (background: string) => {
      const picture = await sharp({ create: { width: 1280, height: 720, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const bytes = Buffer.concat([picture, page]);
      const row = await storeImage(
        testApp.built.app,
        owner!.id,
        { bytes, contentType: 'image/jpeg', width: 1280, height: 720 },
        'upload',
      );
      return { id: row.id, sha256: row.sha256, url: `/api/images/${row.id}/file` };
    };
    const idle = await legacy('#36c');
    const inTest = await legacy('#c63');
    const created = await sam.post(
      '/api/tests',
      twoHourThumbnailTest(simulatedVideoId('sim-sam', 1), [inTest.id]),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    const { id: testId } = (await created.json()) as { id: string };
    const hosts = async (url: string) => (await served(url)).toString('latin1').includes('<script>');
    expect(await hosts(idle.url)).toBe(true);

    expect((await purgeExpired(testApp.built.app)).legacyReencoded).toBe(1);
    const idleBytes = await served(idle.url);
    expect(idleBytes.toString('latin1').includes('<script>')).toBe(false);
    expect(idleBytes.subarray(-2).toString('hex')).toBe('ffd9');
    expect(await sharp(idleBytes).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const [row] = await db().select().from(images).where(eq(images.id, idle.id));
    expect(row).toMatchObject({ receivedSha256: idle.sha256, byteSize: idleBytes.length });
    expect(row!.sha256).not.toBe(idle.sha256);
    // The running test's image is what it put on YouTube: kept as it is until the test ends.
    expect(await hosts(inTest.url)).toBe(true);
    expect((await purgeExpired(testApp.built.app)).legacyReencoded).toBe(0);

    expect((await sam.post(`/api/tests/${testId}/cancel`)).status).toBe(200);
    expect((await purgeExpired(testApp.built.app)).legacyReencoded).toBe(1);
    expect(await hosts(inTest.url)).toBe(false);
  });
});
