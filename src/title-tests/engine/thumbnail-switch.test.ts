import { describe, expect, it } from 'vitest';
import { servedThumbnailAt, switchThumbnail, thumbnailAction } from './thumbnail-switch';
import { FakeYouTube } from './fake-youtube-port';
import { appliedThrough, contextWithout, titleTestRecord } from './engine-fixtures';

// When a switch sets a thumbnail, and when it leaves the served one alone (thumbnail-switch.ts).
// Setting an image reads it from the image store: test/integration/thumbnail-tests and
// worker-thumbnail-crash cover that path.

const wanted = new Set(['sha-wanted', 'sha-wanted-as-served']);

describe('what a switch does with the served thumbnail', () => {
  it('the wanted image, under any fingerprint it is known by, is left as it is', () => {
    for (const served of wanted)
      expect(thumbnailAction({ served, wanted, leftLive: 'sha-previous', requested: false })).toBe('live');
  });

  it('the image the engine left live is replaced', () => {
    expect(
      thumbnailAction({ served: 'sha-previous', wanted, leftLive: 'sha-previous', requested: false }),
    ).toBe('set');
  });

  it('another image, with this slot’s set already requested: the set landed before a crash', () => {
    expect(thumbnailAction({ served: 'sha-new', wanted, leftLive: 'sha-previous', requested: true })).toBe(
      'landed',
    );
  });

  it('another image, not requested: the creator’s own, left alone', () => {
    expect(
      thumbnailAction({ served: 'sha-creator', wanted, leftLive: 'sha-previous', requested: false }),
    ).toBe('outside');
  });

  it('at the end, one of the test’s own images is replaced rather than kept as the creator’s', () => {
    const ours = new Set(['sha-other-variant']);
    expect(
      thumbnailAction({
        served: 'sha-other-variant',
        wanted,
        leftLive: 'sha-previous',
        requested: false,
        ours,
      }),
    ).toBe('set');
    expect(
      thumbnailAction({ served: 'sha-creator', wanted, leftLive: 'sha-previous', requested: false, ours }),
    ).toBe('outside');
  });

  it('nothing left live yet (a resume after an outside edit): the creator asked to go on, so it is set', () => {
    expect(thumbnailAction({ served: 'sha-creator', wanted, leftLive: null, requested: false })).toBe('set');
  });
});

describe('reading the served thumbnail on the fake YouTube', () => {
  const image = (name: string) => Buffer.from(`image ${name}`);

  function setUp(live: string) {
    const youtube = new FakeYouTube();
    youtube.addVideo({ videoId: 'left-live', thumbnail: image('left live') });
    youtube.addVideo({ videoId: 'wanted', thumbnail: image('wanted') });
    const video = youtube.addVideo({ videoId: 'video-1', thumbnail: image(live) });
    const record = appliedThrough(
      titleTestRecord({ kind: 'thumbnails', liveThumbnailSha256: youtube.servedSha256('left-live') }),
      0,
    );
    const variant = { ...record.variants[1]!, servedThumbnailSha256: youtube.servedSha256('wanted') };
    youtube.calls.length = 0;
    return { youtube, video, record, variant };
  }

  it('the wanted image served already: one image fetch, no API call', async () => {
    const { youtube, video, record, variant } = setUp('wanted');
    let marked = false;

    const switched = await switchThumbnail(contextWithout(youtube), record, video, variant, {
      requestedAt: null,
      markRequested: async () => void (marked = true),
    });

    expect(switched).toEqual({
      outcome: 'live',
      servedSha256: youtube.servedSha256('video-1'),
      confirmed: true,
    });
    expect(youtube.calls).toEqual([{ method: 'servedThumbnail', url: video.thumbnailUrl }]);
    expect(marked).toBe(false);
  });

  it('the creator’s image: nothing set, nothing marked', async () => {
    const { youtube, video, record, variant } = setUp('creator');
    let marked = false;

    const switched = await switchThumbnail(contextWithout(youtube), record, video, variant, {
      requestedAt: null,
      markRequested: async () => void (marked = true),
    });

    expect(switched).toEqual({ outcome: 'outside', servedSha256: youtube.servedSha256('video-1') });
    expect(youtube.callsOf('setThumbnail')).toEqual([]);
    expect(marked).toBe(false);
  });

  it('a video with no thumbnail URL is an error, not a guess', async () => {
    await expect(servedThumbnailAt(contextWithout(new FakeYouTube()), null)).rejects.toThrow(
      /no thumbnail URL/,
    );
  });
});
