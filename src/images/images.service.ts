import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { images } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import { AppError, badRequest } from '../errors/app-error';
import type { ServiceContext } from '../context/service-context';
import {
  fitWouldFix,
  IMAGE_MESSAGES,
  imageFilePath,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_BYTES,
  thumbnailProblems,
  tooManyPixelsMessage,
  type FitMode,
  type ThumbnailType,
} from '../shared/image-rules';
import type { VideoFormat } from '../shared/video-format';
import { fitImage, ImageReadError, readHeader, reencodeImage } from './image-check';
import { assertRoomForUpload } from './image-storage';
import { imageStore } from './image-store';
import { withImageWork } from './image-work';
import type { ImageView, UploadedImage } from './images.schemas';

/*
 * Images a test may put on YouTube (docs/images.md): uploads, checked by content as YouTube checks
 * a thumbnail, re-encoded (or fitted on request), and the originals the engine keeps. A row and its bytes are
 * written in one transaction; nothing is written for a refused file.
 */

export type ImageRow = typeof images.$inferSelect;
export type ImageSource = ImageRow['source'];

/** An image ready to store: its bytes and what they were read to be. */
export interface ImageContent {
  bytes: Buffer;
  contentType: ThumbnailType;
  width: number;
  height: number;
}

const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export function imageView(row: ImageRow): ImageView {
  return {
    id: row.id,
    contentType: row.contentType,
    width: row.width,
    height: row.height,
    byteSize: row.byteSize,
    sha256: row.sha256,
    url: imageFilePath(row.id),
  };
}

/**
 * Stores an image for `ownerUserId`: its row and its bytes together. Given a transaction's
 * context (withTx), it joins that transaction (as a savepoint), so the image commits or rolls back
 * with the caller's writes. Checks nothing: the caller read the bytes (uploadImage or inspectImage).
 */
export async function storeImage(
  ctx: Pick<ServiceContext, 'db'>,
  ownerUserId: string,
  image: ImageContent,
  source: ImageSource,
  receivedSha256: string | null = null,
): Promise<ImageRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({
        ownerUserId,
        source,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        byteSize: image.bytes.length,
        sha256: sha256Of(image.bytes),
        receivedSha256,
      })
      .returning();
    await imageStore.put(tx, row!.id, image.bytes);
    return row!;
  });
}

/** The refusal of a file YouTube would not take: every problem, and the offer to fit when fitting cures them all. */
function refusal(problems: readonly string[]): AppError {
  const offer = fitWouldFix(problems) ? [IMAGE_MESSAGES.fitOffer] : [];
  return badRequest([...problems, ...offer].join(' '));
}

/**
 * Checks an upload by its content and stores it for `owner` (source 'upload'), re-encoded: what
 * is stored and served is the picture alone (docs/images.md). The work is bounded before any
 * pixel is decoded: the header's size against MAX_IMAGE_PIXELS, and without `fit` its width and
 * shape against YouTube's rules; the account's storage; then one decode at a time per account
 * and per process (image-work.ts), with a time limit. Without `fit`, a file YouTube would refuse
 * is refused (400) with its problems; with it, any readable JPEG or PNG is stored as its
 * 1280 × 720 fitted JPEG. A refusal stores nothing; a file over MAX_UPLOAD_BYTES is 413 (the
 * transports' body limits usually refuse it first).
 */
export async function uploadImage(
  ctx: ServiceContext,
  owner: UserRow,
  bytes: Buffer,
  options: { fit?: FitMode | undefined; format?: VideoFormat | undefined } = {},
): Promise<UploadedImage> {
  const format = options.format ?? 'video';
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLargeToUpload);
  const header = await readHeader(bytes);
  if (!header) throw refusal([IMAGE_MESSAGES.notAnImage]);
  if (header.width * header.height > MAX_IMAGE_PIXELS)
    throw badRequest(tooManyPixelsMessage(header.width, header.height));
  const fit = options.fit ?? null;
  // Width and shape are known from the header: a file refused for them is never decoded.
  const shapeProblems = fit ? [] : thumbnailProblems({ ...header, byteSize: 0 }, format);
  if (shapeProblems.length > 0) throw refusal(shapeProblems);
  await assertRoomForUpload(ctx.db, owner, 0);

  let content: ImageContent;
  try {
    content = await withImageWork(owner.id, () =>
      fit ? fitImage(bytes, fit, format) : reencodeImage(bytes, header.contentType),
    );
  } catch (error) {
    if (!(error instanceof ImageReadError)) throw error;
    throw error.reason === 'timeout'
      ? badRequest(IMAGE_MESSAGES.tookTooLong)
      : refusal([IMAGE_MESSAGES.notAnImage]);
  }
  if (!fit) {
    const problems = thumbnailProblems({ ...content, byteSize: content.bytes.length }, format);
    if (problems.length > 0) throw refusal(problems);
  }
  await assertRoomForUpload(ctx.db, owner, content.bytes.length);
  const row = await storeImage(ctx, owner.id, content, 'upload', sha256Of(bytes));
  return { ...imageView(row), fitted: fit, sentWidth: header.width, sentHeight: header.height };
}

/** One of `owner`'s images; another account's (or none) is 404, so ids are not confirmed to others. */
export async function getImage(ctx: ServiceContext, owner: UserRow, imageId: string): Promise<ImageView> {
  const [row] = await ownImages(ctx.db, owner.id, [imageId]);
  if (!row) throw new AppError('NOT_FOUND', IMAGE_MESSAGES.notFound);
  return imageView(row);
}

/** The rows of those of `ids` that belong to `ownerUserId` (a test checks its images with it). */
export async function ownImages(
  db: DbOrTx,
  ownerUserId: string,
  ids: readonly string[],
): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(images)
    .where(and(eq(images.ownerUserId, ownerUserId), inArray(images.id, [...ids])));
}

/** An image's bytes and their type, by id alone (whoever holds the id may see it), or null. */
export async function imageBytes(
  db: DbOrTx,
  imageId: string,
): Promise<{ bytes: Buffer; contentType: ThumbnailType } | null> {
  const [row] = await db
    .select({ contentType: images.contentType })
    .from(images)
    .where(eq(images.id, imageId));
  if (!row) return null;
  const bytes = await imageStore.get(db, imageId);
  return bytes ? { bytes, contentType: row.contentType } : null;
}
