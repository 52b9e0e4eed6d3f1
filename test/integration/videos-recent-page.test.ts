import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_LIMIT } from '../../src/videos/videos.service';
import { videoCatalog } from '../../src/youtube-simulator/video-catalog';
import { insertCatalogVideo, simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { googleCreator } from '../helpers/creators';
import { ledgerEntries, ledgerUnitsToday, simulatorUnitsToday } from '../helpers/youtube-gateway';

// The picker searches what videos.recent loads, in the browser (docs/decisions/0028): one page of
// the uploads playlist, 50 videos, for the 3 units a shorter list cost.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => {
  await testApp.close();
});

describe('the video picker’s list', () => {
  it('is the newest 50 uploads of a channel with more, for 3 units charged to the user', async () => {
    const catalog = videoCatalog['sim-alex']!;
    const oldest = Math.max(...catalog.map((entry) => entry.ageDays));
    const now = testApp.clock.now();
    // 60 older uploads after the channel's own.
    await testApp.built.app.db.transaction(async (tx) => {
      for (let index = 0; index < 60; index++) {
        const id = simulatedVideoId('sim-alex', 1000 + index);
        await insertCatalogVideo(
          tx,
          'sim-alex',
          {
            ...catalog[0]!,
            previousTitles: [],
            title: `Archive recipe ${index + 1}`,
            ageDays: oldest + 1 + index,
          },
          { id, seed: `sim-video/${id}`, now },
        );
      }
    });
    const client = await googleCreator(testApp, 'sim-alex');
    const [ledgerBefore, simulatorBefore] = [
      await ledgerUnitsToday(testApp),
      await simulatorUnitsToday(testApp),
    ];

    const response = await client.get('/api/videos/recent');
    expect(response.status).toBe(200);
    const videos = (await response.json()) as Array<{ id: string; title: string }>;
    expect(RECENT_LIMIT).toBe(50);
    expect(videos).toHaveLength(50);
    expect(videos.map((video) => video.title)).toEqual([
      ...catalog.map((entry) => entry.title),
      ...Array.from({ length: 50 - catalog.length }, (_, index) => `Archive recipe ${index + 1}`),
    ]);

    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(3);
    expect((await simulatorUnitsToday(testApp)) - simulatorBefore).toBe(3);
    const calls = (await ledgerEntries(testApp)).slice(-3);
    expect(calls.map((entry) => entry.method)).toEqual([
      'channels.list',
      'playlistItems.list',
      'videos.list',
    ]);
    expect(calls.every((entry) => entry.purpose === 'user-read')).toBe(true);

    // Within the cache's minute the same list costs nothing more.
    const again = await client.get('/api/videos/recent');
    expect(((await again.json()) as unknown[]).length).toBe(50);
    expect((await ledgerUnitsToday(testApp)) - ledgerBefore).toBe(3);
  });
});
