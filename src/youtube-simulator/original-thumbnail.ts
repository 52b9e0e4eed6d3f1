import sharp from 'sharp';
import { thumbnailSvg } from './thumbnail-svg';
import { thumbnailDimensions, type ThumbnailSize } from './video-resources';
import type { SimVideo } from './video-store';

/**
 * A video's original thumbnail as i.ytimg.com serves one: a JPEG at the size's dimensions,
 * rendered from the generated SVG. A product can then fetch it and put it back through
 * thumbnails.set, which takes only JPEG or PNG (docs/youtube.md#custom-thumbnails).
 */

/** Rendered images kept: enough for every size of the demo channels' videos, a few MB at most. */
const MAX_CACHED = 200;
const JPEG_QUALITY = 85;

// Keyed by everything the pixels depend on; the promise is kept so concurrent requests render once.
const rendered = new Map<string, Promise<Buffer>>();

const cacheKey = (video: SimVideo, size: ThumbnailSize) =>
  JSON.stringify([video.id, size, video.thumbnailHue, video.thumbnailLabel, video.durationSec]);

/** The same bytes for the same video and size, whenever asked (libvips encodes deterministically). */
export function originalThumbnailJpeg(video: SimVideo, size: ThumbnailSize): Promise<Buffer> {
  const key = cacheKey(video, size);
  const cached = rendered.get(key);
  if (cached) {
    // Most recently used goes last, so eviction drops the least recently used.
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const [width, height] = thumbnailDimensions(size);
  // The title only labels the SVG for screen readers and changes with every rotation: it stays out
  // of the pixels, so the original's bytes do not change when the title does.
  const svg = thumbnailSvg({ ...video, title: '' }, width, height);
  const rendering = sharp(Buffer.from(svg))
    .resize(width, height, { fit: 'fill' })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  rendered.set(key, rendering);
  rendering.catch(() => rendered.delete(key));
  while (rendered.size > MAX_CACHED) rendered.delete(rendered.keys().next().value!);
  return rendering;
}
