import { z } from 'zod';
import { mutation, query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { AppError } from '../errors/app-error';
import { ServedFile } from '../http/served-file';
import {
  IMAGE_MESSAGES,
  imageFilePath,
  MAX_THUMBNAIL_BYTES,
  MAX_UPLOAD_BYTES,
  THUMBNAIL_TYPES,
} from '../shared/image-rules';
import { imageBytes, getImage, uploadImage } from './images.service';
import { imageIdSchema, imageSchema, uploadedImageSchema, uploadImageInputSchema } from './images.schemas';

/** The REST path of an image's bytes, as a route template (imageFilePath fills it). */
const IMAGE_FILE_ROUTE = imageFilePath(':id');
const megabytes = (bytes: number) => `${bytes / 1024 / 1024} MB`;

/** Images for thumbnail and package tests (docs/images.md): upload, read what is stored, serve the bytes. */
export const imageOperations = {
  upload: mutation({
    access: 'user',
    // An editor uploads into the owner's workspace: the image is the owner's, like the tests.
    team: 'edit',
    input: uploadImageInputSchema,
    output: uploadedImageSchema,
    file: {
      field: 'contentBase64',
      contentTypes: [...THUMBNAIL_TYPES, 'application/octet-stream'],
      maxBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: IMAGE_MESSAGES.tooLargeToUpload,
      inFlightMessage: IMAGE_MESSAGES.uploadInFlight,
    },
    rest: {
      method: 'POST',
      path: '/api/images',
      summary: `Upload an image for a thumbnail test: the raw JPEG or PNG as the body (read by content, at most ${megabytes(MAX_UPLOAD_BYTES)} and 7680 × 4320 px; stored re-encoded, without metadata); fit=crop or fit=letterbox makes it a 1280 × 720 JPEG, else a file YouTube would refuse (over ${megabytes(MAX_THUMBNAIL_BYTES)}, under 640 px wide, not 16:9) is refused with why`,
      successStatus: 201,
    },
    limit: rateLimits.imageUpload,
    handler: ({ ctx, caller, input }) =>
      uploadImage(ctx, caller.user, input.contentBase64, { fit: input.fit, format: input.format }),
  }),

  get: query({
    access: 'user',
    team: 'view',
    input: imageIdSchema,
    output: imageSchema,
    rest: { method: 'GET', path: '/api/images/:id', summary: 'What is stored of one of your images' },
    handler: ({ ctx, caller, input }) => getImage(ctx, caller.user, input.id),
  }),

  // Public by the unguessable id (docs/decisions/0035-image-files-by-unguessable-id.md), so share
  // links, e-mails and exports show thumbnails without a session.
  file: restOnly({
    access: 'public',
    input: imageIdSchema,
    output: z.string(),
    rest: {
      method: 'GET',
      path: IMAGE_FILE_ROUTE,
      summary: 'An image’s bytes (JPEG or PNG), by its id; they never change, so they may be cached for good',
      fileResponse: THUMBNAIL_TYPES,
    },
    handler: async ({ ctx, input }) => {
      const file = await imageBytes(ctx.db, input.id);
      if (!file) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.notFound);
      return new ServedFile(file.contentType, file.bytes, { immutable: true, anyOrigin: true });
    },
  }),
};
