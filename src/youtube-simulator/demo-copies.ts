import { randomBytes } from 'node:crypto';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import {
  simAccounts,
  simQuotaDays,
  simQuotaUsage,
  simReportingJobs,
  simThumbnails,
  simThumbnailTruths,
  simTitleHistory,
  simVideos,
} from '../../db/schema';
import { quotaDayKey } from './quota';
import type { Db } from '../db/database';
import { DEMO_ACCOUNT_ID, type SimulatedAccount } from './accounts';
import { videoCatalog } from './video-catalog';
import { insertCatalogVideo, simulatedVideoId } from './video-store';

/**
 * A fresh Google account owning a copy of the demo channel, for one demo visitor. Its uploads are
 * the demo channel's catalog, published relative to `at` (the account's own clock when given),
 * and every copy's video of a catalog entry has the same ground truth (the seed names the entry,
 * not the copy), so every visitor's demo plays out alike.
 */
export async function createDemoCopyAccount(
  db: Db,
  options: { deploymentNow: Date; at: Date | null },
): Promise<SimulatedAccount> {
  const account = newDemoCopyIdentity();
  const now = options.at ?? options.deploymentNow;
  await db.transaction(async (tx) => {
    await tx.insert(simAccounts).values({ ...account, clockAt: options.at, demoCopy: true });
    for (const [index, entry] of (videoCatalog[DEMO_ACCOUNT_ID] ?? []).entries()) {
      const id = simulatedVideoId(account.id, index);
      await insertCatalogVideo(tx, account.id, entry, { id, seed: `demo-copy/${index}`, now });
    }
  });
  return account;
}

/** The names of a fresh demo copy's account and channel. */
function newDemoCopyIdentity(): SimulatedAccount {
  const key = randomBytes(6).toString('hex');
  const suffix = `Copy${key}000`;
  return {
    id: `sim-demo-${key}`,
    email: `demo+${key}@titlewise.app`,
    name: 'Demo Creator',
    channelId: `UCsim${suffix}`,
    channelTitle: 'Titlewise Demo Kitchen',
    uploadsPlaylistId: `UUsim${suffix}`,
  };
}

/**
 * A fresh demo copy that has lived exactly what `templateId` (another demo copy) has: the same
 * uploads with the same ground truth, every title each showed and since when, and its own clock at
 * the same instant. Google keeps nothing else that the product reads back, so the copy answers
 * every question about the past as the template does. Returns the account and each template
 * video's id in the copy; null when `templateId` is no demo copy.
 */
export async function cloneDemoCopyAccount(
  db: Db,
  templateId: string,
): Promise<{ account: SimulatedAccount; videoIds: Record<string, string> } | null> {
  const account = newDemoCopyIdentity();
  return db.transaction(async (tx) => {
    const [template] = await tx
      .select()
      .from(simAccounts)
      .where(and(eq(simAccounts.id, templateId), eq(simAccounts.demoCopy, true)));
    if (!template) return null;
    await tx.insert(simAccounts).values({ ...account, clockAt: template.clockAt, demoCopy: true });
    const videos = await tx.select().from(simVideos).where(eq(simVideos.accountId, templateId));
    if (videos.length === 0) return { account, videoIds: {} };
    // A copy's video ids follow the catalog index, as createDemoCopyAccount names them.
    const catalogSize = (videoCatalog[DEMO_ACCOUNT_ID] ?? []).length;
    const videoIds: Record<string, string> = {};
    for (let index = 0; index < catalogSize; index += 1)
      videoIds[simulatedVideoId(templateId, index)] = simulatedVideoId(account.id, index);
    await tx
      .insert(simVideos)
      .values(videos.map((video) => ({ ...video, id: videoIds[video.id]!, accountId: account.id })));
    const history = await tx
      .select()
      .from(simTitleHistory)
      .where(
        inArray(
          simTitleHistory.videoId,
          videos.map((video) => video.id),
        ),
      );
    if (history.length > 0)
      await tx
        .insert(simTitleHistory)
        .values(
          history.map(({ id: _id, videoId, ...change }) => ({ ...change, videoId: videoIds[videoId]! })),
        );
    const templateVideoIds = videos.map((video) => video.id);
    const images = await tx
      .select()
      .from(simThumbnails)
      .where(inArray(simThumbnails.videoId, templateVideoIds));
    if (images.length > 0)
      await tx
        .insert(simThumbnails)
        .values(images.map(({ id: _id, videoId, ...image }) => ({ ...image, videoId: videoIds[videoId]! })));
    const truths = await tx
      .select()
      .from(simThumbnailTruths)
      .where(inArray(simThumbnailTruths.videoId, templateVideoIds));
    if (truths.length > 0)
      await tx
        .insert(simThumbnailTruths)
        .values(truths.map(({ videoId, ...truth }) => ({ ...truth, videoId: videoIds[videoId]! })));
    return { account, videoIds };
  });
}

/**
 * Moves everything a demo copy has lived `ms` earlier (ms < 0: into the past): its uploads'
 * publication, every title and custom thumbnail they showed and since when, its reporting jobs, and its own quota's
 * days (a copy moves by whole days), so the days it lives again start unspent. With the copy's
 * clock then run forward again by as much, the copy lives days ahead of its old self while the
 * deployment's clock stays where it is (src/demo/demo-time.ts). Returns false for no demo copy.
 */
export async function shiftDemoCopyAccount(db: Db, accountId: string, ms: number): Promise<boolean> {
  const by = sql`make_interval(secs => ${ms / 1000})`;
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: simAccounts.id })
      .from(simAccounts)
      .where(and(eq(simAccounts.id, accountId), eq(simAccounts.demoCopy, true)));
    if (!account) return false;
    const videos = tx.select({ id: simVideos.id }).from(simVideos).where(eq(simVideos.accountId, accountId));
    await tx
      .update(simTitleHistory)
      .set({ since: sql`${simTitleHistory.since} + ${by}` })
      .where(inArray(simTitleHistory.videoId, videos));
    await tx
      .update(simThumbnails)
      .set({ since: sql`${simThumbnails.since} + ${by}` })
      .where(inArray(simThumbnails.videoId, videos));
    await tx
      .update(simVideos)
      .set({
        publishedAt: sql`${simVideos.publishedAt} + ${by}`,
        snippetUpdatedAt: sql`${simVideos.snippetUpdatedAt} + ${by}`,
      })
      .where(eq(simVideos.accountId, accountId));
    await tx
      .update(simReportingJobs)
      .set({ createTime: sql`${simReportingJobs.createTime} + ${by}` })
      .where(eq(simReportingJobs.accountId, accountId));
    // Counter keys end in the Pacific day (quotaDayKey): two steps, as a day may take the label
    // of the next one.
    const prefix = quotaDayKey('', { id: accountId, demoCopy: true });
    const days = Math.round(ms / 86_400_000);
    for (const table of [sql`sim_quota_days`, sql`sim_quota_usage`]) {
      await tx.execute(sql`update ${table} set day = 'moving:' || day where day like ${`${prefix}%`}`);
      await tx.execute(sql`
        update ${table} set day = ${prefix} || to_char(right(day, 10)::date + ${days}::int, 'YYYY-MM-DD')
        where day like ${`moving:${prefix}%`}`);
    }
    await tx.execute(sql`update sim_quota_usage set at = at + ${by} where day like ${`${prefix}%`}`);
    return true;
  });
}

/** Moves a copy to its own instant, or (null) back onto the deployment's clock. */
export async function setAccountClock(db: Db, accountId: string, at: Date | null): Promise<boolean> {
  const updated = await db
    .update(simAccounts)
    .set({ clockAt: at })
    .where(eq(simAccounts.id, accountId))
    .returning({ id: simAccounts.id });
  return updated.length > 0;
}

/** Removes a demo copy with everything Google held for it (videos, tokens, reports, its quota). */
export async function deleteDemoCopyAccount(db: Db, accountId: string): Promise<boolean> {
  const deleted = await db
    .delete(simAccounts)
    .where(and(eq(simAccounts.id, accountId), eq(simAccounts.demoCopy, true)))
    .returning({ id: simAccounts.id });
  if (deleted.length === 0) return false;
  const counters = `${quotaDayKey('', { id: accountId, demoCopy: true })}%`;
  await db.delete(simQuotaDays).where(like(simQuotaDays.day, counters));
  await db.delete(simQuotaUsage).where(like(simQuotaUsage.day, counters));
  return true;
}
