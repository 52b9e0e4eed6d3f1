import type { ServiceContext } from '../context/service-context';
import { assertUsable, chosenChannel } from '../channels';
import { AppError } from '../errors/app-error';
import type { UserRow } from '../../db/schema/users';
import { RECENT_VIDEOS_CACHE_MS } from '../shared/usage-limits';
import { listRecentUploads } from '../youtube/gateway';
import type { RecentVideo } from './videos.schemas';

/**
 * How many uploads the video picker offers and searches: one page of the uploads playlist and one
 * videos.list call take up to 50, so 50 cost the same 3 units as fewer (docs/decisions/0028).
 */
export const RECENT_LIMIT = 50;

interface CachedList {
  /** When the list was asked of YouTube, on app.clock. */
  at: number;
  list: Promise<RecentVideo[]>;
}

/** Per app (tests run several in one process): the recent lists by user and connection. */
const caches = new WeakMap<ServiceContext, Map<string, CachedList>>();

function cacheOf(ctx: ServiceContext): Map<string, CachedList> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map<string, CachedList>()));
  return cache;
}

/**
 * The signed-in user's recent uploads on their primary channel, newest first (3 quota units).
 * A list is reused for RECENT_VIDEOS_CACHE_MS, and calls that arrive while it is being fetched
 * (a batch of the same call) wait for that one fetch, so repeats cost no quota. A failed fetch is
 * not kept. A user without a connected channel is told to connect one; gateway errors pass
 * through typed.
 */
export async function getRecentVideos(
  ctx: ServiceContext,
  user: UserRow,
  channelId?: string,
): Promise<RecentVideo[]> {
  const connection = await chosenChannel(ctx.db, user, channelId);
  if (connection) assertUsable(connection);
  if (!connection) {
    throw new AppError('CONFLICT', 'No YouTube channel is connected. Sign in with Google to connect yours.');
  }
  const cache = cacheOf(ctx);
  const now = ctx.clock.now().getTime();
  for (const [key, entry] of cache) {
    if (now - entry.at >= RECENT_VIDEOS_CACHE_MS || now < entry.at) cache.delete(key);
  }
  // A reconnection (new tokens, maybe another channel) starts afresh.
  const key = `${user.id}:${connection.id}:${connection.status}`;
  const cached = cache.get(key);
  if (cached) return cached.list;
  const list = listRecentUploads(ctx, connection, { maxResults: RECENT_LIMIT });
  cache.set(key, { at: now, list });
  list.catch(() => {
    if (cache.get(key)?.list === list) cache.delete(key);
  });
  return list;
}
