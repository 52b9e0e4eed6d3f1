import type { UserRow } from '../../db/schema/users';
import type { ChannelConnection } from '../channels';
import { AppError, badRequest } from '../errors/app-error';
import { inspectImage, type InspectedImage, ownImages } from '../images';
import type { EngineContext } from './engine/engine-context';
import { IMAGE_MESSAGES, thumbnailShapeOf } from '../shared/image-rules';
import { SHORTS_NOTES } from '../shared/video-format';
import { TEST_KIND_MESSAGES } from '../shared/test-kinds';
import type { VideoToTest } from './engine/youtube-port';

/** The video's thumbnail as YouTube served it before the test, ready to store with the test. */
export interface OriginalThumbnail extends InspectedImage {
  bytes: Buffer;
  sha256: string;
}

/**
 * What a thumbnail or package test needs before anything is stored, checked in the order a
 * creator can act on: the images are the account's own uploads, the channel may set custom
 * thumbnails (YouTube answers 403 mid-test otherwise), and the video's current thumbnail can be
 * fetched at its largest size, so the end or a cancel can put it back byte for byte. Variants are
 * told apart by content, not by id: the same picture uploaded twice, or the video's own thumbnail
 * uploaded as a new one, would be an A/A test sold as A/B, spending 50 units a switch.
 */
export async function prepareThumbnails(
  ctx: EngineContext,
  user: UserRow,
  connection: ChannelConnection,
  video: VideoToTest,
  imageIds: readonly string[],
): Promise<OriginalThumbnail> {
  const own = await ownImages(ctx.db, user.id, imageIds);
  if (own.length !== new Set(imageIds).size) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.notFound);
  if (new Set(own.map((image) => image.sha256)).size !== own.length)
    throw badRequest(TEST_KIND_MESSAGES.thumbnailRepeated);
  // A Short shows a vertical thumbnail, a video a 16:9 one: an image of the other shape would be
  // shown squeezed or barred (docs/shorts.md).
  const { format } = video.form;
  if (own.some((image) => thumbnailShapeOf(image) !== format))
    throw badRequest(format === 'short' ? SHORTS_NOTES.thumbnailShape : SHORTS_NOTES.videoThumbnailShape);
  // YouTube applies a Short's custom thumbnail only once it has processed the Short, and answers
  // as if it had before: the switches would be silently lost.
  if (
    format === 'short' &&
    video.form.processingStatus !== null &&
    video.form.processingStatus !== 'succeeded'
  )
    throw new AppError('CONFLICT', SHORTS_NOTES.processing);

  let allowed: boolean;
  try {
    allowed = await ctx.youtube.maySetThumbnails(connection);
  } catch (error) {
    throw unreachable(ctx, error);
  }
  if (!allowed) throw new AppError('FORBIDDEN', TEST_KIND_MESSAGES.customThumbnailsForbidden);

  let original: OriginalThumbnail;
  try {
    if (!video.thumbnailUrl) throw new Error('YouTube gave no thumbnail URL');
    const served = await ctx.youtube.servedThumbnail(video.thumbnailUrl);
    const inspected = await inspectImage(served.bytes);
    if (!inspected) throw new Error('the thumbnail YouTube served is no JPEG or PNG');
    original = { ...inspected, bytes: served.bytes, sha256: served.sha256 };
  } catch (error) {
    throw new AppError('UPSTREAM_UNAVAILABLE', TEST_KIND_MESSAGES.originalUnavailable, { cause: error });
  }
  // An upload is stored re-encoded: its bytes as sent are known by their hash.
  if (own.some((image) => image.sha256 === original.sha256 || image.receivedSha256 === original.sha256))
    throw badRequest(TEST_KIND_MESSAGES.thumbnailIsOriginal);
  return original;
}

function unreachable(ctx: EngineContext, error: unknown): AppError {
  const failure = ctx.youtube.classify(error);
  return new AppError(
    failure.kind === 'quota' ? 'RATE_LIMITED' : 'UPSTREAM_UNAVAILABLE',
    `YouTube could not be reached: ${failure.message}`,
    { cause: error },
  );
}
