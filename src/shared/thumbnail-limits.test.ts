import { describe, expect, it } from 'vitest';
import { IMAGE_MESSAGES, MAX_THUMBNAIL_BYTES, MAX_UPLOAD_BYTES, thumbnailProblems } from './image-rules';

// YouTube's custom-thumbnail limit since 14 September 2026 (docs/images.md#what-is-checked).

const MEGABYTE = 1024 * 1024;
const image = (byteSize: number) => ({ contentType: 'image/png', byteSize, width: 3840, height: 2160 });

describe('the thumbnail size limit', () => {
  it('is 50 MB, and an upload may send as much', () => {
    expect(MAX_THUMBNAIL_BYTES).toBe(50 * MEGABYTE);
    expect(MAX_UPLOAD_BYTES).toBe(MAX_THUMBNAIL_BYTES);
    expect(IMAGE_MESSAGES.tooLarge).toContain('over 50 MB');
    expect(IMAGE_MESSAGES.tooLargeToUpload).toContain('over 50 MB');
  });

  it('lets an image of up to 50 MB through, 2 MB ones and 30 MB ones among them, and names one over it', () => {
    for (const size of [2 * MEGABYTE + 1, 30 * MEGABYTE, MAX_THUMBNAIL_BYTES])
      expect(thumbnailProblems(image(size)), String(size)).toEqual([]);
    expect(thumbnailProblems(image(MAX_THUMBNAIL_BYTES + 1))).toEqual([IMAGE_MESSAGES.tooLarge]);
  });
});
