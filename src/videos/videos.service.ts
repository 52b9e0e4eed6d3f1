import type { AppContext } from '../app-context';
import { findPrimaryConnection } from '../channels/channel-connections.service';
import { AppError } from '../errors/app-error';
import type { RequestAuth } from '../http/request-auth';
import { listRecentUploads } from '../youtube/gateway';
import type { RecentVideo } from './videos.schemas';

/** How many uploads the video picker offers. */
const RECENT_LIMIT = 24;

/**
 * The signed-in user's recent uploads on their primary channel, newest first (3 quota units).
 * A user without a connected channel is told to connect one; gateway errors pass through typed.
 */
export async function getRecentVideos(app: AppContext, auth: RequestAuth): Promise<RecentVideo[]> {
  const connection = await findPrimaryConnection(app.db, auth.user.id);
  if (!connection) {
    throw new AppError('CONFLICT', 'No YouTube channel is connected. Sign in with Google to connect yours.');
  }
  return listRecentUploads(app, connection, { maxResults: RECENT_LIMIT });
}
