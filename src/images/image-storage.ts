import { and, eq, lt, notExists, or, sql } from 'drizzle-orm';
import { images, titleTests, titleVariants } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import { AppError } from '../errors/app-error';
import { storageFullMessage, UNUSED_UPLOAD_DAYS } from '../shared/image-rules';
import { DEMO_IMAGE_STORAGE, imageStorageLimits } from '../shared/plans';

/*
 * How much an account's uploads may take (docs/images.md#storage): a count and a number of bytes
 * by plan, smaller for a demo sandbox, and the removal of uploads no test uses once they are a
 * week old. Originals fetched from YouTube belong to their test and are not counted.
 */

const MEGABYTE = 1024 * 1024;
const DAY_MS = 86_400_000;

/** The storage `owner`'s uploads may take. */
export const storageLimitOf = (owner: Pick<UserRow, 'subscriptionTier' | 'isDemo'>) =>
  owner.isDemo ? DEMO_IMAGE_STORAGE : imageStorageLimits[owner.subscriptionTier];

/** What `ownerUserId`'s uploads take now. */
export async function uploadsStored(
  db: DbOrTx,
  ownerUserId: string,
): Promise<{ images: number; bytes: number }> {
  const [row] = await db
    .select({
      images: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${images.byteSize}), 0)::bigint`,
    })
    .from(images)
    .where(and(eq(images.ownerUserId, ownerUserId), eq(images.source, 'upload')));
  return { images: Number(row?.images ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Refuses (403, with the plan's limit) an upload of `bytes` more that would pass what `owner`'s
 * uploads may take; `bytes` 0 asks whether one more image fits at all, before any is read.
 */
export async function assertRoomForUpload(
  db: DbOrTx,
  owner: Pick<UserRow, 'id' | 'subscriptionTier' | 'isDemo'>,
  bytes: number,
): Promise<void> {
  const limit = storageLimitOf(owner);
  const stored = await uploadsStored(db, owner.id);
  if (stored.images + 1 > limit.images || stored.bytes + bytes > limit.megabytes * MEGABYTE)
    throw new AppError('FORBIDDEN', storageFullMessage(limit));
}

/** Removes uploads no test uses (as a variant, an original or the image left live) made UNUSED_UPLOAD_DAYS ago or earlier. */
export async function purgeUnusedUploads(db: DbOrTx, now: Date): Promise<number> {
  const removed = await db
    .delete(images)
    .where(
      and(
        eq(images.source, 'upload'),
        lt(images.createdAt, new Date(now.getTime() - UNUSED_UPLOAD_DAYS * DAY_MS)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(titleVariants)
            .where(eq(titleVariants.thumbnailImageId, images.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(titleTests)
            .where(
              or(
                eq(titleTests.originalThumbnailImageId, images.id),
                eq(titleTests.appliedThumbnailImageId, images.id),
              ),
            ),
        ),
      ),
    )
    .returning({ id: images.id });
  return removed.length;
}
