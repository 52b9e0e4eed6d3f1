import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { simTitleHistory, simVideos } from '../../db/schema';
import type { Db, DbOrTx } from '../db/database';
import { simulatedAccounts } from './accounts';
import { thumbnailHistories, type ThumbnailChange } from './thumbnail-store';
import { videoCatalog, type CatalogVideo } from './video-catalog';

export type SimVideo = typeof simVideos.$inferSelect;
export interface TitleChange {
  title: string;
  since: Date;
  /** The CTR multiplier of the custom thumbnail live from `since`; absent while the original shows. */
  ctrMultiplier?: number;
}

/** The mutable part of a snippet, as stored: null means the field is absent. */
export interface StoredSnippet {
  title: string;
  description: string;
  tags: string[] | null;
  categoryId: string;
  defaultLanguage: string | null;
  defaultAudioLanguage: string | null;
}

const DAY_MS = 86_400_000;

/** Stable 11-character ids shaped like YouTube's, so restarts and reseeds agree. */
export function simulatedVideoId(accountId: string, index: number): string {
  return createHash('sha256').update(`${accountId}/${index}`).digest('base64url').slice(0, 11);
}

/**
 * Seeds every simulated channel's uploads once: ages count back from the first seeding, and
 * later starts find the rows already there (the simulator's world persists across restarts).
 */
export async function seedSimulatedVideos(db: Db, now: Date): Promise<void> {
  for (const account of simulatedAccounts) {
    const catalog = videoCatalog[account.id] ?? [];
    const ids = catalog.map((_, index) => simulatedVideoId(account.id, index));
    if (ids.length === 0) continue;
    const existing = await db.select({ id: simVideos.id }).from(simVideos).where(inArray(simVideos.id, ids));
    const present = new Set(existing.map((row) => row.id));
    await db.transaction(async (tx) => {
      for (const [index, entry] of catalog.entries()) {
        const id = ids[index]!;
        if (!present.has(id))
          await insertCatalogVideo(tx, account.id, entry, { id, seed: `sim-video/${id}`, now });
      }
    });
  }
}

/**
 * Stores one catalog upload for an account, published `ageDays` before `now`, with its earlier
 * titles as the start of its title history.
 */
export async function insertCatalogVideo(
  tx: DbOrTx,
  accountId: string,
  entry: CatalogVideo,
  placement: { id: string; seed: string; now: Date },
): Promise<void> {
  const { id, seed, now } = placement;
  const publishedAt = new Date(Math.floor((now.getTime() - entry.ageDays * DAY_MS) / 60_000) * 60_000);
  const { previousTitles = [], ageDays: _age, ...fields } = entry;
  await tx
    .insert(simVideos)
    .values({ ...fields, id, accountId, publishedAt, seed, snippetUpdatedAt: publishedAt });
  const history = [...previousTitles.map((previous) => previous.title), entry.title];
  const changes = [0, ...previousTitles.map((previous) => previous.replacedAfterDays)];
  await tx.insert(simTitleHistory).values(
    history.map((title, position) => ({
      videoId: id,
      title,
      since: new Date(publishedAt.getTime() + changes[position]! * DAY_MS),
    })),
  );
}

/** A channel's uploads, newest first (the order of its uploads playlist). */
export async function videosOfAccount(db: DbOrTx, accountId: string): Promise<SimVideo[]> {
  return db
    .select()
    .from(simVideos)
    .where(eq(simVideos.accountId, accountId))
    .orderBy(desc(simVideos.publishedAt));
}

export async function findVideos(db: DbOrTx, ids: string[]): Promise<SimVideo[]> {
  if (ids.length === 0) return [];
  return db.select().from(simVideos).where(inArray(simVideos.id, ids));
}

/**
 * Every title each video has shown, oldest first. A custom thumbnail set through thumbnails.set
 * starts a change of its own (the title live then, with the image's CTR multiplier), and every
 * later change carries the multiplier of the thumbnail live then; a video that never had one has
 * its plain title history.
 */
export async function titleHistories(db: DbOrTx, videoIds: string[]): Promise<Map<string, TitleChange[]>> {
  const histories = new Map<string, TitleChange[]>(videoIds.map((id) => [id, []]));
  if (videoIds.length === 0) return histories;
  const [rows, thumbnails] = await Promise.all([
    db
      .select()
      .from(simTitleHistory)
      .where(inArray(simTitleHistory.videoId, videoIds))
      .orderBy(asc(simTitleHistory.since)),
    thumbnailHistories(db, videoIds),
  ]);
  for (const row of rows) histories.get(row.videoId)?.push({ title: row.title, since: row.since });
  for (const [videoId, changes] of thumbnails) {
    if (changes.length > 0) histories.set(videoId, withThumbnails(histories.get(videoId) ?? [], changes));
  }
  return histories;
}

/** Merges the thumbnail changes into a title history (at the same instant, the title goes first). */
function withThumbnails(titles: TitleChange[], thumbnails: ThumbnailChange[]): TitleChange[] {
  const merged: TitleChange[] = [];
  let title = titles[0]?.title;
  let multiplier: number | undefined;
  let t = 0;
  let i = 0;
  while (t < titles.length || i < thumbnails.length) {
    const nextTitle = titles[t];
    const nextThumbnail = thumbnails[i];
    if (nextTitle && (!nextThumbnail || nextTitle.since.getTime() <= nextThumbnail.since.getTime())) {
      title = nextTitle.title;
      merged.push(multiplier === undefined ? nextTitle : { ...nextTitle, ctrMultiplier: multiplier });
      t++;
    } else {
      multiplier = nextThumbnail!.ctrMultiplier;
      if (title !== undefined) merged.push({ title, since: nextThumbnail!.since, ctrMultiplier: multiplier });
      i++;
    }
  }
  return merged;
}

/**
 * Replaces a video's mutable snippet (YouTube's videos.update semantics are applied by the
 * caller). A new title starts a new span of the title history at `now`.
 */
export async function replaceSnippet(
  db: Db,
  videoId: string,
  snippet: StoredSnippet,
  now: Date,
): Promise<SimVideo> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(simVideos)
      .where(eq(simVideos.id, videoId))
      .for('update')
      .limit(1);
    if (!current) throw new Error(`No simulated video ${videoId}`);
    if (current.title !== snippet.title) {
      // Two changes within the same millisecond: the later one is the span that starts then.
      const [sameInstant] = await tx
        .update(simTitleHistory)
        .set({ title: snippet.title })
        .where(and(eq(simTitleHistory.videoId, videoId), eq(simTitleHistory.since, now)))
        .returning();
      if (!sameInstant)
        await tx.insert(simTitleHistory).values({ videoId, title: snippet.title, since: now });
    }
    const [updated] = await tx
      .update(simVideos)
      .set({ ...snippet, snippetUpdatedAt: now })
      .where(eq(simVideos.id, videoId))
      .returning();
    return updated!;
  });
}
