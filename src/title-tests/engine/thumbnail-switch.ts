import { and, eq, inArray } from 'drizzle-orm';
import { images, rotations } from '../../../db/schema';
import type { EngineContext } from './engine-context';
import { imageBytes } from '../../images';
import type { TestRecord, VariantRow } from '../records/title-test-records';
import type { LiveVideo, ServedThumbnail } from './youtube-port';

/**
 * How a switch left the video's thumbnail:
 * - `live`: the wanted image was already served (nothing written);
 * - `set`: thumbnails.set wrote it now;
 * - `landed`: an earlier attempt of this slot wrote it before the worker stopped (not written again);
 * - `outside`: someone else changed the thumbnail (their image is left alone).
 */
export type ThumbnailSwitch =
  | { outcome: 'live' | 'set' | 'landed'; servedSha256: string; confirmed: boolean }
  | { outcome: 'outside'; servedSha256: string };

/** Every fingerprint the variants' images can be served under: their own bytes', and what YouTube served for them. */
async function fingerprintsOf(
  ctx: EngineContext,
  variants: Array<Pick<VariantRow, 'thumbnailImageId' | 'servedThumbnailSha256'>>,
): Promise<Set<string>> {
  const known = new Set(variants.flatMap((variant) => variant.servedThumbnailSha256 ?? []));
  const imageIds = variants.flatMap((variant) => variant.thumbnailImageId ?? []);
  if (imageIds.length === 0) return known;
  const rows = await ctx.db
    .select({ sha256: images.sha256 })
    .from(images)
    .where(inArray(images.id, imageIds));
  for (const row of rows) known.add(row.sha256);
  return known;
}

/** What YouTube serves as the video's thumbnail now (at `url`): fetching it is no API call. */
export async function servedThumbnailAt(ctx: EngineContext, url: string | null): Promise<ServedThumbnail> {
  if (!url) throw new Error('YouTube gave no thumbnail URL for the video.');
  return ctx.youtube.servedThumbnail(url);
}

/**
 * What a switch does with the thumbnail YouTube serves (fingerprint `served`): nothing when it is
 * the wanted image already (`live`); when it differs from the one the engine last left live
 * (`leftLive`), nothing either: this slot's set was requested before a crash and landed
 * (`landed`), or someone else put their image there (`outside`), unless it is one of the test's
 * own (`ours`, at the end); otherwise the wanted image is set (`set`). With nothing left live yet
 * (a resume after an outside edit), the creator asked to continue, so the image is set.
 */
export function thumbnailAction(found: {
  served: string;
  wanted: Set<string>;
  leftLive: string | null;
  requested: boolean;
  ours?: Set<string>;
}): 'live' | 'landed' | 'outside' | 'set' {
  if (found.wanted.has(found.served)) return 'live';
  if (found.leftLive !== null && found.served !== found.leftLive) {
    if (found.requested) return 'landed';
    if (!found.ours?.has(found.served)) return 'outside';
  }
  return 'set';
}

/**
 * Puts `variant`'s image live as the video's thumbnail, at most once per request marker, and
 * tells what it found. The image YouTube serves is compared with the one the engine last left live
 * (`test.liveThumbnailSha256`): the same, and the wanted image is set (its request marked first,
 * committed, by `markRequested`); different and already marked, an earlier attempt's set landed
 * before a crash, so it is not set again; different and not marked, someone changed it outside
 * Titlewise. After a set, the served image is read back: it confirms the switch, and its
 * fingerprint is how YouTube's copy of the image is recognised from then on.
 */
export async function switchThumbnail(
  ctx: EngineContext,
  record: TestRecord,
  live: LiveVideo,
  variant: VariantRow,
  request: { requestedAt: Date | null; markRequested: () => Promise<void>; ours?: Set<string> },
): Promise<ThumbnailSwitch> {
  const { test, connection } = record;
  const wanted = await fingerprintsOf(ctx, [variant]);
  const served = await servedThumbnailAt(ctx, live.thumbnailUrl);
  const action = thumbnailAction({
    served: served.sha256,
    wanted,
    leftLive: test.liveThumbnailSha256,
    requested: request.requestedAt !== null,
    ours: request.ours,
  });
  if (action === 'live' || action === 'landed')
    return { outcome: action, servedSha256: served.sha256, confirmed: true };
  if (action === 'outside') return { outcome: 'outside', servedSha256: served.sha256 };
  if (!variant.thumbnailImageId) throw new Error(`Variant ${variant.id} has no thumbnail.`);
  const image = await imageBytes(ctx.db, variant.thumbnailImageId);
  if (!image) throw new Error(`The image of variant ${variant.id} is missing from the image store.`);
  await request.markRequested();
  const url = await ctx.youtube.setThumbnail(connection, test.videoId, {
    bytes: image.bytes,
    mimeType: image.contentType,
  });
  await ctx.hooks?.afterThumbnailWrite?.(test.id);
  // Read back where YouTube says the new image is served (a PNG's address differs from a JPEG's).
  const after = await servedThumbnailAt(ctx, url ?? live.thumbnailUrl);
  return { outcome: 'set', servedSha256: after.sha256, confirmed: after.sha256 !== served.sha256 };
}

/** Marks, and commits, that the slot's thumbnails.set is about to be sent. */
export function markSlotRequested(ctx: EngineContext, rotationId: string) {
  return async () => {
    await ctx.db
      .update(rotations)
      .set({ thumbnailRequestedAt: ctx.clock.now() })
      .where(and(eq(rotations.id, rotationId), eq(rotations.status, 'planned')));
  };
}

/** Every fingerprint a thumbnail the test itself put live may have (any variant's, the original's, the last). */
export async function testsOwnThumbnails(ctx: EngineContext, record: TestRecord): Promise<Set<string>> {
  const ours = await fingerprintsOf(ctx, record.variants);
  if (record.test.liveThumbnailSha256) ours.add(record.test.liveThumbnailSha256);
  return ours;
}
