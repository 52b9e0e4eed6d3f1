// What YouTube accepts as a custom thumbnail, checked by the server on every upload and by the
// web app before it sends: one place for the limits and their words. Pure, imported by web/.
// docs/youtube.md#custom-thumbnails.

import { VIDEO_FORMATS, type VideoFormat } from './video-format';

export const THUMBNAIL_TYPES = ['image/jpeg', 'image/png'] as const;
export type ThumbnailType = (typeof THUMBNAIL_TYPES)[number];
/**
 * thumbnails.set refuses anything larger: 50 MB since YouTube raised it on 14 September 2026
 * (2 MB before). The one place Titlewise, its gateway and the simulator take YouTube's limit from.
 */
export const MAX_THUMBNAIL_BYTES = 50 * 1024 * 1024;
/** YouTube asks for at least 640 px wide (1280 × 720 recommended). */
export const MIN_THUMBNAIL_WIDTH = 640;
export const RECOMMENDED_THUMBNAIL = { width: 1280, height: 720 } as const;
/** 16:9, within a pixel of rounding either way. */
export const THUMBNAIL_ASPECT = 16 / 9;
export const ASPECT_TOLERANCE = 0.01;
/**
 * The largest file an upload may send at all: as much as YouTube takes, so any file YouTube would
 * take can be uploaded as it is (or fitted). The transports' body limits follow from it.
 * @alias the same number as MAX_THUMBNAIL_BYTES, named for what the transports hold a body to
 */
export const MAX_UPLOAD_BYTES = MAX_THUMBNAIL_BYTES;

/**
 * The most pixels an upload may have: 8K (7680 × 4320), four times the largest thumbnail YouTube
 * serves (3840 × 2160). Read from the file's header before a pixel is decoded, so a small file
 * that claims vast dimensions costs nothing (docs/images.md#bounded-work).
 */
export const MAX_IMAGE_PIXELS = 7680 * 4320;
/** How long reading and re-encoding one upload may take before it is given up. */
export const IMAGE_WORK_SECONDS = 20;

/** An upload that no test uses is removed this many days after it was made (the maintenance job). */
export const UNUSED_UPLOAD_DAYS = 7;

/** How an image that YouTube would refuse can be made to fit: cropped to fill 16:9, or letterboxed. */
export const FIT_MODES = ['crop', 'letterbox'] as const;
export type FitMode = (typeof FIT_MODES)[number];

export const IMAGE_MESSAGES = {
  notAnImage: 'This file is not a JPEG or PNG image. YouTube takes JPEG or PNG thumbnails.',
  tooLargeToUpload: `This file is over ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller image.`,
  tooLarge: `The image is over ${MAX_THUMBNAIL_BYTES / 1024 / 1024} MB, the most YouTube takes for a thumbnail.`,
  tooNarrow: `The image is narrower than ${MIN_THUMBNAIL_WIDTH} px; YouTube asks for at least ${MIN_THUMBNAIL_WIDTH} px wide (1280 × 720 is best).`,
  wrongShape: 'The image is not 16:9, the shape of a YouTube thumbnail.',
  notFound: 'Image not found. Upload it again.',
  uploadInFlight: 'Another of your images is still being read. Upload this one once it has finished.',
  busy: 'Titlewise is reading many images just now. Try this one again in a minute.',
  tookTooLong: `This image took too long to read. Save it as a plain JPEG or PNG of at most 3840 × 2160 and upload it again.`,
  /** Ends a refusal that fitting would cure (the web app offers the two modes on seeing it). */
  fitOffer: 'Choose crop or letterbox to fit it.',
} as const;

export interface ImageFacts {
  contentType: string | null;
  byteSize: number;
  width: number;
  height: number;
}

/** A thumbnail's shape for each format of video: a video's is landscape, a Short's vertical. */
export interface ThumbnailShape {
  /** Width ÷ height, within ASPECT_TOLERANCE. */
  aspect: number;
  /** What fitting makes, the size YouTube recommends. */
  recommended: { width: number; height: number };
  minWidth: number;
  /** "16:9", as creators say it. */
  ratio: string;
  tooNarrow: string;
  wrongShape: string;
}

/** Shorts' custom thumbnails (since 3 November 2026) are 9:16: 1080 × 1920 is what YouTube shows best. */
const SHORT_MIN_WIDTH = 360;

export const THUMBNAIL_SHAPES: Record<VideoFormat, ThumbnailShape> = {
  video: {
    aspect: THUMBNAIL_ASPECT,
    recommended: RECOMMENDED_THUMBNAIL,
    minWidth: MIN_THUMBNAIL_WIDTH,
    ratio: '16:9',
    tooNarrow: IMAGE_MESSAGES.tooNarrow,
    wrongShape: IMAGE_MESSAGES.wrongShape,
  },
  short: {
    aspect: 9 / 16,
    recommended: { width: 1080, height: 1920 },
    minWidth: SHORT_MIN_WIDTH,
    ratio: '9:16',
    tooNarrow: `The image is narrower than ${SHORT_MIN_WIDTH} px; a Short's thumbnail should be at least ${SHORT_MIN_WIDTH} × 640 (1080 × 1920 is best).`,
    wrongShape: "The image is not 9:16, the shape of a Short's thumbnail.",
  },
};

const hasAspect = (image: { width: number; height: number }, aspect: number): boolean =>
  image.height > 0 && Math.abs(image.width / image.height - aspect) <= ASPECT_TOLERANCE;

/** Which format's thumbnail an image is shaped for (16:9 or 9:16), or null for neither. */
export function thumbnailShapeOf(image: { width: number; height: number }): VideoFormat | null {
  return VIDEO_FORMATS.find((format) => hasAspect(image, THUMBNAIL_SHAPES[format].aspect)) ?? null;
}

/**
 * Why YouTube would refuse the image as a thumbnail of a video of `format` (a long video unless
 * said), in the creator's words; empty when it fits.
 */
export function thumbnailProblems(image: ImageFacts, format: VideoFormat = 'video'): string[] {
  if (!image.contentType || !(THUMBNAIL_TYPES as readonly string[]).includes(image.contentType))
    return [IMAGE_MESSAGES.notAnImage];
  const shape = THUMBNAIL_SHAPES[format];
  const problems: string[] = [];
  if (image.byteSize > MAX_THUMBNAIL_BYTES) problems.push(IMAGE_MESSAGES.tooLarge);
  if (image.width < shape.minWidth) problems.push(shape.tooNarrow);
  if (!hasAspect(image, shape.aspect)) problems.push(shape.wrongShape);
  return problems;
}

/**
 * Whether fitting (a 1280 × 720 JPEG, far under MAX_THUMBNAIL_BYTES, cropped or letterboxed) would
 * cure every problem: it does for size and shape, never for a file that is no JPEG or PNG.
 */
export const fitWouldFix = (problems: readonly string[]): boolean =>
  problems.length > 0 && !problems.includes(IMAGE_MESSAGES.notAnImage);

/** Where an image's bytes are served (by its unguessable id, so share links and e-mails show it). */
export const imageFilePath = (imageId: string): string => `/api/images/${imageId}/file`;

/** The refusal of an upload over MAX_IMAGE_PIXELS, before any of it is decoded. */
export const tooManyPixelsMessage = (width: number, height: number): string =>
  `This image is ${width} × ${height} pixels. Titlewise reads images up to 7680 × 4320; YouTube shows a thumbnail at most 3840 × 2160. Choose a smaller image.`;

/** The refusal of an upload that would pass the account's storage (src/shared/plans.ts). */
export const storageFullMessage = (limit: { images: number; megabytes: number }): string =>
  `Your plan keeps up to ${limit.images} uploaded images (${limit.megabytes} MB), and this one would pass that. Images no test uses are removed ${UNUSED_UPLOAD_DAYS} days after their upload; a larger plan keeps more (/paywall).`;

/**
 * Said under a fitted image that was scaled up by more than a half to 1280 × 720: it will look
 * soft on YouTube. Null when it will not.
 */
export function softFitWarning(
  sent: { width: number; height: number },
  fitted: FitMode | null,
  format: VideoFormat = 'video',
): string | null {
  if (!fitted) return null;
  const { width, height } = THUMBNAIL_SHAPES[format].recommended;
  // Crop fills the frame (the larger scale), letterbox fits inside it (the smaller).
  const scales = [width / sent.width, height / sent.height];
  const scale = fitted === 'crop' ? Math.max(...scales) : Math.min(...scales);
  return scale > 1.5
    ? `This image is ${sent.width} × ${sent.height}: scaled up to ${width} × ${height} it will look soft. A larger image looks sharper.`
    : null;
}
