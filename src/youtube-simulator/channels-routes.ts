import type { FastifyInstance } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { requireAccount } from './data-auth';

/** channels.list with mine=true: the caller's own channel and its uploads playlist. */
export function registerChannelRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/youtube/v3/channels', async (request, reply) => {
    const found = await requireAccount(options, request, reply);
    if (!found) return reply;
    const { account } = found;
    return reply.send({
      kind: 'youtube#channelListResponse',
      pageInfo: { totalResults: 1, resultsPerPage: 5 },
      items: [
        {
          kind: 'youtube#channel',
          id: account.channelId,
          snippet: { title: account.channelTitle, description: '', customUrl: `@${account.channelTitle.replace(/\s+/g, '').toLowerCase()}` },
          contentDetails: { relatedPlaylists: { likes: '', uploads: account.uploadsPlaylistId } },
        },
      ],
    });
  });
}
