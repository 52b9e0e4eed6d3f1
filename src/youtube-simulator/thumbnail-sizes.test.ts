import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageSizeOf } from './image-size';
import type { CustomThumbnail } from './thumbnail-store';
import {
  listedThumbnailSizes,
  originalLargestSize,
  thumbnailDimensions,
  thumbnails,
  type ThumbnailSize,
} from './video-resources';

// Which sizes snippet.thumbnails lists for a simulated video (fhd, qhd and uhd since 11 September
// 2026, for some videos only), and the image sizes the simulator reads from a custom image's header.

const FIVE: ThumbnailSize[] = ['default', 'medium', 'high', 'standard', 'maxres'];
const ids = Array.from({ length: 800 }, (_, index) => `video${index}`);
const custom = (width: number | null, height: number | null, mimeType = 'image/png'): CustomThumbnail => ({
  mimeType,
  sha256: 'ab'.repeat(32),
  width,
  height,
});

describe("a simulated video's thumbnail sizes", () => {
  it('lists the five sizes for every video, and fhd, qhd, uhd up to its original’s largest for one in eight each', () => {
    const upTo: Record<ReturnType<typeof originalLargestSize>, ThumbnailSize[]> = {
      maxres: FIVE,
      fhd: [...FIVE, 'fhd'],
      qhd: [...FIVE, 'fhd', 'qhd'],
      uhd: [...FIVE, 'fhd', 'qhd', 'uhd'],
    };
    const largest = ids.map(originalLargestSize);
    for (const [index, id] of ids.entries()) {
      const sizes = listedThumbnailSizes(id);
      expect(sizes).toEqual(upTo[largest[index]!]);
      // The same answer whenever asked: it hangs on the id alone.
      expect(listedThumbnailSizes(id)).toEqual(sizes);
    }
    for (const size of ['fhd', 'qhd', 'uhd'] as const) {
      const share = largest.filter((drawn) => drawn === size).length / ids.length;
      expect(share, size).toBeGreaterThan(0.08);
      expect(share, size).toBeLessThan(0.17);
    }
  });

  it('lists, once a custom image is set, the large sizes within its pixels, whatever the original had', () => {
    const uhdVideo = ids.find((id) => originalLargestSize(id) === 'uhd')!;
    const maxresVideo = ids.find((id) => originalLargestSize(id) === 'maxres')!;
    for (const id of [uhdVideo, maxresVideo]) {
      expect(listedThumbnailSizes(id, custom(5120, 2880))).toEqual([...FIVE, 'fhd', 'qhd', 'uhd']);
      expect(listedThumbnailSizes(id, custom(3840, 2160))).toEqual([...FIVE, 'fhd', 'qhd', 'uhd']);
      expect(listedThumbnailSizes(id, custom(3840, 2159))).toEqual([...FIVE, 'fhd', 'qhd']);
      expect(listedThumbnailSizes(id, custom(2560, 1440))).toEqual([...FIVE, 'fhd', 'qhd']);
      expect(listedThumbnailSizes(id, custom(1920, 1080))).toEqual([...FIVE, 'fhd']);
      expect(listedThumbnailSizes(id, custom(1280, 720))).toEqual(FIVE);
      expect(listedThumbnailSizes(id, custom(16, 9))).toEqual(FIVE);
      // A header the simulator could not read: the five sizes.
      expect(listedThumbnailSizes(id, custom(null, null))).toEqual(FIVE);
    }
  });

  it('gives each listed size its URL and dimensions, and no other size', () => {
    const id = ids.find((candidate) => originalLargestSize(candidate) === 'qhd')!;
    const original = thumbnails('http://sim', id);
    expect(Object.keys(original)).toEqual([...FIVE, 'fhd', 'qhd']);
    expect(original.qhd).toEqual({ url: `http://sim/vi/${id}/qhd.jpg`, width: 2560, height: 1440 });
    const set = thumbnails('http://sim', id, custom(3840, 2160));
    expect(Object.keys(set)).toEqual([...FIVE, 'fhd', 'qhd', 'uhd']);
    expect(set.uhd).toEqual({
      url: `http://sim/vi/${id}/uhd.png?v=${'ab'.repeat(8)}`,
      width: 3840,
      height: 2160,
    });
    expect(thumbnailDimensions('fhd')).toEqual([1920, 1080]);
  });
});

describe("a custom image's size from its header", () => {
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#36c' } });

  it('reads a PNG’s IHDR and a JPEG’s frame header, baseline or progressive, after other segments', async () => {
    expect(imageSizeOf(await picture(3840, 2160).png().toBuffer())).toEqual({ width: 3840, height: 2160 });
    expect(imageSizeOf(await picture(1920, 1080).jpeg().toBuffer())).toEqual({ width: 1920, height: 1080 });
    expect(imageSizeOf(await picture(2560, 1440).jpeg({ progressive: true }).toBuffer())).toEqual({
      width: 2560,
      height: 1440,
    });
    const withExif = await picture(1280, 720)
      .withExif({ IFD0: { Artist: 'Someone' } })
      .withIccProfile('srgb')
      .jpeg()
      .toBuffer();
    expect(imageSizeOf(withExif)).toEqual({ width: 1280, height: 720 });
  });

  it('answers null for bytes that are no JPEG or PNG, or a JPEG cut before its frame header', async () => {
    expect(imageSizeOf(Buffer.from('GIF89a and more bytes after it, enough'))).toBeNull();
    expect(imageSizeOf(Buffer.alloc(0))).toBeNull();
    const withExif = await picture(1280, 720)
      .withExif({ IFD0: { Artist: 'Someone' } })
      .jpeg()
      .toBuffer();
    expect(imageSizeOf(withExif.subarray(0, 30))).toBeNull();
  });
});
