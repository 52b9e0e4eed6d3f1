import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images, quotaLedger, rotations, simThumbnails, titleTests, users } from '../../db/schema';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';
import { TEST_KIND_MESSAGES } from '../../src/shared/test-kinds';
import { titleTruthFor } from '../../src/youtube-simulator/traffic-model';
import {
  currentThumbnailBytes,
  setCustomThumbnailsAllowed,
  setThumbnailTruth,
} from '../../src/youtube-simulator/thumbnail-store';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import type { HttpClient } from '../helpers/http-client';
import { bearerCreator, solidPicture, twoHourThumbnailTest, uploadImage } from '../helpers/thumbnail-uploads';
import { firstWindowStart } from '../helpers/planned-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

// Thumbnail tests and title + thumbnail ("package") tests on the simulator's clock, through the
// real jobs: each slot's image goes live through thumbnails.set once, the winner is live at the
// end, and Cancel puts the video's original thumbnail back byte for byte as YouTube served it.

let testApp: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  testApp = await startTestApp();
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.built.app.db;

/** What the simulator serves as the video's thumbnail now, at its largest size. */
async function servedThumbnail(videoId: string): Promise<Buffer> {
  const custom = await currentThumbnailBytes(db(), videoId);
  if (custom) return custom.bytes;
  const origin = new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;
  const response = await fetch(`${origin}/vi/${videoId}/maxres.jpg`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

async function create(creator: HttpClient, input: Record<string, unknown>) {
  const response = await creator.post('/api/tests', input);
  const body = (await response.json()) as { id: string; error?: string; thumbnails?: (string | null)[] };
  return { status: response.status, body };
}

async function testRow(id: string) {
  const [row] = await db().select().from(titleTests).where(eq(titleTests.id, id));
  return row!;
}

/** thumbnails.set calls the ledger recorded for the video's channel, and the images the simulator got. */
async function thumbnailWrites(videoId: string) {
  const [ledger, received] = await Promise.all([
    db().select().from(quotaLedger).where(eq(quotaLedger.method, 'thumbnails.set')),
    db()
      .select()
      .from(simThumbnails)
      .where(eq(simThumbnails.videoId, videoId))
      .orderBy(asc(simThumbnails.since)),
  ]);
  return { ledger, received };
}

/**
 * How many thumbnail changes the applied slots made, in slot order from the original, and then
 * the images the end put live (`then`).
 */
async function thumbnailChanges(testId: string, then: (string | null)[] = []): Promise<number> {
  const record = await testApp.built.app.db.query.titleVariants.findMany({
    where: (variant, { eq: is }) => is(variant.testId, testId),
  });
  const imageOf = new Map(record.map((variant) => [variant.id, variant.thumbnailImageId]));
  const applied = await db()
    .select()
    .from(rotations)
    .where(and(eq(rotations.testId, testId), eq(rotations.status, 'applied')))
    .orderBy(asc(rotations.slot));
  const original = (await testRow(testId)).originalThumbnailImageId;
  let live = original;
  let changes = 0;
  for (const image of [...applied.map((rotation) => imageOf.get(rotation.variantId) ?? null), ...then]) {
    if (image !== live) changes += 1;
    live = image;
  }
  return changes;
}

describe('thumbnail tests', () => {
  it('runs a daily CTR thumbnail test to a verdict: the original meanwhile, then the winning image', async () => {
    const creator = await bearerCreator(testApp, 'sim-alex');
    const videoId = simulatedVideoId('sim-alex', 1);
    const before = await liveVideo(testApp, videoId);
    const originalBytes = await servedThumbnail(videoId);
    const challenger = await solidPicture({ r: 220, g: 40, b: 40 });
    const uploaded = await uploadImage(testApp, creator, challenger);
    // Ground truth: the new image draws 60% more clicks than the original.
    await setThumbnailTruth(db(), videoId, uploaded.sha256, 1.6);

    const start = testApp.clock.now();
    const endDate = new Date(start.getTime() + 14 * DAY);
    const { status, body } = await create(creator, {
      videoId,
      kind: 'thumbnails',
      thumbnailIds: [uploaded.id],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      endDate: endDate.toISOString(),
      // To its end date, where the original goes back while the last daily figures are due: a
      // 60% better image would otherwise end the test at a daily look, its winner put live at once.
      runToEnd: true,
    });
    expect(status, body.error).toBe(201);
    const created = await testRow(body.id);
    expect(created.kind).toBe('thumbnails');
    // The original was fetched before any switch, and kept byte for byte as YouTube served it.
    const [original] = await db()
      .select()
      .from(images)
      .where(eq(images.id, created.originalThumbnailImageId!));
    expect(original).toMatchObject({ source: 'youtube-original', contentType: 'image/jpeg' });
    const kept = await fetch(`${testApp.url}/api/images/${original!.id}/file`);
    expect(Buffer.from(await kept.arrayBuffer()).equals(originalBytes)).toBe(true);
    expect(body.thumbnails).toEqual([`/api/images/${original!.id}/file`, `/api/images/${uploaded.id}/file`]);

    const run = await fastForwardTo(testApp, endDate);
    expect(run.failures).toEqual([]);
    const ended = await testRow(body.id);
    expect(ended.status).toBe('completed');
    // While YouTube's last daily figures are due, the original is back, byte for byte.
    expect(ended.finalFiguresDueAt).not.toBeNull();
    expect((await servedThumbnail(videoId)).equals(originalBytes)).toBe(true);

    await fastForwardTo(testApp, new Date(ended.finalFiguresDueAt!.getTime() + 60_000));
    const decided = await testRow(body.id);
    expect(decided.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
    expect(decided.appliedThumbnailImageId).toBe(uploaded.id);
    expect((await servedThumbnail(videoId)).equals(uploaded.stored)).toBe(true);
    // The title never changed, nor anything else of the video.
    const after = await liveVideo(testApp, videoId);
    expect(after.title).toBe(before.title);
    expect(after.description).toBe(before.description);

    // Exactly one thumbnails.set per change of image: the slots', the original's at the end, the winner's.
    const writes = await thumbnailWrites(videoId);
    const changes = await thumbnailChanges(body.id, [created.originalThumbnailImageId, uploaded.id]);
    expect(writes.received).toHaveLength(changes);
    expect(writes.ledger.filter((entry) => entry.outcome === 'ok')).toHaveLength(changes);
  }, 600_000);

  it('puts the original thumbnail back byte for byte on Cancel', async () => {
    const creator = await bearerCreator(testApp, 'sim-sam');
    const videoId = simulatedVideoId('sim-sam', 1);
    const originalBytes = await servedThumbnail(videoId);
    const first = await uploadImage(testApp, creator, await solidPicture({ r: 30, g: 160, b: 60 }, 'png'));
    const second = await uploadImage(testApp, creator, await solidPicture({ r: 30, g: 60, b: 200 }));
    const { status, body } = await create(creator, twoHourThumbnailTest(videoId, [first.id, second.id]));
    expect(status, body.error).toBe(201);
    // Three windows in: the calibration lead-in before the first keeps the original image.
    const switching = (await firstWindowStart(testApp, body.id)).getTime();
    await fastForwardTo(testApp, new Date(switching + 6 * 3_600_000));
    expect(await thumbnailChanges(body.id)).toBeGreaterThan(0);

    expect((await creator.post(`/api/tests/${body.id}/cancel`)).status).toBe(200);
    expect(await runDueWork(testApp)).toEqual([]);
    const cancelled = await testRow(body.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.appliedThumbnailImageId).toBe(cancelled.originalThumbnailImageId);
    expect((await servedThumbnail(videoId)).equals(originalBytes)).toBe(true);
    expect((await thumbnailWrites(videoId)).received).toHaveLength(
      await thumbnailChanges(body.id, [cancelled.originalThumbnailImageId]),
    );
    // The export links every window to its variant's image.
    const csv = await (await creator.get(`/api/tests/${body.id}/export?table=windows`)).text();
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    expect(header!.split(',').at(-1)).toBe('thumbnail_url');
    for (const line of lines)
      expect(line).toMatch(/,http:\/\/127\.0\.0\.1:\d+\/api\/images\/[0-9a-f-]+\/file$/);
  }, 600_000);

  it('sets a slot’s image once when the worker dies between thumbnails.set and its record', async () => {
    const creator = await bearerCreator(testApp, 'sim-priya');
    const videoId = simulatedVideoId('sim-priya', 1);
    const image = await solidPicture({ r: 250, g: 200, b: 20 });
    const uploaded = await uploadImage(testApp, creator, image);
    const { status, body } = await create(creator, twoHourThumbnailTest(videoId, [uploaded.id]));
    expect(status, body.error).toBe(201);
    let crashes = 0;
    // YouTube may serve a re-encoding of an upload, not its bytes: the crashed set's image is
    // served re-encoded, so only the slot's request marker tells the retry that the set landed.
    const reencoded = await sharp(image).jpeg({ quality: 60 }).toBuffer();
    const reencodedSha = createHash('sha256').update(reencoded).digest('hex');
    const crashing: EngineContext = {
      ...testApp.built.app,
      hooks: {
        afterThumbnailWrite: async () => {
          if (crashes > 0) return;
          crashes += 1;
          await db()
            .update(simThumbnails)
            .set({ bytes: reencoded, sha256: reencodedSha })
            .where(and(eq(simThumbnails.videoId, videoId), eq(simThumbnails.sha256, uploaded.sha256)));
          throw new Error('injected crash: afterThumbnailWrite');
        },
      },
    };
    // Through the calibration lead-in, which keeps the original image, to the first window; then
    // hour by hour until the first image switch has been attempted.
    const switching = (await firstWindowStart(testApp, body.id)).getTime();
    await fastForwardTo(testApp, new Date(switching - 60_000), crashing);
    expect(crashes).toBe(0);
    for (let hour = 0; hour < 8 && crashes === 0; hour += 1) {
      await fastForwardTo(testApp, new Date(testApp.clock.now().getTime() + 3_600_000), crashing);
    }
    expect(crashes).toBe(1);
    const [marked] = await db()
      .select()
      .from(rotations)
      .where(and(eq(rotations.testId, body.id), isNotNull(rotations.thumbnailRequestedAt)));
    expect(await runDueWork(testApp)).toEqual([]);
    expect((await db().select().from(rotations).where(eq(rotations.id, marked!.id)))[0]!.status).toBe(
      'applied',
    );
    // The retry recorded the slot without a second set, and learned how YouTube serves the image.
    expect((await thumbnailWrites(videoId)).received).toHaveLength(1);
    const [variant] = await testApp.built.app.db.query.titleVariants.findMany({
      where: (row, { eq: is }) => is(row.thumbnailImageId, uploaded.id),
    });
    expect(variant!.servedThumbnailSha256).toBe(reencodedSha);
    expect((await testRow(body.id)).liveThumbnailSha256).toBe(reencodedSha);
    await runFor(testApp, 4);
    // Every change of image was sent exactly once, the crashed one included, and the database
    // knows the image YouTube serves.
    const writes = await thumbnailWrites(videoId);
    expect(writes.received).toHaveLength(await thumbnailChanges(body.id));
    const test = await testRow(body.id);
    const served = await servedThumbnail(videoId);
    expect(test.liveThumbnailSha256).toBe(createHash('sha256').update(served).digest('hex'));
    expect((await creator.post(`/api/tests/${body.id}/cancel`)).status).toBe(200);
    expect(await runDueWork(testApp)).toEqual([]);
  }, 600_000);

  it('refuses at creation, changing nothing, on a channel that may not set custom thumbnails', async () => {
    const creator = await bearerCreator(testApp, 'sim-priya');
    const videoId = simulatedVideoId('sim-priya', 2);
    const uploaded = await uploadImage(testApp, creator, await solidPicture({ r: 90, g: 90, b: 90 }));
    await setCustomThumbnailsAllowed(db(), 'sim-priya', false);
    const testsBefore = await db().select().from(titleTests);
    const { status, body } = await create(creator, twoHourThumbnailTest(videoId, [uploaded.id]));
    expect(status).toBe(403);
    expect(body.error).toBe(TEST_KIND_MESSAGES.customThumbnailsForbidden);
    expect(await db().select().from(titleTests)).toHaveLength(testsBefore.length);
    await setCustomThumbnailsAllowed(db(), 'sim-priya', true);
  });

  it('tells variants apart by content: the same picture twice, or the video’s own thumbnail, is refused and changes nothing', async () => {
    const creator = await bearerCreator(testApp, 'sim-priya');
    const videoId = simulatedVideoId('sim-priya', 3);
    const picture = await solidPicture({ r: 30, g: 120, b: 200 });
    const first = await uploadImage(testApp, creator, picture);
    const again = await uploadImage(testApp, creator, picture);
    expect(again.id).not.toBe(first.id);
    const own = await uploadImage(testApp, creator, await servedThumbnail(videoId));
    const testsBefore = await db().select().from(titleTests);

    const twice = await create(creator, twoHourThumbnailTest(videoId, [first.id, again.id]));
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe(TEST_KIND_MESSAGES.thumbnailRepeated);
    const original = await create(creator, twoHourThumbnailTest(videoId, [first.id, own.id]));
    expect(original.status).toBe(400);
    expect(original.body.error).toBe(TEST_KIND_MESSAGES.thumbnailIsOriginal);
    expect(await db().select().from(titleTests)).toHaveLength(testsBefore.length);
  });
});

describe('capacity', () => {
  it('reserves a thumbnail switch like a title change, and a package switch as both', async () => {
    const creator = await bearerCreator(testApp, 'sim-sam');
    const needs = async (kind: string) => {
      const response = await creator.get(
        `/api/capacity?rotationIntervalMinutes=1440&winnerMetric=ctr&durationDays=14&kind=${kind}`,
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { testUnits: number }).testUnits;
    };
    const [titles, thumbnails, packages] = [
      await needs('titles'),
      await needs('thumbnails'),
      await needs('packages'),
    ];
    // A daily test: one switch a day plus its sampling share, and one switch in reserve.
    expect(thumbnails).toBe(titles);
    expect(packages - titles).toBe(2 * 50);
  });
});

describe('package tests', () => {
  it('runs a 2-hour views package test to a verdict: the winning title and image go live together', async () => {
    const creator = await bearerCreator(testApp, 'sim-alex');
    await db()
      .update(users)
      .set({ subscriptionTier: 'pro' })
      .where(eq(users.email, 'alex.rivera@example.com'));
    const videoId = simulatedVideoId('sim-alex', 2);
    const video = await liveVideo(testApp, videoId);
    const originalBytes = await servedThumbnail(videoId);
    // A title at least as strong as the original, with an image that draws 80% more clicks.
    const truth = (title: string) => titleTruthFor(title, video.seed, video.durationSec).ctr;
    const strongest = Array.from({ length: 40 }, (_, index) => `${video.title} (${index + 1})`)
      .filter((title) => title.length <= 100)
      .sort((a, b) => truth(b) - truth(a))[0]!;
    expect(truth(strongest)).toBeGreaterThanOrEqual(truth(video.title));
    const image = await solidPicture({ r: 255, g: 120, b: 0 });
    const uploaded = await uploadImage(testApp, creator, image);
    await setThumbnailTruth(db(), videoId, uploaded.sha256, 1.8);

    const start = testApp.clock.now();
    // Five days: the first of them the calibration lead-in, the original live while the counter is read.
    const endDate = new Date(start.getTime() + 5 * DAY);
    const { status, body } = await create(creator, {
      videoId,
      kind: 'packages',
      titles: [video.title, strongest],
      thumbnailIds: [uploaded.id],
      winnerMetric: 'views',
      // A package switch writes the title and sets the image (101 units): every 2 hours fits a Pro account.
      rotationIntervalMinutes: 120,
      endDate: endDate.toISOString(),
      acknowledgeWeakPlan: true,
    });
    expect(status, body.error).toBe(201);
    const run = await fastForwardTo(testApp, new Date(endDate.getTime() + 60_000));
    expect(run.failures).toEqual([]);
    const ended = await testRow(body.id);
    expect(ended.verdict, JSON.stringify(ended.verdict)).toMatchObject({
      verdict: 'winner',
      winnerTitleIndex: 1,
    });
    expect(ended.appliedTitle).toBe(strongest);
    expect(ended.appliedThumbnailImageId).toBe(uploaded.id);
    const live = await liveVideo(testApp, videoId);
    expect(live.title).toBe(strongest);
    expect((await servedThumbnail(videoId)).equals(uploaded.stored)).toBe(true);
    expect(originalBytes.equals(uploaded.stored)).toBe(false);
  }, 600_000);
});
