import { z } from 'zod';
import { FIT_MODES, IMAGE_MESSAGES, THUMBNAIL_TYPES } from '../shared/image-rules';
import { VIDEO_FORMATS } from '../shared/video-format';

export const fitModeSchema = z.enum(FIT_MODES);

/**
 * An upload: the file as base64 (tRPC and JSON), or, over REST, the raw request body handed over
 * as its bytes (the transport puts them in `contentBase64`, src/api/rest-transport.ts), with `fit`
 * in the query: a raw upload is never turned into base64 and back on the main thread. Either way
 * the handler gets a Buffer. `fit` asks for the image to be made into a 1280 × 720 JPEG; without
 * it a file YouTube would refuse is refused.
 */
export const uploadImageInputSchema = z.object({
  // Its size is held by the transports' body limits and, decoded, by the service (413).
  contentBase64: z.union([
    z.instanceof(Buffer),
    z.base64({ message: 'contentBase64: not base64.' }).transform((text) => Buffer.from(text, 'base64')),
  ]),
  fit: fitModeSchema.optional(),
  /**
   * The video the image is for: a long video (16:9, the default) or a Short (9:16); the shape
   * checked and the size fitting makes follow it (docs/shorts.md).
   */
  format: z.enum(VIDEO_FORMATS).optional(),
});

export const imageIdSchema = z.object({ id: z.uuid({ message: IMAGE_MESSAGES.notFound }) });

/** What is known about a stored image; its bytes are at `url`. */
export const imageSchema = z.object({
  id: z.uuid(),
  contentType: z.enum(THUMBNAIL_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  byteSize: z.number().int(),
  /** Of the stored bytes (hex): what YouTube serves back can be compared with it. */
  sha256: z.string(),
  /** Where the bytes are served (imageFilePath): by the unguessable id, no session needed. */
  url: z.string(),
});
export type ImageView = z.infer<typeof imageSchema>;

/**
 * An upload's answer: the stored image, how it was fitted (null: kept at its own size), and the
 * size of the picture as sent (shown upright): a fitted image much smaller than 1280 × 720 was
 * scaled up and looks soft.
 */
export const uploadedImageSchema = imageSchema.extend({
  fitted: fitModeSchema.nullable(),
  sentWidth: z.number().int(),
  sentHeight: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
