import type { FastifyInstance } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { admitDataRequest, listParam } from './data-request';
import { sendGoogleError } from './google-errors';
import { customThumbnailsAllowed } from './thumbnail-store';
import { etag, listResponse } from './video-resources';

/**
 * channels.list with mine=true: the caller's own channel, its uploads playlist, and its status.
 * YouTube grants long uploads and custom thumbnails together, to verified channels; the API tells
 * neither directly, so `status.longUploadsStatus` is the sign of both: 'allowed' when the account
 * may set custom thumbnails, 'eligible' (could be, once verified) when it may not
 * (docs/youtube.md#custom-thumbnails).
 */
export function registerChannelRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/youtube/v3/channels', async (request, reply) => {
    const caller = await admitDataRequest(options, request, reply, 'channels.list');
    if (!caller) return reply;
    const query = request.query as Record<string, unknown>;
    const parts = listParam(query.part);
    if (parts.length === 0)
      return sendGoogleError(reply, 400, 'required', 'Required parameter: part', 'global');
    if (String(query.mine) !== 'true') {
      return sendGoogleError(
        reply,
        400,
        'missingRequiredParameter',
        'The simulator lists channels with mine=true only.',
      );
    }
    const { account } = caller;
    const body = {
      ...(parts.includes('snippet')
        ? {
            snippet: {
              title: account.channelTitle,
              description: '',
              customUrl: `@${account.channelTitle.replace(/\s+/g, '').toLowerCase()}`,
            },
          }
        : {}),
      ...(parts.includes('contentDetails')
        ? { contentDetails: { relatedPlaylists: { likes: '', uploads: account.uploadsPlaylistId } } }
        : {}),
      ...(parts.includes('status')
        ? {
            status: {
              privacyStatus: 'public',
              isLinked: true,
              longUploadsStatus: (await customThumbnailsAllowed(options.db, account.id))
                ? 'allowed'
                : 'eligible',
              madeForKids: false,
            },
          }
        : {}),
    };
    const channel = { kind: 'youtube#channel', etag: etag(body), id: account.channelId, ...body };
    return reply.send(listResponse('youtube#channelListResponse', [channel], { resultsPerPage: 5 }));
  });
}
