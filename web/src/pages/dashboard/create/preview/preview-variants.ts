import { variantName } from '../../../../components/variants/variant-name';
import type { CreateTestFormState } from '../create-test-form';

/** One variant as a viewer would meet it: the title and the thumbnail shown together. */
export interface PreviewVariant {
  /** "Thumbnail 2", "Package 3", "Title 4". */
  name: string;
  title: string;
  /** The image (null: not uploaded yet, or the video has none: a placeholder shows). */
  thumbnailUrl: string | null;
}

/**
 * The variants the form holds now, as they would appear: a title test's titles on the current
 * thumbnail, a thumbnail test's images under the current title, a package test's pairs. Blank
 * rows are left out; an image not stored yet shows as a placeholder.
 */
export function previewVariants(state: CreateTestFormState): PreviewVariant[] {
  const current = state.videoThumbnailUrl;
  const imageAt = (index: number): string | null => {
    if (index === 0) return current;
    const slot = state.thumbnails[index];
    return slot?.state === 'ready' ? slot.image.url : null;
  };
  const name = (index: number) => variantName(state.kind, index);
  if (state.kind === 'thumbnails') {
    const title = state.titles[0]?.trim() || state.videoTitle;
    return state.thumbnails.flatMap((slot, index) =>
      index === 0 || slot.state === 'ready'
        ? [{ name: name(index), title, thumbnailUrl: imageAt(index) }]
        : [],
    );
  }
  return state.titles.flatMap((title, index) =>
    title.trim().length > 0
      ? [
          {
            name: name(index),
            title: title.trim(),
            thumbnailUrl: state.kind === 'packages' ? imageAt(index) : current,
          },
        ]
      : [],
  );
}
