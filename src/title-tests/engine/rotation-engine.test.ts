import { describe, expect, it } from 'vitest';
import { dueRotation, slotTitleAction, switchSlot } from './rotation-engine';
import { FakeYouTube, youtubeFails } from './fake-youtube-port';
import { appliedThrough, at, contextWithout, titleTestRecord } from './engine-fixtures';
import type { TestRecord } from '../records/title-test-records';

// What a slot does on YouTube (rotation-engine.ts): which slot is due, what the live title says
// about who changed it, and which calls the switch makes. The database side (recording the slot,
// pausing, the wake-ups) is covered by test/integration/title-test-lifecycle and -faults.

/** The video of `record` on a fake YouTube, showing `title`. */
function youtubeShowing(title: string) {
  const youtube = new FakeYouTube();
  youtube.addVideo({ videoId: 'video-1', title, viewCount: 5000 });
  return youtube;
}

const slot = (record: TestRecord, number: number) => record.rotations.find((entry) => entry.slot === number)!;

describe('which slot is due', () => {
  const record = titleTestRecord();

  it('none before the first slot starts', () => {
    expect(dueRotation(record, at(-1))).toBeUndefined();
  });

  it('the slot whose start has passed, from its first minute', () => {
    expect(dueRotation(record, at(120))?.slot).toBe(2);
    expect(dueRotation(record, at(179))?.slot).toBe(2);
  });

  it('after downtime, the current slot: missed slots are skipped, not played late', () => {
    expect(dueRotation(record, at(4 * 60 + 5))?.slot).toBe(4);
  });
});

describe('what the live title says', () => {
  it('the slot’s title already live: nothing to write (an earlier attempt’s write landed)', () => {
    expect(slotTitleAction('Title two', 'Title two', 'The original title')).toBe('in-place');
  });

  it('the title the product left live: the slot’s title is written', () => {
    expect(slotTitleAction('The original title', 'Title two', 'The original title')).toBe('write');
  });

  it('any other title was set outside Titlewise, even another variant’s', () => {
    expect(slotTitleAction('My own title', 'Title two', 'The original title')).toBe('outside');
    expect(slotTitleAction('Title three', 'Title two', 'The original title')).toBe('outside');
  });
});

describe('switching a slot on YouTube', () => {
  it('writes the slot’s title over the one the product left live, once, and confirms it', async () => {
    const record = appliedThrough(titleTestRecord(), 0); // The original title went live in slot 0.
    const youtube = youtubeShowing('The original title');
    const written: Array<[string, number]> = [];
    const ctx = contextWithout(youtube, { afterTitleWrite: (testId, at) => void written.push([testId, at]) });

    const found = await switchSlot(ctx, record, slot(record, 1));

    expect(found).toEqual({ outcome: 'switched', viewCount: 5000, confirmed: true, thumbnail: null });
    expect(youtube.calls.map((call) => call.method)).toEqual(['getVideo', 'setTitle']);
    expect(youtube.callsOf('setTitle')).toMatchObject([{ videoId: 'video-1', title: 'Title two' }]);
    expect(youtube.video('video-1')?.title).toBe('Title two');
    expect(written).toEqual([['test-1', 1]]);
  });

  it('sends the whole snippet it just read: the creator’s description, tags and languages stay', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    // Edited in Studio before this slot: the write must carry the new description, not lose it.
    youtube.editInStudio('video-1', { description: 'New chapters, added this morning.' });
    const before = youtube.video('video-1')!.snippet;

    await switchSlot(contextWithout(youtube), record, slot(record, 1));

    const [write] = youtube.callsOf('setTitle');
    expect(write?.snippet).toEqual(before);
    expect(youtube.video('video-1')!.snippet).toEqual({ ...before, title: 'Title two' });
  });

  it('writes nothing when the slot’s title is already live (a retry after a crash)', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('Title two');

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 1));

    expect(found).toMatchObject({ outcome: 'switched', confirmed: true });
    expect(youtube.callsOf('setTitle')).toEqual([]);
  });

  it('the first slot on the original title: read, nothing written', async () => {
    const record = titleTestRecord();
    const youtube = youtubeShowing('The original title');

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 0));

    expect(found).toMatchObject({ outcome: 'switched', viewCount: 5000, confirmed: true });
    expect(youtube.calls.map((call) => call.method)).toEqual(['getVideo']);
  });

  it('leaves a title changed outside Titlewise alone, and says what it is', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    youtube.editInStudio('video-1', { title: 'My own better title' });

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 1));

    expect(found).toMatchObject({ outcome: 'outside', viewCount: 5000 });
    expect(found.outcome === 'outside' && found.reason).toContain('“My own better title”');
    expect(youtube.callsOf('setTitle')).toEqual([]);
    expect(youtube.video('video-1')?.title).toBe('My own better title');
  });

  it('a video deleted on YouTube is gone: nothing is written', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    youtube.deleteVideo('video-1');

    expect(await switchSlot(contextWithout(youtube), record, slot(record, 1))).toEqual({ outcome: 'gone' });
    expect(youtube.calls.map((call) => call.method)).toEqual(['getVideo']);
  });

  it('a write YouTube answers with another title is not confirmed', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    youtube.answerTitle = (sent) => sent.toUpperCase();

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 1));

    expect(found).toMatchObject({ outcome: 'switched', confirmed: false });
  });

  it('YouTube’s errors reach the caller, classified: a spent quota writes nothing', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    youtube.failNext('getVideo', youtubeFails.quotaExceeded());

    const error = await switchSlot(contextWithout(youtube), record, slot(record, 1)).catch((e: unknown) => e);

    expect(youtube.classify(error).kind).toBe('quota');
    expect(youtube.callsOf('setTitle')).toEqual([]);
  });

  it('a 503 on the write is thrown as transient, and the title stays as it was', async () => {
    const record = appliedThrough(titleTestRecord(), 0);
    const youtube = youtubeShowing('The original title');
    youtube.failNext('setTitle', youtubeFails.serverError(503));

    const error = await switchSlot(contextWithout(youtube), record, slot(record, 1)).catch((e: unknown) => e);

    expect(youtube.classify(error).kind).toBe('transient');
    expect(youtube.video('video-1')?.title).toBe('The original title');
    // The retry finds the product's title still live and writes.
    await switchSlot(contextWithout(youtube), record, slot(record, 1));
    expect(youtube.video('video-1')?.title).toBe('Title two');
  });
});

describe('switching a package (thumbnail and title)', () => {
  const image = (name: string) => Buffer.from(`image ${name}`);

  /** A package test whose slot 0 (variant 0) is live, each variant's image served as YouTube re-encodes it. */
  function packageTest(youtube: FakeYouTube) {
    const served = ['A', 'B', 'C'].map((name) => {
      youtube.addVideo({ videoId: `probe-${name}`, thumbnail: image(name) });
      return youtube.servedSha256(`probe-${name}`)!;
    });
    const base = appliedThrough(titleTestRecord({ kind: 'packages', liveThumbnailSha256: served[0]! }), 0);
    return {
      ...base,
      variants: base.variants.map((variant, index) => ({
        ...variant,
        servedThumbnailSha256: served[index]!,
      })),
    };
  }

  it('a thumbnail changed outside Titlewise pauses the switch before any write, the title’s too', async () => {
    const youtube = new FakeYouTube();
    const record = packageTest(youtube);
    youtube.addVideo({ videoId: 'video-1', title: 'The original title', thumbnail: image('creator') });
    youtube.calls.length = 0;

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 1));

    expect(found).toMatchObject({ outcome: 'outside', viewCount: 1000 });
    expect(found.outcome === 'outside' && found.reason).toContain('thumbnail was changed outside');
    expect(youtube.calls.map((call) => call.method)).toEqual(['getVideo', 'servedThumbnail']);
  });

  it('the slot’s image already served: only the title is written', async () => {
    const youtube = new FakeYouTube();
    const record = packageTest(youtube);
    youtube.addVideo({ videoId: 'video-1', title: 'The original title', thumbnail: image('B') });
    youtube.calls.length = 0;

    const found = await switchSlot(contextWithout(youtube), record, slot(record, 1));

    expect(found).toMatchObject({ outcome: 'switched', confirmed: true, thumbnail: { outcome: 'live' } });
    expect(youtube.calls.map((call) => call.method)).toEqual(['getVideo', 'servedThumbnail', 'setTitle']);
  });
});
