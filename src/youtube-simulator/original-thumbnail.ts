import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { thumbnailSvg } from './thumbnail-svg';
import { listedThumbnailSizes, thumbnailDimensions, type ThumbnailSize } from './video-resources';
import type { SimVideo } from './video-store';

/**
 * A video's original thumbnail as i.ytimg.com serves one: a JPEG at the size's dimensions,
 * rendered from the generated design. A product can then fetch it and put it back through
 * thumbnails.set, which takes only JPEG or PNG (docs/youtube.md#custom-thumbnails).
 */

/** What the original's pixels depend on. */
export type ThumbnailDesign = Pick<SimVideo, 'id' | 'thumbnailHue' | 'thumbnailLabel' | 'durationSec'>;

/**
 * Rendered images kept: enough for every size of the demo channels' videos. Most are small; a
 * 3840 × 2160 one is about 250 KB, so the cache stays within some tens of MB.
 */
const MAX_CACHED = 200;
/** Originals' fingerprints kept (5 to 8 short strings a video). */
const MAX_FINGERPRINTED = 5_000;
const JPEG_QUALITY = 85;

// Keyed by everything the pixels depend on; the promise is kept so concurrent requests render once.
const rendered = new Map<string, Promise<Buffer>>();
const fingerprints = new Map<string, Promise<Set<string>>>();

const designKey = (video: ThumbnailDesign) =>
  JSON.stringify([video.id, video.thumbnailHue, video.thumbnailLabel, video.durationSec]);

/** Caches `make()` under `key`, least recently used dropped first beyond `limit`; failures are not kept. */
function remembered<T>(cache: Map<string, Promise<T>>, limit: number, key: string, make: () => Promise<T>) {
  const cached = cache.get(key);
  if (cached) {
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const made = make();
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  while (cache.size > limit) cache.delete(cache.keys().next().value!);
  return made;
}

/** The same bytes for the same video and size, whenever asked (libvips encodes deterministically). */
export function originalThumbnailJpeg(video: ThumbnailDesign, size: ThumbnailSize): Promise<Buffer> {
  return remembered(rendered, MAX_CACHED, `${designKey(video)}/${size}`, () => {
    const [width, height] = thumbnailDimensions(size);
    // The title only labels the SVG for screen readers and changes with every rotation: it stays
    // out of the render, so the original's bytes do not change when the title does.
    const svg = thumbnailSvg({ ...video, title: '' }, width, height);
    return sharp(Buffer.from(svg))
      .resize(width, height, { fit: 'fill' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  });
}

/** Whether an image set through thumbnails.set is the video's own original, at any size it lists. */
export async function isOriginalThumbnail(video: ThumbnailDesign, sha256: string): Promise<boolean> {
  const originals = await remembered(fingerprints, MAX_FINGERPRINTED, designKey(video), async () => {
    const sizes = listedThumbnailSizes(video.id);
    const images = await Promise.all(sizes.map((size) => originalThumbnailJpeg(video, size)));
    return new Set(images.map((bytes) => createHash('sha256').update(bytes).digest('hex')));
  });
  return originals.has(sha256);
}
