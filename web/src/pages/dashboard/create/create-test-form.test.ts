import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES } from '#shared/image-rules';
import { TEST_KIND_MESSAGES } from '#shared/test-kinds';
import {
  initialFormState,
  planInput,
  planProblem,
  scheduleInput,
  toCreateInput,
  validationProblem,
  variantCount,
  withKind,
  withPickedVideo,
  withStart,
  withThumbnailSlot,
  type CreateTestFormState,
} from './create-test-form';
import type { ThumbnailSlot } from './thumbnails/thumbnail-slot';

const now = new Date(2026, 10, 26, 9, 30);

describe('a test starting now', () => {
  it('sends only its length: the server starts it by its own clock, not the browser’s', () => {
    const form = initialFormState(now);
    expect(form.startNow).toBe(true);
    expect(scheduleInput(form)).toEqual({ durationDays: 14 });
    const input = toCreateInput({ ...form, videoId: 'v1', titles: ['A', 'B', '', '', ''] });
    expect(input).not.toHaveProperty('startDate');
    expect(input).not.toHaveProperty('endDate');
    expect(input).toMatchObject({ durationDays: 14 });
    expect(planInput({ ...form, titles: ['A', 'B', '', '', ''] })).not.toHaveProperty('startDate');
  });

  it('sends both dates once the creator chooses a start', () => {
    const form = withStart(initialFormState(now), '2026-11-28T08:00');
    expect(form.startNow).toBe(false);
    expect(scheduleInput(form)).toEqual({
      startDate: new Date('2026-11-28T08:00').toISOString(),
      endDate: new Date('2026-12-12T08:00').toISOString(),
    });
  });
});

const video = {
  id: 'v1',
  title: 'My video',
  thumbnailUrl: 'https://i.ytimg.com/vi/v1/hqdefault.jpg',
  viewCount: 1000,
  publishedAt: '2026-11-01T00:00:00Z',
};
const ready = (id: string): ThumbnailSlot => ({
  state: 'ready',
  fileName: `${id}.jpg`,
  image: {
    id,
    url: `/api/images/${id}/file`,
    width: 1280,
    height: 720,
    byteSize: 1000,
    fitted: null,
    sentWidth: 1280,
    sentHeight: 720,
  },
});
const picked = (kind: CreateTestFormState['kind']) =>
  withKind(withPickedVideo(initialFormState(now), video, now), kind);
const withSlots = (state: CreateTestFormState, slots: Record<number, ThumbnailSlot>) =>
  Object.entries(slots).reduce((form, [index, slot]) => withThumbnailSlot(form, Number(index), slot), state);
const withTitles = (state: CreateTestFormState, titles: string[]) => ({
  ...state,
  titles: [...titles, '', '', '', '', ''].slice(0, 5),
});

describe('a title test', () => {
  it('sends its titles and no images, even when images were uploaded for another kind', () => {
    const form = withSlots(withTitles(picked('titles'), ['My video', 'Better']), { 1: ready('i1') });
    expect(validationProblem(form)).toBeNull();
    expect(toCreateInput(form)).toMatchObject({
      kind: 'titles',
      titles: ['My video', 'Better'],
      thumbnailIds: [],
    });
  });
});

describe('a thumbnail test', () => {
  it('keeps the picked video’s current thumbnail as Thumbnail 1', () => {
    expect(picked('thumbnails').videoThumbnailUrl).toBe(video.thumbnailUrl);
  });

  it('needs one new thumbnail; says so, and the plan waits for it', () => {
    const form = picked('thumbnails');
    expect(validationProblem(form)).toBe(TEST_KIND_MESSAGES.thumbnailCount);
    expect(planProblem(form)).toMatch(/Add a thumbnail/);
    expect(variantCount(form)).toBe(1);
  });

  it('sends no titles and the stored images in order, gaps left out; the plan counts every variant', () => {
    const form = withSlots(picked('thumbnails'), { 1: ready('i1'), 3: ready('i3') });
    expect(validationProblem(form)).toBeNull();
    expect(toCreateInput(form)).toMatchObject({ kind: 'thumbnails', titles: [], thumbnailIds: ['i1', 'i3'] });
    expect(variantCount(form)).toBe(3);
    expect(planInput(form)?.titleCount).toBe(3);
  });

  it('waits for an upload, and names a refused image until it is fitted or removed', () => {
    const uploading = withSlots(picked('thumbnails'), {
      1: ready('i1'),
      2: { state: 'uploading', fileName: 'b.png', percent: 40, fit: null },
    });
    expect(validationProblem(uploading)).toBe('Wait for Thumbnail 3’s thumbnail to finish uploading.');
    const refused = withThumbnailSlot(uploading, 2, {
      state: 'refused',
      fileName: 'b.png',
      problems: [IMAGE_MESSAGES.wrongShape],
      canFit: true,
    });
    expect(validationProblem(refused)).toMatch(/^Thumbnail 3’s thumbnail is not one YouTube takes: fit it/);
    expect(toCreateInput(withThumbnailSlot(refused, 2, { state: 'empty' })).thumbnailIds).toEqual(['i1']);
  });
});

describe('a title + thumbnail test', () => {
  it('sends Title 1 and each new title with its image, in the same order', () => {
    const form = withSlots(withTitles(picked('packages'), ['My video', 'Second', '', 'Fourth']), {
      1: ready('i1'),
      3: ready('i3'),
    });
    expect(validationProblem(form)).toBeNull();
    expect(toCreateInput(form)).toMatchObject({
      kind: 'packages',
      titles: ['My video', 'Second', 'Fourth'],
      thumbnailIds: ['i1', 'i3'],
    });
    expect(variantCount(form)).toBe(3);
  });

  it('says which package misses its thumbnail, or its title', () => {
    const noImage = withSlots(withTitles(picked('packages'), ['My video', 'Second', 'Third']), {
      1: ready('i1'),
    });
    expect(validationProblem(noImage)).toBe('Package 3 needs a thumbnail for its title.');
    const noTitle = withSlots(withTitles(picked('packages'), ['My video', 'Second']), {
      1: ready('i1'),
      4: ready('i4'),
    });
    expect(validationProblem(noTitle)).toBe(
      'Package 5 has a thumbnail but no title: enter Title 5 or remove the thumbnail.',
    );
  });

  it('checks the titles with the server’s own rules', () => {
    const form = withSlots(withTitles(picked('packages'), ['My video', '']), { 1: ready('i1') });
    expect(validationProblem(form)).toBe('Title 2 is empty');
  });
});

describe('stopping at the first winner', () => {
  it('is the default: the test stops at the first daily check that names a winner', () => {
    const form = withTitles(picked('titles'), ['My video', 'Better']);
    expect(form.runToEnd).toBe(false);
    expect(toCreateInput(form)).toMatchObject({ runToEnd: false });
  });

  it('sends runToEnd once the creator asks to run until the end date anyway', () => {
    const form = { ...withTitles(picked('titles'), ['My video', 'Better']), runToEnd: true };
    expect(toCreateInput(form)).toMatchObject({ runToEnd: true });
  });
});

describe('the plan preview', () => {
  it('is asked with the kind, and with the video once one is picked (its own figures tell its noise)', () => {
    const before = withTitles(initialFormState(now), ['A', 'B']);
    expect(planInput(before)).toMatchObject({ kind: 'titles' });
    expect(planInput(before)).not.toHaveProperty('videoId');
    const form = withSlots(picked('thumbnails'), { 1: ready('i1') });
    expect(planInput(form)).toMatchObject({ kind: 'thumbnails', videoId: 'v1', titleCount: 2 });
  });
});
