import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simTitleHistory, simVideos } from '../../db/schema';
import { batchStatistics, InvalidMetadataError, readSnippet, setTitle } from '../../src/youtube/gateway';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  control,
  ledgerEntries,
  ledgerUnitsToday,
  signInDemo,
  simulatorUnitsToday,
} from '../helpers/youtube-gateway';

let testApp: TestApp;
const demoVideo = (index: number) => simulatedVideoId('sim-demo', index);
const storedVideo = async (id: string) =>
  (await testApp.built.app.db.select().from(simVideos).where(eq(simVideos.id, id)))[0]!;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

interface RecentVideo {
  id: string;
  title: string;
  thumbnailUrl: string;
  viewCount: number;
  duration: string;
  publishedAt: string;
}

describe('recent uploads through the gateway', () => {
  it("lists the demo channel's uploads newest first, for 3 quota units on both sides, over REST and tRPC", async () => {
    const { client } = await signInDemo(testApp);
    const [ledgerBefore, simulatorBefore] = [
      await ledgerUnitsToday(testApp),
      await simulatorUnitsToday(testApp),
    ];

    const response = await client.get('/api/videos/recent');
    expect(response.status).toBe(200);
    const videos = (await response.json()) as RecentVideo[];
    const catalog = videoCatalog['sim-demo']!;
    expect(videos.map((video) => video.title)).toEqual(catalog.map((entry) => entry.title));
    expect(videos.map((video) => video.id)).toEqual(catalog.map((_, index) => demoVideo(index)));
    for (const video of videos) {
      expect(video.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
      expect(video.viewCount).toBeGreaterThan(0);
    }
    expect(videos[0]!.duration).toBe('PT11M24S');
    const published = videos.map((video) => Date.parse(video.publishedAt));
    expect([...published].sort((a, b) => b - a)).toEqual(published);

    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(3);
    expect((await simulatorUnitsToday(testApp)) - simulatorBefore).toBe(3);
    expect((await ledgerEntries(testApp)).slice(-3).map((entry) => entry.method)).toEqual([
      'channels.list',
      'playlistItems.list',
      'videos.list',
    ]);

    // Like i.ytimg.com, a JPEG (the medium size); its generated design is at the same path as SVG.
    const thumbnail = await fetch(videos[0]!.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await thumbnail.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const svg = await (await fetch(videos[0]!.thumbnailUrl.replace(/\.jpg$/, '.svg'))).text();
    expect(svg).toContain('>CRISPY EVERY<');
    expect(svg).toContain('>11:24<');

    const trpc = await client.get('/trpc/videos.recent');
    expect(trpc.status).toBe(200);
    const body = (await trpc.json()) as { result: { data: { json: RecentVideo[] } } };
    expect(body.result.data.json.map((video) => video.id)).toEqual(videos.map((video) => video.id));
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${testApp.url}/api/videos/recent`);
    expect(response.status).toBe(401);
  });
});

describe('changing a title', () => {
  it('changes only the title: description, tags, category and languages come back byte for byte', async () => {
    const { connection } = await signInDemo(testApp);
    const app = testApp.built.app;
    const videoId = demoVideo(0);
    const storedBefore = await storedVideo(videoId);
    const before = await readSnippet(app, connection, videoId);
    const ledgerBefore = await ledgerUnitsToday(testApp);

    const result = await setTitle(app, connection, videoId, 'Smashed Potatoes, but Crispier 🥔 — “really”');
    expect(result.outcome).toBe('applied');
    expect(result.confirmed).toBe(true);
    expect(result.before).toEqual(before);
    // Read (1) and update (50), confirmed from the update's own answer: no read back.
    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(51);
    expect(result.after.title).toBe('Smashed Potatoes, but Crispier 🥔 — “really”');

    const after = await readSnippet(app, connection, videoId);
    expect(after.title).toBe('Smashed Potatoes, but Crispier 🥔 — “really”');
    expect({ ...after, title: before.title }).toEqual(before);
    const storedAfter = await storedVideo(videoId);
    expect(Buffer.from(storedAfter.description).equals(Buffer.from(storedBefore.description))).toBe(true);
    expect(storedBefore.description).toContain('🔔');
    expect(storedAfter.tags).toEqual(storedBefore.tags);
    expect(storedAfter.categoryId).toBe(storedBefore.categoryId);
    expect(storedAfter.defaultLanguage).toBe('en');
    expect(storedAfter.defaultAudioLanguage).toBe('en');

    const history = await app.db.select().from(simTitleHistory).where(eq(simTitleHistory.videoId, videoId));
    expect(history.map((change) => change.title)).toEqual([before.title, after.title]);
  });

  it('keeps fields YouTube does not have absent (no tags, no default language)', async () => {
    const { connection } = await signInDemo(testApp);
    const videoId = demoVideo(4);
    const before = await storedVideo(videoId);
    expect(before.tags).toBeNull();
    expect(before.defaultLanguage).toBeNull();
    await setTitle(testApp.built.app, connection, videoId, 'Sourdough Discard: 3 Recipes, Zero Waste');
    const after = await storedVideo(videoId);
    expect(after).toMatchObject({
      title: 'Sourdough Discard: 3 Recipes, Zero Waste',
      description: before.description,
      tags: null,
      categoryId: before.categoryId,
      defaultLanguage: null,
      defaultAudioLanguage: 'en',
    });
  });

  it("keeps the creator's own Studio edit made since Titlewise last read the video", async () => {
    const { connection } = await signInDemo(testApp);
    const app = testApp.built.app;
    const videoId = demoVideo(1);
    const lastSeen = await readSnippet(app, connection, videoId);
    const edit = await control(testApp, 'POST', `/videos/${videoId}/studio-edit`, {
      description: 'Edited in Studio ✂️\nNew pinned link: https://example.com/new',
      tags: ['studio tag', 'weeknight'],
    });
    expect(edit.status).toBe(200);

    await setTitle(app, connection, videoId, 'Lemon Garlic Chicken Thighs in One Pan');
    const after = await readSnippet(app, connection, videoId);
    expect(after.description).toBe('Edited in Studio ✂️\nNew pinned link: https://example.com/new');
    expect(after.tags).toEqual(['studio tag', 'weeknight']);
    expect(after.description).not.toBe(lastSeen.description);
  });

  it('writes nothing when the title is already live, and reads nothing again when given the snippet just read', async () => {
    const { connection } = await signInDemo(testApp);
    const app = testApp.built.app;
    const videoId = demoVideo(2);
    const current = await readSnippet(app, connection, videoId);
    const ledgerBefore = await ledgerUnitsToday(testApp);
    expect((await setTitle(app, connection, videoId, current.title)).outcome).toBe('unchanged');
    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(1);
    const written = await setTitle(app, connection, videoId, 'Another title', { current });
    expect(written).toMatchObject({ outcome: 'applied', confirmed: true, before: current });
    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(51);
  });

  it('refuses titles YouTube would refuse before making any call', async () => {
    const { connection } = await signInDemo(testApp);
    const entries = (await ledgerEntries(testApp)).length;
    const simulatorUnits = await simulatorUnitsToday(testApp);
    for (const title of ['x'.repeat(101), 'Crispy <b>potatoes</b>', 'Rice > pasta', '   ']) {
      await expect(setTitle(testApp.built.app, connection, demoVideo(3), title)).rejects.toBeInstanceOf(
        InvalidMetadataError,
      );
    }
    expect((await ledgerEntries(testApp)).length).toBe(entries);
    expect(await simulatorUnitsToday(testApp)).toBe(simulatorUnits);
    expect((await storedVideo(demoVideo(3))).title).toBe(videoCatalog['sim-demo']![3]!.title);
  });
});

describe('batch statistics', () => {
  it('asks for at most 50 ids per call and answers every known video', async () => {
    const { connection } = await signInDemo(testApp);
    const known = videoCatalog['sim-demo']!.map((_, index) => demoVideo(index));
    const unknown = Array.from({ length: 50 }, (_, index) => `unknown${String(index).padStart(4, '0')}`);
    const ledgerBefore = await ledgerEntries(testApp);
    const statistics = await batchStatistics(testApp.built.app, connection, [
      ...known,
      ...unknown,
      known[0]!,
    ]);
    const calls = (await ledgerEntries(testApp)).slice(ledgerBefore.length);
    expect(calls.map((call) => [call.method, call.units])).toEqual([
      ['videos.batchGetStats', 1],
      ['videos.batchGetStats', 1],
    ]);
    expect([...statistics.keys()].sort()).toEqual([...known].sort());
    for (const entry of statistics.values()) {
      expect(entry.viewCount).toBeGreaterThan(0);
      expect(entry.likeCount).toBeLessThan(entry.viewCount);
    }
  });
});
