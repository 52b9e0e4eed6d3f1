import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simVideos, titleTests } from '../../db/schema';
import { IMAGE_MESSAGES, THUMBNAIL_SHAPES } from '../../src/shared/image-rules';
import { SHORTS_NOTES } from '../../src/shared/video-format';
import { currentThumbnailBytes, setThumbnailTruth } from '../../src/youtube-simulator/thumbnail-store';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import type { HttpClient } from '../helpers/http-client';
import { firstWindowStart } from '../helpers/planned-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork } from '../helpers/title-test-driver';
import { bearerCreator, uploadImage } from '../helpers/thumbnail-uploads';

// Shorts (docs/shorts.md): told from long videos by what the Data API gives (duration and the
// player's shape), tested with 9:16 thumbnails or titles on the simulator's clock through the real
// jobs, with the original put back.

let testApp: TestApp;
const DAY = 86_400_000;
const SAM = 'sim-sam';
/** Sam's Short: "Crispy Rice in 60 Seconds", the last of the channel's catalog. */
const shortIndex = videoCatalog[SAM]!.findIndex(
  (video) => (video.frameHeight ?? 0) > (video.frameWidth ?? 0),
);
const shortId = simulatedVideoId(SAM, shortIndex);

beforeAll(async () => {
  testApp = await startTestApp();
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

const db = () => testApp.built.app.db;

/** A picture of one colour at `width` × `height`. */
const picture = (width: number, height: number, colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

async function upload(creator: { authorization: string }, bytes: Buffer, query = '') {
  const response = await fetch(`${testApp.url}/api/images${query}`, {
    method: 'POST',
    headers: { authorization: creator.authorization, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function create(creator: HttpClient, input: Record<string, unknown>) {
  const response = await creator.post('/api/tests', input);
  const body = (await response.json()) as { id: string; error?: string; videoFormat?: string };
  return { status: response.status, body };
}

async function testRow(id: string) {
  const [row] = await db().select().from(titleTests).where(eq(titleTests.id, id));
  return row!;
}

/** What the simulator serves as the video's thumbnail now. */
async function servedThumbnail(videoId: string): Promise<Buffer> {
  const custom = await currentThumbnailBytes(db(), videoId);
  if (custom) return custom.bytes;
  const origin = new URL(testApp.built.app.config.google.endpoints.tokenUrl).origin;
  const response = await fetch(`${origin}/vi/${videoId}/maxres.jpg`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('Shorts', () => {
  it('marks a Short in the video picker, from its duration and its player’s shape', async () => {
    const creator = await bearerCreator(testApp, SAM);
    const response = await creator.get('/api/videos/recent');
    expect(response.status).toBe(200);
    const videos = (await response.json()) as Array<{ id: string; format: string; duration: string }>;
    const formats = new Map(videos.map((video) => [video.id, video.format]));
    expect(formats.get(shortId)).toBe('short');
    expect([...formats.values()].filter((format) => format === 'short')).toHaveLength(1);
    expect(videos.find((video) => video.id === shortId)?.duration).toBe('PT58S');
  });

  it('takes 9:16 images for a Short, fits others to 1080 × 1920, and refuses the wrong shape for the video', async () => {
    const creator = await bearerCreator(testApp, SAM);
    const vertical = await upload(
      creator,
      await picture(1080, 1920, { r: 200, g: 40, b: 40 }),
      '?format=short',
    );
    expect(vertical.status, String(vertical.body.error)).toBe(201);
    expect(vertical.body).toMatchObject({ width: 1080, height: 1920, fitted: null });

    // A landscape image for a Short: the Short's shape is named, with the offer to fit it.
    const landscape = await picture(1280, 720, { r: 40, g: 40, b: 200 });
    const refused = await upload(creator, landscape, '?format=short');
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain(THUMBNAIL_SHAPES.short.wrongShape);
    expect(refused.body.error).toContain(IMAGE_MESSAGES.fitOffer);
    const fitted = await upload(creator, landscape, '?format=short&fit=letterbox');
    expect(fitted.status, String(fitted.body.error)).toBe(201);
    expect(fitted.body).toMatchObject({ width: 1080, height: 1920, fitted: 'letterbox' });

    // A vertical image for a long video is the wrong shape there, as before.
    const forVideo = await upload(creator, await picture(1080, 1920, { r: 40, g: 200, b: 40 }));
    expect(forVideo.status).toBe(400);
    expect(forVideo.body.error).toContain(IMAGE_MESSAGES.wrongShape);

    // A test pairs a video with images of its own shape: a 16:9 image on a Short is refused.
    const wide = await uploadImage(testApp, creator, await picture(1280, 720, { r: 90, g: 90, b: 20 }));
    const mismatch = await create(creator, {
      videoId: shortId,
      kind: 'thumbnails',
      thumbnailIds: [wide.id],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      acknowledgeWeakPlan: true,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe(SHORTS_NOTES.thumbnailShape);
    const onVideo = await create(creator, {
      videoId: simulatedVideoId(SAM, 0),
      kind: 'thumbnails',
      thumbnailIds: [String(vertical.body.id)],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      acknowledgeWeakPlan: true,
    });
    expect(onVideo.status).toBe(400);
    expect(onVideo.body.error).toBe(SHORTS_NOTES.videoThumbnailShape);
    expect(await db().select().from(titleTests)).toHaveLength(0);
  });

  it('refuses a thumbnail test on a Short YouTube is still processing, where thumbnails.set would not apply', async () => {
    const creator = await bearerCreator(testApp, SAM);
    const image = await upload(
      creator,
      await picture(1080, 1920, { r: 10, g: 120, b: 160 }),
      '?format=short',
    );
    await db().update(simVideos).set({ processingStatus: 'processing' }).where(eq(simVideos.id, shortId));
    try {
      const refused = await create(creator, {
        videoId: shortId,
        kind: 'thumbnails',
        thumbnailIds: [String(image.body.id)],
        winnerMetric: 'ctr',
        rotationIntervalMinutes: 1440,
        durationDays: 14,
        acknowledgeWeakPlan: true,
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(SHORTS_NOTES.processing);
    } finally {
      await db().update(simVideos).set({ processingStatus: 'succeeded' }).where(eq(simVideos.id, shortId));
    }
  });

  it('runs a Short’s thumbnail test to its verdict: the better 9:16 image goes live', async () => {
    const creator = await bearerCreator(testApp, SAM);
    const originalBytes = await servedThumbnail(shortId);
    const challenger = await upload(
      creator,
      await picture(1080, 1920, { r: 240, g: 200, b: 20 }),
      '?format=short',
    );
    expect(challenger.status, String(challenger.body.error)).toBe(201);
    const challengerId = String(challenger.body.id);
    // Ground truth: on search, shelves and suggestions the new image draws 60% more clicks.
    await setThumbnailTruth(db(), shortId, String(challenger.body.sha256), 1.6);

    const endDate = new Date(testApp.clock.now().getTime() + 14 * DAY);
    const { status, body } = await create(creator, {
      videoId: shortId,
      kind: 'thumbnails',
      thumbnailIds: [challengerId],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      endDate: endDate.toISOString(),
      runToEnd: true,
      acknowledgeWeakPlan: true,
    });
    expect(status, body.error).toBe(201);
    expect(body.videoFormat).toBe('short');
    expect((await testRow(body.id)).videoFormat).toBe('short');

    const run = await fastForwardTo(testApp, endDate);
    expect(run.failures).toEqual([]);
    const ended = await testRow(body.id);
    expect(ended.status).toBe('completed');
    expect((await servedThumbnail(shortId)).equals(originalBytes)).toBe(true);
    await fastForwardTo(testApp, new Date(ended.finalFiguresDueAt!.getTime() + 60_000));
    const decided = await testRow(body.id);
    expect(decided.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
    expect(decided.appliedThumbnailImageId).toBe(challengerId);
    const live = await servedThumbnail(shortId);
    expect(await sharp(live).metadata()).toMatchObject({ width: 1080, height: 1920 });
  }, 600_000);

  it('runs a title test on a Short and puts the original title back on Cancel', async () => {
    const creator = await bearerCreator(testApp, SAM);
    const before = await liveVideo(testApp, shortId);
    const { status, body } = await create(creator, {
      videoId: shortId,
      titles: [before.title, 'Crispy Rice, Zero Effort #shorts'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationDays: 5,
      acknowledgeWeakPlan: true,
    });
    expect(status, body.error).toBe(201);
    const switching = (await firstWindowStart(testApp, body.id)).getTime();
    await fastForwardTo(testApp, new Date(switching + 6 * 3_600_000));
    const titles = await db().query.simTitleHistory.findMany({
      where: (history, { eq: is }) => is(history.videoId, shortId),
    });
    expect(titles.some((entry) => entry.title === 'Crispy Rice, Zero Effort #shorts')).toBe(true);

    expect((await creator.post(`/api/tests/${body.id}/cancel`)).status).toBe(200);
    expect(await runDueWork(testApp)).toEqual([]);
    expect((await testRow(body.id)).status).toBe('cancelled');
    const after = await liveVideo(testApp, shortId);
    expect(after.title).toBe(before.title);
    expect(after.description).toBe(before.description);
  }, 600_000);
});
