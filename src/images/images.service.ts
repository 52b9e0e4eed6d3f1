import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { images } from '../../db/schema';
import type { UserRow } from '../auth/session.service';
import type { DbOrTx } from '../db/database';
import { AppError, badRequest } from '../errors/app-error';
import type { ServiceContext } from '../platform/service-context';
import {
  fitWouldFix,
  IMAGE_MESSAGES,
  imageFilePath,
  MAX_UPLOAD_BYTES,
  thumbnailProblems,
  type FitMode,
  type ThumbnailType,
} from '../shared/image-rules';
import { fitImage, inspectImage } from './image-check';
import { imageStore } from './image-store';
import type { ImageView, UploadedImage } from './images.schemas';

/*
 * Images a test may put on YouTube (docs/images.md): uploads, checked by content as YouTube checks
 * a thumbnail and fitted on request, and the originals the engine keeps. A row and its bytes are
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
 * with the caller's writes. Checks nothing: the caller read the bytes (inspectImage or YouTube).
 */
export async function storeImage(
  ctx: Pick<ServiceContext, 'db'>,
  ownerUserId: string,
  image: ImageContent,
  source: ImageSource,
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
 * Checks an upload by its content and stores it for `owner` (source 'upload'). Without `fit`, a
 * file YouTube would refuse is refused (400) with its problems; with it, any readable JPEG or PNG
 * is stored as its 1280 × 720 fitted JPEG instead. A refusal stores nothing; a file over
 * MAX_UPLOAD_BYTES is 413 (the transports' body limits usually refuse it first).
 */
export async function uploadImage(
  ctx: ServiceContext,
  owner: UserRow,
  bytes: Buffer,
  options: { fit?: FitMode | undefined } = {},
): Promise<UploadedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLargeToUpload);
  const inspected = await inspectImage(bytes);
  if (!inspected) throw refusal([IMAGE_MESSAGES.notAnImage]);
  const fit = options.fit ?? null;
  let content: ImageContent = { bytes, ...inspected };
  if (fit) {
    content = await fitImage(bytes, fit);
  } else {
    const problems = thumbnailProblems(inspected);
    if (problems.length > 0) throw refusal(problems);
  }
  const row = await storeImage(ctx, owner.id, content, 'upload');
  return { ...imageView(row), fitted: fit };
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
