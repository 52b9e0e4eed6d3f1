import sharp from 'sharp';
import { storeImage } from '../../src/images/images.service';
import type { ServiceContext } from '../../src/context/service-context';
import { RECOMMENDED_THUMBNAIL } from '../../src/shared/image-rules';
import { rotatesThumbnails } from '../../src/shared/test-kinds';
import { inParallel } from '../rotation/measure';
import type { Creator } from './population';

// The new thumbnails of the thumbnail and package tests: one uploaded image per test, as the
// creator's upload leaves it (checked already: a 1280 × 720 JPEG), stored through the images
// service the upload route uses.

const { width: WIDTH, height: HEIGHT } = RECOMMENDED_THUMBNAIL;
/** Images stored at once: each is its own small transaction. */
const STORE_LANES = 4;

export const challengerKey = (creator: Pick<Creator, 'index'>, video: number) => `${creator.index}/${video}`;

/**
 * Stores each thumbnail or package request's challenger image for its creator and returns the
 * image ids by challengerKey. The images share one background and differ in one pixel, so each
 * has bytes (and a SHA-256) of its own, as every test's image on YouTube would.
 */
export async function storeChallengerImages(
  ctx: Pick<ServiceContext, 'db'>,
  creators: readonly Creator[],
): Promise<Map<string, string>> {
  const base = Buffer.alloc(WIDTH * HEIGHT * 3, 0);
  for (let at = 0; at < base.length; at += 3) base.set([40, 110, 190], at);
  const wanted = creators
    .filter((creator) => rotatesThumbnails(creator.kind))
    .flatMap((creator) => creator.requests.map((request) => ({ creator, video: request.video })))
    .map((item, index) => ({ ...item, index }));
  const ids = new Map<string, string>();
  await inParallel(wanted, STORE_LANES, async ({ creator, video, index }) => {
    const pixels = Buffer.from(base);
    // The pixel at (index mod width, index / width) takes a colour of its own.
    const at = (index % (WIDTH * HEIGHT)) * 3;
    pixels.set([index % 256, (index >> 8) % 256, 255 - (index % 256)], at);
    const bytes = await sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    const row = await storeImage(
      ctx,
      creator.userId,
      { bytes, contentType: 'image/jpeg', width: WIDTH, height: HEIGHT },
      'upload',
    );
    ids.set(challengerKey(creator, video), row.id);
  });
  return ids;
}
