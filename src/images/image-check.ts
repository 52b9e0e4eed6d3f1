import sharp from 'sharp';
import {
  MAX_THUMBNAIL_BYTES,
  RECOMMENDED_THUMBNAIL,
  THUMBNAIL_TYPES,
  type FitMode,
  type ThumbnailType,
} from '../shared/image-rules';

/*
 * What an uploaded file is, read from its content by sharp (libvips), and the fitting of an image
 * YouTube would refuse into one it takes. Never by a file name or a declared type: the bytes say.
 */

/**
 * Decoding stops (sharp's limitInputPixels) at 100 megapixels, far beyond any photo an upload of
 * at most 20 MB holds honestly: a small file that claims vast dimensions (a decompression bomb)
 * is refused before its pixels are allocated.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** An image as it was read: its type by content, its size in pixels and in bytes. */
export interface InspectedImage {
  contentType: ThumbnailType;
  width: number;
  height: number;
  byteSize: number;
}

const TYPE_OF_FORMAT: Record<string, ThumbnailType> = { jpeg: 'image/jpeg', png: 'image/png' };

const reader = (bytes: Buffer) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });

/**
 * The image's facts, or null when the bytes are no JPEG or PNG that decodes in full: another
 * format (GIF, WebP, SVG, …), text, a truncated or corrupt file, or one over MAX_INPUT_PIXELS.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage | null> {
  if (bytes.length === 0) return null;
  try {
    const metadata = await reader(bytes).metadata();
    const contentType = metadata.format ? TYPE_OF_FORMAT[metadata.format] : undefined;
    if (!contentType || !metadata.width || !metadata.height) return null;
    // The header alone can look right on a cut-off file: decode every pixel (stats reads them all
    // and keeps none), so a file that would fail on YouTube's side fails here.
    await reader(bytes).stats();
    return { contentType, width: metadata.width, height: metadata.height, byteSize: bytes.length };
  } catch {
    return null;
  }
}

/** The JPEG qualities tried in turn until the fitted image is within YouTube's size limit. */
const FIT_QUALITIES = [90, 82, 74, 66, 58, 50, 40, 30];

/** A fitted image: always a RECOMMENDED_THUMBNAIL-sized JPEG of at most MAX_THUMBNAIL_BYTES. */
export interface FittedImage extends InspectedImage {
  bytes: Buffer;
}

/**
 * The image as a 1280 × 720 JPEG: `crop` fills the frame and cuts the overflow around the centre,
 * `letterbox` shows it all on black bars. Smaller images are scaled up, larger ones down; an
 * alpha channel is flattened on black. Quality steps down until the file is at most 2 MB.
 * Throws when the bytes are no readable image (call inspectImage first).
 */
export async function fitImage(bytes: Buffer, mode: FitMode): Promise<FittedImage> {
  const { width, height } = RECOMMENDED_THUMBNAIL;
  const black = { r: 0, g: 0, b: 0, alpha: 1 };
  // Decoded and resized once; only the JPEG encoding is repeated.
  const pixels = await reader(bytes)
    .resize(width, height, {
      fit: mode === 'crop' ? 'cover' : 'contain',
      position: 'centre',
      background: black,
    })
    .flatten({ background: black })
    .raw()
    .toBuffer({ resolveWithObject: true });
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
