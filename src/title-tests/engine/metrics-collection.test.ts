import { describe, expect, it } from 'vitest';
import { readGroupCounts, shapeOfCadence, type SampledTest } from './metrics-collection';
import { FakeYouTube, youtubeFails } from './fake-youtube-port';
import { connection, otherConnection } from './engine-fixtures';
import type { ChannelConnection } from '../../channels/channel-connections.service';
import type { YouTubeFailure } from './youtube-port';

// How a sampling pass reads the view counters of a group of tests (metrics-collection.ts): which
// grants it reads with, and what a failure stops. Storing the samples is covered by
// test/integration/title-test-counted-windows and -faults.

/** Two channels' videos on the fake YouTube: video-1 on `connection`'s, video-2 on the other's. */
function twoChannels(options: { secondPublic?: boolean } = {}) {
  const youtube = new FakeYouTube();
  youtube.addVideo({ videoId: 'video-1', channelId: connection.youtubeChannelId, viewCount: 1500 });
  youtube.addVideo({
    videoId: 'video-2',
    channelId: otherConnection.youtubeChannelId,
    viewCount: 800,
    public: options.secondPublic ?? true,
  });
  const tests: SampledTest[] = [
    { testId: 'test-1', videoId: 'video-1', connection },
    { testId: 'test-2', videoId: 'video-2', connection: otherConnection },
  ];
  return { youtube, tests };
}

function recordLost() {
  const lost: Array<[string, YouTubeFailure['kind']]> = [];
  const lostGrant = async (grant: ChannelConnection, failure: YouTubeFailure) => {
    lost.push([grant.id, failure.kind]);
  };
  return { lost, lostGrant };
}

describe('reading a group’s view counters', () => {
  it('public videos of every channel in one call, on one grant', async () => {
    const { youtube, tests } = twoChannels();
    const { lost, lostGrant } = recordLost();

    const counts = await readGroupCounts(youtube, tests, lostGrant);

    expect(counts).toEqual(
      new Map([
        ['video-1', 1500],
        ['video-2', 800],
      ]),
    );
    expect(youtube.calls).toEqual([
      { method: 'viewCounts', channelId: 'UC-channel', videoIds: ['video-1', 'video-2'] },
    ]);
    expect(lost).toEqual([]);
  });

  it('a video the first answer leaves out (not public) is read on its owner’s grant', async () => {
    const { youtube, tests } = twoChannels({ secondPublic: false });

    const counts = await readGroupCounts(youtube, tests, recordLost().lostGrant);

    expect(counts.get('video-2')).toBe(800);
    expect(youtube.callsOf('viewCounts').map((call) => [call.channelId, call.videoIds])).toEqual([
      ['UC-channel', ['video-1', 'video-2']],
      ['UC-other', ['video-2']],
    ]);
  });

  it('a revoked grant is reported once, and the next grant reads the public counters', async () => {
    const { youtube, tests } = twoChannels();
    const { lost, lostGrant } = recordLost();
    youtube.failNext('viewCounts', youtubeFails.accessRevoked());

    const counts = await readGroupCounts(youtube, tests, lostGrant);

    expect(lost).toEqual([['connection-1', 'authorization']]);
    expect(counts).toEqual(
      new Map([
        ['video-1', 1500],
        ['video-2', 800],
      ]),
    );
    expect(youtube.callsOf('viewCounts').map((call) => call.channelId)).toEqual(['UC-channel', 'UC-other']);
  });

  it('a spent quota at the first read reads nothing more, and pauses no one', async () => {
    const { youtube, tests } = twoChannels();
    const { lost, lostGrant } = recordLost();
    youtube.failNext('viewCounts', youtubeFails.quotaExceeded());

    expect(await readGroupCounts(youtube, tests, lostGrant)).toEqual(new Map());
    expect(youtube.callsOf('viewCounts')).toHaveLength(1);
    expect(lost).toEqual([]);
  });

  it('a spent quota at an owner’s read keeps the public counters already read', async () => {
    const { youtube, tests } = twoChannels({ secondPublic: false });
    // The first read is answered; the quota runs out at the second.
    youtube.failNext('viewCounts', youtubeFails.quotaExceeded(), { after: 1 });

    const counts = await readGroupCounts(youtube, tests, recordLost().lostGrant);

    expect(counts).toEqual(new Map([['video-1', 1500]]));
    expect(youtube.callsOf('viewCounts').map((call) => call.channelId)).toEqual(['UC-channel', 'UC-other']);
  });

  it('a 5xx is thrown: the job is retried', async () => {
    const { youtube, tests } = twoChannels();
    youtube.failNext('viewCounts', youtubeFails.serverError(500));

    const error = await readGroupCounts(youtube, tests, recordLost().lostGrant).catch((e: unknown) => e);

    expect(youtube.classify(error).kind).toBe('transient');
  });
});

describe('a sampling cadence', () => {
  it('is read back as the test shape it was written from', () => {
    expect(shapeOfCadence('60:views')).toEqual({ rotationIntervalMinutes: 60, winnerMetric: 'views' });
    expect(shapeOfCadence('1440:ctr')).toEqual({ rotationIntervalMinutes: 1440, winnerMetric: 'ctr' });
  });
});
