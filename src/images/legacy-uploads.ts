import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import { images, titleTests, titleVariants } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { reencodeImage } from './image-check';
import { imageStore } from './image-store';
import { withImageWork } from './image-work';

/*
 * Uploads stored before every upload was re-encoded (migration 0022) still hold the bytes as they
 * were sent: EXIF with a camera's GPS position or an owner's name, private PNG chunks, bytes after
 * the picture, all served as they came. The daily maintenance re-encodes them as an upload is
 * re-encoded today (docs/images.md#legacy-uploads), a batch at a time, through the same bounded
 * image work as uploads. An image a test still runs on is left until the test ends: its bytes are
 * what the test put on YouTube, and a test compares what is live with what it set.
 */

/** Legacy uploads re-encoded per maintenance pass (each was at most 2 MB when it was taken). */
export const LEGACY_REENCODE_BATCH = 200;
/** Statuses of a test that may still put its images on YouTube. */
const UNFINISHED = ['queued', 'scheduled', 'active', 'paused'] as const;
/** The image work's owner for maintenance (one decode at a time, like any account's uploads). */
const MAINTENANCE_ACCOUNT = 'maintenance/legacy-uploads';

const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export interface LegacyReencodeReport {
  reencoded: number;
  /** Images whose bytes did not decode or could not be read now; tried again on the next pass. */
  failed: number;
}

/** Re-encodes up to LEGACY_REENCODE_BATCH uploads stored as sent, keeping the sent bytes' hash. */
export async function reencodeLegacyUploads(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
): Promise<LegacyReencodeReport> {
  const shownByUnfinishedVariant = ctx.db
    .select({ one: sql`1` })
    .from(titleVariants)
    .innerJoin(titleTests, eq(titleTests.id, titleVariants.testId))
    .where(and(eq(titleVariants.thumbnailImageId, images.id), inArray(titleTests.status, UNFINISHED)));
  const keptByUnfinishedTest = ctx.db
    .select({ one: sql`1` })
    .from(titleTests)
    .where(
      and(
        inArray(titleTests.status, UNFINISHED),
        or(
          eq(titleTests.originalThumbnailImageId, images.id),
          eq(titleTests.appliedThumbnailImageId, images.id),
        ),
      ),
    );
  const legacy = await ctx.db
    .select()
    .from(images)
    .where(
      and(
        eq(images.source, 'upload'),
        isNull(images.receivedSha256),
        notExists(shownByUnfinishedVariant),
        notExists(keptByUnfinishedTest),
      ),
    )
    .orderBy(images.createdAt)
    .limit(LEGACY_REENCODE_BATCH);
  const report: LegacyReencodeReport = { reencoded: 0, failed: 0 };
  for (const row of legacy) {
    try {
      const sent = await imageStore.get(ctx.db, row.id);
      if (!sent) throw new Error('no bytes stored for the image');
      const content = await withImageWork(MAINTENANCE_ACCOUNT, () => reencodeImage(sent, row.contentType));
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(images)
          .set({
            width: content.width,
            height: content.height,
            byteSize: content.bytes.length,
            sha256: sha256Of(content.bytes),
            receivedSha256: row.sha256,
          })
          .where(eq(images.id, row.id));
        await imageStore.delete(tx, row.id);
        await imageStore.put(tx, row.id, content.bytes);
      });
      report.reencoded += 1;
    } catch (error) {
      report.failed += 1;
      ctx.log.warn(
        { err: error, imageId: row.id },
        'Re-encoding a legacy upload failed; tried again next pass',
      );
    }
  }
  return report;
}
