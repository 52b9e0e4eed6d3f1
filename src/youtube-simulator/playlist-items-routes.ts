import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { simAccounts } from '../../db/schema';
import type { SimulatorOptions } from './plugin';
import { admitDataRequest, listParam } from './data-request';
import { sendGoogleError } from './google-errors';
import { currentThumbnails, type CustomThumbnail } from './thumbnail-store';
import { etag, listResponse, thumbnails } from './video-resources';
import { videosOfAccount } from './video-store';
import { simulatorBaseUrl } from './videos-routes';

const pageToken = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function offsetFrom(token: unknown): number | null {
  if (token === undefined || token === '') return 0;
  if (typeof token !== 'string') return null;
  const match = /^offset:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

/** playlistItems.list for a channel's uploads playlist: newest first, paged like YouTube. */
export function registerPlaylistItemRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/youtube/v3/playlistItems', async (request, reply) => {
    const caller = await admitDataRequest(options, request, reply, 'playlistItems.list');
    if (!caller) return reply;
    const query = request.query as Record<string, unknown>;
    const parts = listParam(query.part);
    if (parts.length === 0)
      return sendGoogleError(reply, 400, 'required', 'Required parameter: part', 'global');
    const playlistId = typeof query.playlistId === 'string' ? query.playlistId : '';
    const maxResults = query.maxResults === undefined ? 5 : Number(query.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50) {
      return sendGoogleError(
        reply,
        400,
        'invalidParameter',
        'Invalid value for maxResults: must be 0 to 50.',
      );
    }
    const offset = offsetFrom(query.pageToken);
    if (offset === null)
      return sendGoogleError(reply, 400, 'invalidPageToken', 'The request specifies an invalid page token.');
    const [owner] = await options.db
      .select()
      .from(simAccounts)
      .where(eq(simAccounts.uploadsPlaylistId, playlistId))
      .limit(1);
    if (!owner) {
      return sendGoogleError(
        reply,
        404,
        'playlistNotFound',
        "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
      );
    }
    const videos = await videosOfAccount(options.db, owner.id);
    const page = videos.slice(offset, offset + maxResults);
    const baseUrl = simulatorBaseUrl(request, options.prefix);
    const custom = parts.includes('snippet')
      ? await currentThumbnails(
          options.db,
          page.map((video) => video.id),
        )
      : new Map<string, CustomThumbnail>();
    const items = page.map((video, index) => {
      const id = Buffer.from(`${playlistId}.${video.id}`).toString('base64url');
      const body = {
        ...(parts.includes('snippet')
          ? {
              snippet: {
                publishedAt: video.publishedAt.toISOString(),
                channelId: owner.channelId,
                title: video.title,
                description: video.description,
                thumbnails: thumbnails(baseUrl, video.id, custom.get(video.id)),
                channelTitle: owner.channelTitle,
                playlistId,
                position: offset + index,
                resourceId: { kind: 'youtube#video', videoId: video.id },
                videoOwnerChannelTitle: owner.channelTitle,
                videoOwnerChannelId: owner.channelId,
              },
            }
          : {}),
        ...(parts.includes('contentDetails')
          ? { contentDetails: { videoId: video.id, videoPublishedAt: video.publishedAt.toISOString() } }
          : {}),
        ...(parts.includes('status') ? { status: { privacyStatus: 'public' } } : {}),
      };
      return { kind: 'youtube#playlistItem', etag: etag(body), id, ...body };
    });
    const next = offset + maxResults < videos.length ? pageToken(offset + maxResults) : undefined;
    return reply.send(
      listResponse('youtube#playlistItemListResponse', items, {
        totalResults: videos.length,
        resultsPerPage: maxResults,
        ...(next ? { nextPageToken: next } : {}),
      }),
    );
  });
}
