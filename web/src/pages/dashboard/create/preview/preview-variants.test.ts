import { describe, expect, it } from 'vitest';
import { initialFormState, withKind, withThumbnailSlot } from '../create-test-form';
import { previewVariants } from './preview-variants';

const base = {
  ...initialFormState(new Date(2026, 10, 26)),
  videoId: 'v1',
  videoTitle: 'My video',
  videoThumbnailUrl: '/current.jpg',
  titles: ['My video', 'Second', '', 'Fourth', ''],
};
const ready = (id: string) =>
  ({
    state: 'ready',
    fileName: `${id}.png`,
    image: {
      id,
      url: `/${id}`,
      width: 1280,
      height: 720,
      byteSize: 1,
      fitted: null,
      sentWidth: 1280,
      sentHeight: 720,
    },
  }) as const;

describe('previewVariants', () => {
  it('shows a title test’s titles on the current thumbnail', () => {
    expect(previewVariants(base)).toEqual([
      { name: 'Title 1', title: 'My video', thumbnailUrl: '/current.jpg' },
      { name: 'Title 2', title: 'Second', thumbnailUrl: '/current.jpg' },
      { name: 'Title 4', title: 'Fourth', thumbnailUrl: '/current.jpg' },
    ]);
  });

  it('shows a thumbnail test’s stored images under the video’s title', () => {
    const form = withThumbnailSlot(withKind(base, 'thumbnails'), 2, ready('b'));
    expect(previewVariants(form)).toEqual([
      { name: 'Thumbnail 1', title: 'My video', thumbnailUrl: '/current.jpg' },
      { name: 'Thumbnail 3', title: 'My video', thumbnailUrl: '/b' },
    ]);
  });

  it('pairs a package test’s titles with their images, a placeholder until one is stored', () => {
    const form = withThumbnailSlot(withKind(base, 'packages'), 1, ready('a'));
    expect(previewVariants(form).map((variant) => variant.thumbnailUrl)).toEqual([
      '/current.jpg',
      '/a',
      null,
    ]);
  });
});
