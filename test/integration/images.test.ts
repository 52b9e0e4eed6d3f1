import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBlobs, images, teamMembers, users } from '../../db/schema';
import { createSession } from '../../src/auth/session.service';
import { imageBytes, storeImage } from '../../src/images/images.service';
import { withTx } from '../../src/context/service-context';
import {
  IMAGE_MESSAGES,
  MAX_THUMBNAIL_BYTES,
  MAX_UPLOAD_BYTES,
  imageFilePath,
  softFitWarning,
} from '../../src/shared/image-rules';
import { googleSessionToken } from '../helpers/creators';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Image uploads for thumbnail tests (docs/images.md), over real HTTP against real PostgreSQL:
// checked by content as YouTube checks a thumbnail, refused with why (storing nothing), fitted on
// request, read back by their owner only, and served by id.

let testApp: TestApp;
let alexToken = '';
let samToken = '';

interface Uploaded {
  id: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  sha256: string;
  url: string;
  fitted: 'crop' | 'letterbox' | null;
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } });
/** Noise does not compress: a 1280 × 720 PNG of it is over 2 MB, YouTube's limit until September 2026. */
const noise = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 80 },
    },
  });

/** The raw REST upload, as `curl --data-binary @file` sends it. */
const rawUpload = (token: string, body: Buffer, contentType = 'application/octet-stream', query = '') =>
  fetch(`${testApp.url}/api/images${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
/** The tRPC upload, as the web app sends it (superjson's `{ json }` envelope). */
const trpcUpload = (token: string, input: { contentBase64: string; fit?: string }) =>
  fetch(`${testApp.url}/trpc/images.upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
const rowCounts = async () => {
  const db = testApp.built.app.db;
  const [rows] = await db.select({ n: count() }).from(images);
  const [blobs] = await db.select({ n: count() }).from(imageBlobs);
  return { images: rows!.n, blobs: blobs!.n };
};
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

beforeAll(async () => {
  testApp = await startTestApp();
  alexToken = await googleSessionToken(testApp, 'sim-alex');
  samToken = await googleSessionToken(testApp, 'sim-sam');
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

describe('image uploads', () => {
  it('stores a PNG sent raw over REST, re-encoded, and serves the stored bytes', async () => {
    const png = await solid(1280, 720).png().toBuffer();
    const response = await rawUpload(alexToken, png, 'image/png');
    expect(response.status).toBe(201);
    const image = (await response.json()) as Uploaded;
    expect(image).toMatchObject({
      contentType: 'image/png',
      width: 1280,
      height: 720,
      url: imageFilePath(image.id),
      fitted: null,
    });
    const file = await fetch(`${testApp.url}${image.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('immutable');
    // Other origins (a webmail client showing a report e-mail) may show it: decision 0035.
    expect(file.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.length).toBe(image.byteSize);
    expect(image.sha256).toBe(createHash('sha256').update(served).digest('hex'));
    expect(await sharp(served).metadata()).toMatchObject({ format: 'png', width: 1280, height: 720 });
  });

  it('stores a JPEG sent as base64 over tRPC', async () => {
    const jpeg = await solid(1920, 1080).jpeg().toBuffer();
    const response = await trpcUpload(alexToken, { contentBase64: jpeg.toString('base64') });
    expect(response.status).toBe(200);
    const image = ((await response.json()) as { result: { data: { json: Uploaded } } }).result.data.json;
    expect(image).toMatchObject({ contentType: 'image/jpeg', width: 1920, height: 1080, fitted: null });
    const served = Buffer.from(await (await fetch(`${testApp.url}${image.url}`)).arrayBuffer());
    expect(image.sha256).toBe(createHash('sha256').update(served).digest('hex'));
    expect(await sharp(served).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1080 });
  });

  it('stores a PNG over 2 MB as it is: YouTube takes up to 50 MB since 14 September 2026', async () => {
    const png = await noise(1280, 720).png().toBuffer();
    expect(png.length).toBeGreaterThan(2 * 1024 * 1024);
    const response = await rawUpload(alexToken, png, 'image/png');
    expect(response.status, await response.clone().text()).toBe(201);
    const image = (await response.json()) as Uploaded;
    expect(image).toMatchObject({ contentType: 'image/png', width: 1280, height: 720, fitted: null });
    expect(image.byteSize).toBeGreaterThan(2 * 1024 * 1024);
    expect(image.byteSize).toBeLessThanOrEqual(MAX_THUMBNAIL_BYTES);
  });

  it('reads the type from the content, not the declared type', async () => {
    const png = await solid(1280, 720).png().toBuffer();
    const response = await rawUpload(alexToken, png, 'image/jpeg');
    expect(response.status).toBe(201);
    expect(((await response.json()) as Uploaded).contentType).toBe('image/png');
  });

  it('refuses each file YouTube would refuse with why, storing nothing', async () => {
    const cases: Array<{ what: string; body: Buffer; type?: string; status?: number; says: string[] }> = [
      {
        what: 'a text file sent as a JPEG',
        body: Buffer.from('not a picture, whatever its name says'),
        type: 'image/jpeg',
        says: [IMAGE_MESSAGES.notAnImage],
      },
      { what: 'an empty body', body: Buffer.alloc(0), says: [IMAGE_MESSAGES.notAnImage] },
      {
        what: 'a GIF',
        body: await solid(1280, 720).gif().toBuffer(),
        says: [IMAGE_MESSAGES.notAnImage],
      },
      {
        what: 'a WebP',
        body: await solid(1280, 720).webp().toBuffer(),
        says: [IMAGE_MESSAGES.notAnImage],
      },
      {
        what: 'a truncated PNG',
        body: (await solid(1280, 720).png().toBuffer()).subarray(0, 200),
        says: [IMAGE_MESSAGES.notAnImage],
      },
      {
        what: 'an image under 640 px wide',
        body: await solid(320, 180).png().toBuffer(),
        says: [IMAGE_MESSAGES.tooNarrow, IMAGE_MESSAGES.fitOffer],
      },
      {
        what: 'a 4:3 image',
        body: await solid(1024, 768).jpeg().toBuffer(),
        says: [IMAGE_MESSAGES.wrongShape, IMAGE_MESSAGES.fitOffer],
      },
    ];
    const before = await rowCounts();
    for (const refused of cases) {
      const response = await rawUpload(alexToken, refused.body, refused.type);
      expect(response.status, refused.what).toBe(400);
      expect(await errorOf(response), refused.what).toBe(refused.says.join(' '));
    }
    expect(await rowCounts()).toEqual(before);
  });

  it(`refuses a body over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB with 413, over REST and over tRPC, storing nothing`, async () => {
    const before = await rowCounts();
    const huge = Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0xff);
    const rest = await rawUpload(alexToken, huge, 'image/png');
    expect(rest.status).toBe(413);
    expect(await errorOf(rest)).toBe(IMAGE_MESSAGES.tooLargeToUpload);
    // Over tRPC: a file one byte over (its request within the route's limit), and a request far over.
    for (const bytes of [huge, Buffer.alloc(MAX_UPLOAD_BYTES * 1.5, 0xff)]) {
      const trpc = await trpcUpload(alexToken, { contentBase64: bytes.toString('base64') });
      expect(trpc.status).toBe(413);
      expect(JSON.stringify(await trpc.json())).toContain(IMAGE_MESSAGES.tooLargeToUpload);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps the default body limit for every other tRPC call', async () => {
    const response = await fetch(`${testApp.url}/trpc/tests.create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alexToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ json: { padding: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(response.status).toBe(413);
  });

  it.each(['crop', 'letterbox'] as const)(
    'fits with %s: a 1280 × 720 JPEG within YouTube’s limit, from a large noisy picture, too small or the wrong shape',
    async (fit) => {
      const sources = [
        { bytes: await noise(2000, 1500).png().toBuffer(), width: 2000, height: 1500 },
        { bytes: await solid(320, 400).png().toBuffer(), width: 320, height: 400 },
        { bytes: await solid(3000, 1000).jpeg().toBuffer(), width: 3000, height: 1000 },
      ];
      for (const { bytes: source, width, height } of sources) {
        const response = await rawUpload(alexToken, source, 'image/png', `?fit=${fit}`);
        expect(response.status).toBe(201);
        const image = (await response.json()) as Uploaded & { sentWidth: number; sentHeight: number };
        expect(image).toMatchObject({ contentType: 'image/jpeg', width: 1280, height: 720, fitted: fit });
        // The size as sent comes back: the dialog warns when a small picture was scaled up.
        expect([image.sentWidth, image.sentHeight]).toEqual([width, height]);
        expect(softFitWarning({ width, height }, fit) !== null).toBe(width === 320);
        expect(image.byteSize).toBeLessThanOrEqual(MAX_THUMBNAIL_BYTES);
        const bytes = Buffer.from(await (await fetch(`${testApp.url}${image.url}`)).arrayBuffer());
        expect(bytes.length).toBe(image.byteSize);
        const metadata = await sharp(bytes).metadata();
        expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 1280, 720]);
      }
    },
  );

  it('letterboxes on black and crops to fill', async () => {
    // A white 4:3 image: letterboxed, its sides are black bars; cropped, the whole frame is white.
    const white = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const edgeOf = async (fit: string) => {
      const image = (await (
        await rawUpload(alexToken, white, 'image/png', `?fit=${fit}`)
      ).json()) as Uploaded;
      const bytes = Buffer.from(await (await fetch(`${testApp.url}${image.url}`)).arrayBuffer());
      const { data } = await sharp(bytes).extract({ left: 0, top: 360, width: 1, height: 1 }).raw().toBuffer({
        resolveWithObject: true,
      });
      return data[0]!;
    };
    expect(await edgeOf('letterbox')).toBeLessThan(20);
    expect(await edgeOf('crop')).toBeGreaterThan(235);
  });

  it('shows an image to its owner only', async () => {
    const png = await solid(1280, 720).png().toBuffer();
    const image = (await (await rawUpload(alexToken, png, 'image/png')).json()) as Uploaded;
    const own = await fetch(`${testApp.url}/api/images/${image.id}`, {
      headers: { authorization: `Bearer ${alexToken}` },
    });
    expect(own.status).toBe(200);
    const {
      fitted: _fitted,
      sentWidth: _sentWidth,
      sentHeight: _sentHeight,
      ...stored
    } = image as Uploaded & { sentWidth: number; sentHeight: number };
    expect(await own.json()).toEqual(stored);
    const other = await fetch(`${testApp.url}/api/images/${image.id}`, {
      headers: { authorization: `Bearer ${samToken}` },
    });
    expect(other.status).toBe(404);
    expect(await errorOf(other)).toBe(IMAGE_MESSAGES.notFound);
    const anonymous = await fetch(`${testApp.url}/api/images/${image.id}`);
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for the file of an unknown image', async () => {
    const response = await fetch(`${testApp.url}${imageFilePath('00000000-0000-4000-8000-000000000000')}`);
    expect(response.status).toBe(404);
  });

  it('refuses an upload without a session before reading its body', async () => {
    const response = await fetch(`${testApp.url}/api/images`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(1024),
    });
    expect(response.status).toBe(401);
  });

  it('takes an editor’s upload into the team owner’s workspace', async () => {
    const { db, clock } = testApp.built.app;
    const alex = (await (
      await fetch(`${testApp.url}/api/auth/me`, { headers: { authorization: `Bearer ${alexToken}` } })
    ).json()) as { id: string };
    // A team comes with the Authority plan: without it the membership gives no access.
    await db.update(users).set({ subscriptionTier: 'authority' }).where(eq(users.id, alex.id));
    const [editor] = await db
      .insert(users)
      .values({ email: 'image.editor@example.com', name: 'Image Editor', username: 'image-editor' })
      .returning({ id: users.id });
    await db
      .insert(teamMembers)
      .values({ ownerUserId: alex.id, memberUserId: editor!.id, role: 'editor', createdAt: clock.now() });
    const { token } = await createSession(db, { userId: editor!.id, ttlDays: 1, now: clock.now() });
    const response = await rawUpload(token, await solid(1280, 720).png().toBuffer(), 'image/png');
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as Uploaded;
    const [row] = await db.select().from(images).where(eq(images.id, id));
    expect(row!.ownerUserId).toBe(alex.id);
    const own = await fetch(`${testApp.url}/api/images/${id}`, {
      headers: { authorization: `Bearer ${alexToken}` },
    });
    expect(own.status).toBe(200);
  });

  it('stores an image inside a caller’s transaction: rolled back with it, committed with it', async () => {
    const ctx = testApp.built.app;
    const alexId = (
      (await (
        await fetch(`${testApp.url}/api/auth/me`, { headers: { authorization: `Bearer ${alexToken}` } })
      ).json()) as { id: string }
    ).id;
    const jpeg = await solid(1280, 720).jpeg().toBuffer();
    const content = { bytes: jpeg, contentType: 'image/jpeg' as const, width: 1280, height: 720 };
    const before = await rowCounts();
    await expect(
      ctx.db.transaction(async (tx) => {
        await storeImage(withTx(ctx, tx), alexId, content, 'youtube-original');
        throw new Error('the caller fails after storing');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await rowCounts()).toEqual(before);
    const stored = await ctx.db.transaction((tx) =>
      storeImage(withTx(ctx, tx), alexId, content, 'youtube-original'),
    );
    expect(stored.source).toBe('youtube-original');
    const read = await imageBytes(ctx.db, stored.id);
    expect(read?.contentType).toBe('image/jpeg');
    expect(read?.bytes.equals(jpeg)).toBe(true);
  });
});
