import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { admitDataRequest, canWrite } from './data-request';
import { sendGoogleError } from './google-errors';
import { MAX_THUMBNAIL_BYTES } from '../shared/image-rules';
import { sniffImage } from '../shared/image-signature';
import { currentThumbnails, customThumbnailsAllowed, storeThumbnail } from './thumbnail-store';
import { findVideos } from './video-store';
import { etag, thumbnails } from './video-resources';
import { simulatorBaseUrl } from './videos-routes';

/**
 * Bodies up to this are read (and charged) so an image over MAX_THUMBNAIL_BYTES (50 MB since
 * 14 September 2026) gets YouTube's answer, not a dropped connection.
 */
const READ_LIMIT_BYTES = MAX_THUMBNAIL_BYTES + 16 * 1024 * 1024;

function sendTooLarge(reply: FastifyReply): FastifyReply {
  return sendGoogleError(reply, 413, 'uploadTooLarge', `Media larger than: ${MAX_THUMBNAIL_BYTES}`, 'global');
}

/**
 * The media of an upload: the whole body for uploadType=media, the second part of a
 * multipart/related body (metadata, then media) for uploadType=multipart; null for anything else.
 */
function uploadedMedia(uploadType: unknown, contentType: string | undefined, body: Buffer): Buffer | null {
  if (uploadType === 'media') return body;
  if (uploadType !== 'multipart') return null;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1];
  if (!boundary) return Buffer.alloc(0);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    parts.push(body.subarray(start + delimiter.length, next));
    start = next;
  }
  const media = parts[1];
  if (!media) return Buffer.alloc(0);
  const headerEnd = media.indexOf('\r\n\r\n');
  if (headerEnd === -1) return Buffer.alloc(0);
  // The part ends with the CRLF that precedes the next delimiter.
  const content = media.subarray(headerEnd + 4);
  return content.subarray(0, content.length - (content.subarray(-2).toString('latin1') === '\r\n' ? 2 : 0));
}

/**
 * thumbnails.set on Google's media-upload path: the video's owner sets a JPEG or PNG of at most
 * MAX_THUMBNAIL_BYTES (50 MB), recognised by its bytes; 50 units, charged before the checks as
 * Google does. The answer lists the sizes the image reaches (listedThumbnailSizes).
 */
export function registerThumbnailSetRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  void app.register(async (scope) => {
    // The body is the image itself (or a multipart/related envelope): read raw, whatever its declared type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: READ_LIMIT_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendTooLarge(reply);
      throw error;
    });

    scope.post('/upload/youtube/v3/thumbnails/set', async (request, reply) => {
      const caller = await admitDataRequest(options, request, reply, 'thumbnails.set');
      if (!caller) return reply;
      const query = request.query as Record<string, unknown>;
      const videoId = typeof query.videoId === 'string' ? query.videoId : '';
      if (!videoId) return sendGoogleError(reply, 400, 'required', 'Required parameter: videoId', 'global');
      if (!canWrite(caller)) {
        return sendGoogleError(
          reply,
          403,
          'insufficientPermissions',
          'Request had insufficient authentication scopes.',
          'global',
        );
      }
      const [video] = await findVideos(options.db, [videoId]);
      if (!video) {
        return sendGoogleError(
          reply,
          404,
          'videoNotFound',
          'The video that you are trying to insert a thumbnail image for cannot be found.',
        );
      }
      if (video.accountId !== caller.account.id) {
        return sendGoogleError(
          reply,
          403,
          'forbidden',
          "The thumbnail can't be set for the specified video. The request might not be properly authorized.",
        );
      }
      if (!(await customThumbnailsAllowed(options.db, caller.account.id))) {
        return sendGoogleError(
          reply,
          403,
          'forbidden',
          "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
        );
      }
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const media = uploadedMedia(query.uploadType, request.headers['content-type'], body);
      if (media === null) {
        return sendGoogleError(
          reply,
          400,
          'invalidUploadType',
          'The simulator accepts uploadType=media or uploadType=multipart.',
          'global',
        );
      }
      if (media.length === 0)
        return sendGoogleError(
          reply,
          400,
          'mediaBodyRequired',
          'The request does not include the image content.',
        );
      if (media.length > MAX_THUMBNAIL_BYTES) return sendTooLarge(reply);
      const mimeType = sniffImage(media);
      if (!mimeType)
        return sendGoogleError(reply, 400, 'invalidImage', 'The provided image content is invalid.');
      // A Short still processing answers as if all went well and keeps its thumbnail: YouTube's
      // reference warns that the image "might not be applied" before processing has succeeded.
      if (video.processingStatus !== 'succeeded') {
        const kept = (await currentThumbnails(options.db, [video.id])).get(video.id);
        const items = [thumbnails(simulatorBaseUrl(request, options.prefix), video.id, kept)];
        return reply.send({ kind: 'youtube#thumbnailSetResponse', etag: etag(items), items });
      }
      const custom = await storeThumbnail(options.db, video.id, { bytes: media, mimeType }, caller.now);
      const items = [thumbnails(simulatorBaseUrl(request, options.prefix), video.id, custom)];
      return reply.send({ kind: 'youtube#thumbnailSetResponse', etag: etag(items), items });
    });
  });
}
