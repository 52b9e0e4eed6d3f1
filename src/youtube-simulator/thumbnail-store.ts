import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { simThumbnails, simThumbnailTruths, simVideos } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import type { ThumbnailType } from '../shared/image-rules';
import { IMAGE_HEAD_BYTES, imageSizeOf } from './image-size';
import { isOriginalThumbnail } from './original-thumbnail';
import { readSetting, writeSetting } from './settings-store';
import { thumbnailCtrMultiplier } from './traffic-model';

/** What the snippet's thumbnail URLs need of a video's custom thumbnail. */
export interface CustomThumbnail {
  mimeType: string;
  sha256: string;
  /** The image's size as its header says (null when it could not be read): which sizes are listed. */
  width: number | null;
  height: number | null;
}

/** A custom thumbnail's facts from its bytes (or their first IMAGE_HEAD_BYTES). */
function customThumbnail(mimeType: string, sha256: string, head: Uint8Array): CustomThumbnail {
  const size = imageSizeOf(head);
  return { mimeType, sha256, width: size?.width ?? null, height: size?.height ?? null };
}

/** The custom thumbnail live now for each video that has one (videos without one keep the original). */
export async function currentThumbnails(
  db: DbOrTx,
  videoIds: string[],
): Promise<Map<string, CustomThumbnail>> {
  const current = new Map<string, CustomThumbnail>();
  if (videoIds.length === 0) return current;
  const rows = await db
    .selectDistinctOn([simThumbnails.videoId], {
      videoId: simThumbnails.videoId,
      mimeType: simThumbnails.mimeType,
      sha256: simThumbnails.sha256,
      // The header alone, for the image's size: never a whole image per video listed.
      head: sql<Uint8Array>`substring(${simThumbnails.bytes} from 1 for ${IMAGE_HEAD_BYTES})`,
    })
    .from(simThumbnails)
    .where(inArray(simThumbnails.videoId, videoIds))
    .orderBy(simThumbnails.videoId, desc(simThumbnails.since));
  for (const row of rows) current.set(row.videoId, customThumbnail(row.mimeType, row.sha256, row.head));
  return current;
}

/** The bytes of a video's live custom thumbnail, exactly as uploaded, or null for the original. */
export async function currentThumbnailBytes(
  db: DbOrTx,
  videoId: string,
): Promise<{ mimeType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ mimeType: simThumbnails.mimeType, bytes: simThumbnails.bytes })
    .from(simThumbnails)
    .where(eq(simThumbnails.videoId, videoId))
    .orderBy(desc(simThumbnails.since))
    .limit(1);
  return row ?? null;
}

export async function storeThumbnail(
  db: DbOrTx,
  videoId: string,
  image: { bytes: Buffer; mimeType: ThumbnailType },
  now: Date,
): Promise<CustomThumbnail> {
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  await db
    .insert(simThumbnails)
    .values({ videoId, since: now, mimeType: image.mimeType, sha256, bytes: image.bytes });
  return customThumbnail(image.mimeType, sha256, image.bytes);
}

export interface ThumbnailChange {
  sha256: string;
  since: Date;
  /**
   * The image's ground-truth effect on click-through: the control API's override, else 1 for the
   * video's own original (any size) set back, else its bytes'.
   */
  ctrMultiplier: number;
  overridden: boolean;
}

/** Every custom thumbnail each video has shown, oldest first, with its ground-truth CTR multiplier. */
export async function thumbnailHistories(
  db: DbOrTx,
  videoIds: string[],
): Promise<Map<string, ThumbnailChange[]>> {
  const histories = new Map<string, ThumbnailChange[]>(videoIds.map((id) => [id, []]));
  if (videoIds.length === 0) return histories;
  const rows = await db
    .select({
      videoId: simThumbnails.videoId,
      sha256: simThumbnails.sha256,
      since: simThumbnails.since,
      seed: simVideos.seed,
      design: {
        id: simVideos.id,
        thumbnailHue: simVideos.thumbnailHue,
        thumbnailLabel: simVideos.thumbnailLabel,
        durationSec: simVideos.durationSec,
      },
    })
    .from(simThumbnails)
    .innerJoin(simVideos, eq(simVideos.id, simThumbnails.videoId))
    .where(inArray(simThumbnails.videoId, videoIds))
    .orderBy(asc(simThumbnails.since));
  if (rows.length === 0) return histories;
  const overrides = await db
    .select()
    .from(simThumbnailTruths)
    .where(inArray(simThumbnailTruths.videoId, videoIds));
  const overridden = new Map(overrides.map((row) => [`${row.videoId}/${row.sha256}`, row.ctrMultiplier]));
  for (const row of rows) {
    const override = overridden.get(`${row.videoId}/${row.sha256}`);
    // The original put back (as a product does after a test) is still the original: factor 1.
    const derived = (await isOriginalThumbnail(row.design, row.sha256))
      ? 1
      : thumbnailCtrMultiplier(row.seed, row.sha256);
    histories.get(row.videoId)?.push({
      sha256: row.sha256,
      since: row.since,
      ctrMultiplier: override ?? derived,
      overridden: override !== undefined,
    });
  }
  return histories;
}

/** Sets (or, with null, clears) the ground-truth CTR multiplier of one image on one video. */
export async function setThumbnailTruth(
  db: DbOrTx,
  videoId: string,
  sha256: string,
  ctrMultiplier: number | null,
): Promise<void> {
  const key = and(eq(simThumbnailTruths.videoId, videoId), eq(simThumbnailTruths.sha256, sha256));
  if (ctrMultiplier === null) {
    await db.delete(simThumbnailTruths).where(key);
    return;
  }
  await db
    .insert(simThumbnailTruths)
    .values({ videoId, sha256, ctrMultiplier })
    .onConflictDoUpdate({
      target: [simThumbnailTruths.videoId, simThumbnailTruths.sha256],
      set: { ctrMultiplier },
    });
}

/**
 * Whether a channel may set custom thumbnails. YouTube allows it only to verified channels in
 * good standing; simulated channels may, unless the control API says otherwise.
 */
const customThumbnailsKey = (accountId: string) => `custom_thumbnails_allowed/${accountId}`;
export const customThumbnailsAllowed = (db: DbOrTx, accountId: string) =>
  readSetting(db, customThumbnailsKey(accountId), true);
export const setCustomThumbnailsAllowed = (db: DbOrTx, accountId: string, allowed: boolean) =>
  writeSetting(db, customThumbnailsKey(accountId), allowed);
