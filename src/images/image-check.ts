import sharp from 'sharp';
import {
  IMAGE_WORK_SECONDS,
  MAX_IMAGE_PIXELS,
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_SHAPES,
  THUMBNAIL_TYPES,
  type FitMode,
  type ThumbnailType,
} from '../shared/image-rules';
import type { VideoFormat } from '../shared/video-format';

/*
 * What an image file is, read from its content by sharp (libvips), and the one decode every upload
 * gets: re-encoded as a plain JPEG or PNG (or fitted to 1280 × 720), so nothing but the picture is
 * ever stored or served. Never by a file name or a declared type: the bytes say.
 */

// One libvips thread per operation, and no cache of decoded images: an upload's work takes one
// core at most (src/images/image-work.ts lets one run at a time), and nothing decoded lingers.
sharp.concurrency(1);
sharp.cache(false);

/** An image as it was read: its type by content, its size in pixels and in bytes. */
export interface InspectedImage {
  contentType: ThumbnailType;
  width: number;
  height: number;
  byteSize: number;
}

/** An image's bytes with what they are. */
export interface EncodedImage extends InspectedImage {
  bytes: Buffer;
}

/** What a file's header says, before any pixel is decoded. */
export interface ImageHeader {
  contentType: ThumbnailType;
  /** As shown: an EXIF orientation that turns the picture a quarter is applied. */
  width: number;
  height: number;
}

const TYPE_OF_FORMAT: Record<string, ThumbnailType> = { jpeg: 'image/jpeg', png: 'image/png' };

/**
 * A decoder that stops at MAX_IMAGE_PIXELS, fails on any warning (a truncated or corrupt file)
 * and gives up after IMAGE_WORK_SECONDS.
 */
const reader = (bytes: Buffer) =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' }).timeout({
    seconds: IMAGE_WORK_SECONDS,
  });

/** The file's type and shown size from its header alone; null when it is no JPEG or PNG header. */
export async function readHeader(bytes: Buffer): Promise<ImageHeader | null> {
  if (bytes.length === 0) return null;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
    const contentType = metadata.format ? TYPE_OF_FORMAT[metadata.format] : undefined;
    if (!contentType || !metadata.width || !metadata.height) return null;
    const turned = (metadata.orientation ?? 1) >= 5;
    return {
      contentType,
      width: turned ? metadata.height : metadata.width,
      height: turned ? metadata.width : metadata.height,
    };
  } catch {
    return null;
  }
}

/**
 * The image's facts, or null when the bytes are no JPEG or PNG that decodes in full: another
 * format (GIF, WebP, SVG, …), text, a truncated or corrupt file, or one over MAX_IMAGE_PIXELS.
 * For images Titlewise did not take from a creator (the thumbnail YouTube serves).
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage | null> {
  const header = await readHeader(bytes);
  if (!header || header.width * header.height > MAX_IMAGE_PIXELS) return null;
  try {
    // The header alone can look right on a cut-off file: decode every pixel (stats reads them all
    // and keeps none), so a file that would fail on YouTube's side fails here.
    const metadata = await reader(bytes).metadata();
    await reader(bytes).stats();
    return {
      contentType: header.contentType,
      width: metadata.width,
      height: metadata.height,
      byteSize: bytes.length,
    };
  } catch {
    return null;
  }
}

/** Why a decode failed: the time limit, or a file that is no whole image. */
export class ImageReadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'unreadable',
    options: { cause: unknown },
  ) {
    super(reason === 'timeout' ? 'Reading the image took too long' : 'The image does not decode', options);
    this.name = 'ImageReadError';
  }
}

async function decoded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const timedOut = error instanceof Error && /timeout/i.test(error.message);
    throw new ImageReadError(timedOut ? 'timeout' : 'unreadable', { cause: error });
  }
}

/** The quality of a re-encoded JPEG upload: close to the file sent, whatever it was saved at. */
const REENCODE_QUALITY = 92;

/**
 * The image decoded once and written again in its own format, turned upright: no EXIF (camera,
 * GPS position, owner), no ICC or XMP chunk, no private PNG chunk, no bytes after the picture.
 * Throws ImageReadError when the bytes do not decode in full or in time.
 */
export async function reencodeImage(bytes: Buffer, contentType: ThumbnailType): Promise<EncodedImage> {
  return decoded(async () => {
    const image = reader(bytes).rotate();
    const output =
      contentType === 'image/png'
        ? image.png()
        : image.flatten({ background: '#000' }).jpeg({ quality: REENCODE_QUALITY });
    const { data, info } = await output.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType, width: info.width, height: info.height, byteSize: data.length };
  });
}

/** The JPEG qualities tried in turn until the fitted image is within YouTube's size limit. */
const FIT_QUALITIES = [90, 82, 74, 66, 58, 50, 40, 30];

/**
 * The image as a JPEG of the size YouTube recommends for `format` (1280 × 720 for a video,
 * 1080 × 1920 for a Short): `crop` fills the frame and cuts the overflow around the centre,
 * `letterbox` shows it all on black bars. Smaller images are scaled up, larger ones down; an
 * alpha channel is flattened on black. Quality steps down until the file is within YouTube's limit
 * (MAX_THUMBNAIL_BYTES; at a recommended size the first quality always is since it became 50 MB).
 * Throws ImageReadError when the bytes do not decode in full or in time.
 */
export async function fitImage(
  bytes: Buffer,
  mode: FitMode,
  format: VideoFormat = 'video',
): Promise<EncodedImage> {
  const { width, height } = THUMBNAIL_SHAPES[format].recommended;
  const black = { r: 0, g: 0, b: 0, alpha: 1 };
  // Decoded and resized once; only the JPEG encoding is repeated.
  const pixels = await decoded(() =>
    reader(bytes)
      .rotate()
      .resize(width, height, {
        fit: mode === 'crop' ? 'cover' : 'contain',
        position: 'centre',
        background: black,
      })
      .flatten({ background: black })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  for (const quality of FIT_QUALITIES) {
    const jpeg = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality }).toBuffer();
    if (jpeg.length <= MAX_THUMBNAIL_BYTES) {
      return { bytes: jpeg, contentType: THUMBNAIL_TYPES[0], width, height, byteSize: jpeg.length };
    }
  }
  throw new Error(
    `A ${width} × ${height} JPEG stayed over ${MAX_THUMBNAIL_BYTES} bytes at quality ${FIT_QUALITIES.at(-1)}.`,
  );
}
