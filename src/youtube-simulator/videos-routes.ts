import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimulatorOptions } from './plugin';
import { admitDataRequest, canWrite, listParam } from './data-request';
import { sendGoogleError } from './google-errors';
import { findAccount, type SimAccount } from './identity-store';
import { ruleOnSnippet } from './snippet-rules';
import { currentThumbnails, type CustomThumbnail } from './thumbnail-store';
import { findVideos, replaceSnippet, titleHistories, type SimVideo } from './video-store';
import {
  listResponse,
  videoContentDetails,
  videoPlayer,
  videoProcessingDetails,
  videoResource,
  videoSnippet,
  videoStatistics,
  type VideoParts,
} from './video-resources';
import { countersAt } from './video-traffic';

const MAX_IDS = 50;
const videoParts = new Set([
  'id',
  'snippet',
  'contentDetails',
  'statistics',
  'status',
  'player',
  'processingDetails',
]);
/** maxWidth and maxHeight of the player part: 72 to 8192 pixels, as YouTube's reference says. */
const playerBound = (value: unknown): number | undefined | null => {
  if (value === undefined) return undefined;
  const bound = Number(value);
  return Number.isInteger(bound) && bound >= 72 && bound <= 8192 ? bound : null;
};
const statParts = new Set(['id', 'snippet', 'contentDetails', 'statistics']);

export const simulatorBaseUrl = (request: FastifyRequest, prefix: string) =>
  `${request.protocol}://${request.host}${prefix}`;

const updateBody = z.object({ id: z.string().optional(), snippet: z.unknown().optional() }).passthrough();

async function ownersOf(options: SimulatorOptions, videos: SimVideo[]): Promise<Map<string, SimAccount>> {
  const owners = new Map<string, SimAccount>();
  for (const accountId of new Set(videos.map((video) => video.accountId))) {
    const account = await findAccount(options.db, accountId);
    if (account) owners.set(accountId, account);
  }
  return owners;
}

/** Videos in the order their ids were asked for; unknown ids are left out, as YouTube does. */
async function videosInOrder(options: SimulatorOptions, ids: string[]): Promise<SimVideo[]> {
  const found = new Map((await findVideos(options.db, ids)).map((video) => [video.id, video]));
  return ids.flatMap((id) => found.get(id) ?? []);
}

/** videos.list, videos.update (part=snippet, replace semantics) and videos.batchGetStats. */
export function registerVideoRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/youtube/v3/videos', async (request, reply) => {
    const caller = await admitDataRequest(options, request, reply, 'videos.list');
    if (!caller) return reply;
    const query = request.query as Record<string, unknown>;
    const parts = listParam(query.part);
    const ids = listParam(query.id);
    if (parts.length === 0)
      return sendGoogleError(reply, 400, 'required', 'Required parameter: part', 'global');
    const unknown = parts.find((part) => !videoParts.has(part));
    if (unknown) return sendGoogleError(reply, 400, 'unknownPart', `'${unknown}'`);
    if (ids.length === 0)
      return sendGoogleError(
        reply,
        400,
        'missingRequiredParameter',
        'No filter selected. Expected one of: myRating, id, chart',
      );
    if (ids.length > MAX_IDS)
      return sendGoogleError(reply, 400, 'invalidFilters', 'The request specifies more than 50 video ids.');
    const maxWidth = playerBound(query.maxWidth);
    const maxHeight = playerBound(query.maxHeight);
    if (maxWidth === null || maxHeight === null)
      return sendGoogleError(reply, 400, 'invalidValue', 'maxWidth and maxHeight take 72 to 8192.');

    const videos = await videosInOrder(options, ids);
    const videoIds = videos.map((video) => video.id);
    const [owners, histories, custom] = await Promise.all([
      ownersOf(options, videos),
      titleHistories(options.db, videoIds),
      parts.includes('snippet')
        ? currentThumbnails(options.db, videoIds)
        : new Map<string, CustomThumbnail>(),
    ]);
    const now = caller.now;
    const baseUrl = simulatorBaseUrl(request, options.prefix);
    const items = videos.map((video) => {
      const body: VideoParts & { status?: unknown } = {};
      if (parts.includes('snippet'))
        body.snippet = videoSnippet(video, owners.get(video.accountId)!, baseUrl, custom.get(video.id));
      if (parts.includes('contentDetails')) body.contentDetails = videoContentDetails(video);
      if (parts.includes('status')) {
        body.status = {
          uploadStatus: 'processed',
          privacyStatus: 'public',
          license: 'youtube',
          embeddable: true,
          publicStatsViewable: true,
          madeForKids: false,
        };
      }
      if (parts.includes('statistics'))
        body.statistics = videoStatistics(countersAt(video, histories.get(video.id) ?? [], now));
      if (parts.includes('player')) body.player = videoPlayer(video, { maxWidth, maxHeight });
      // Only the owner sees how processing went; others get no processingDetails.
      if (parts.includes('processingDetails') && video.accountId === caller.account.id)
        body.processingDetails = videoProcessingDetails(video);
      return videoResource(video.id, body);
    });
    return reply.send(listResponse('youtube#videoListResponse', items));
  });

  app.put('/youtube/v3/videos', async (request, reply) => {
    const caller = await admitDataRequest(options, request, reply, 'videos.update');
    if (!caller) return reply;
    const parts = listParam((request.query as Record<string, unknown>).part);
    if (parts.length === 0)
      return sendGoogleError(reply, 400, 'required', 'Required parameter: part', 'global');
    if (parts.some((part) => part !== 'snippet')) {
      return sendGoogleError(reply, 400, 'unexpectedPart', 'The simulator updates part=snippet only.');
    }
    if (!canWrite(caller)) {
      return sendGoogleError(
        reply,
        403,
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
        'global',
      );
    }
    const body = updateBody.safeParse(request.body ?? {});
    if (!body.success || !body.data.id)
      return sendGoogleError(
        reply,
        400,
        'invalidVideoMetadata',
        'The request metadata is invalid: id is required.',
      );
    const [video] = await findVideos(options.db, [body.data.id]);
    if (!video)
      return sendGoogleError(
        reply,
        404,
        'videoNotFound',
        'The video that you are trying to update cannot be found.',
      );
    if (video.accountId !== caller.account.id) {
      return sendGoogleError(
        reply,
        403,
        'forbidden',
        'The video that you are trying to update cannot be updated.',
      );
    }
    const ruling = ruleOnSnippet(body.data.snippet ?? {});
    if (!ruling.ok) return sendGoogleError(reply, 400, ruling.reason, ruling.message);
    const updated = await replaceSnippet(options.db, video.id, ruling.snippet, caller.now);
    const custom = (await currentThumbnails(options.db, [updated.id])).get(updated.id);
    return reply.send(
      videoResource(updated.id, {
        snippet: videoSnippet(updated, caller.account, simulatorBaseUrl(request, options.prefix), custom),
      }),
    );
  });

  // Google's path has a literal colon; find-my-way reads "::" as one.
  app.get('/youtube/v3/videos::batchGetStats', async (request, reply) => {
    const caller = await admitDataRequest(options, request, reply, 'videos.batchGetStats');
    if (!caller) return reply;
    const query = request.query as Record<string, unknown>;
    const parts = listParam(query.part);
    const ids = listParam(query.id);
    if (parts.length === 0)
      return sendGoogleError(reply, 400, 'required', 'Required parameter: part', 'global');
    const unknown = parts.find((part) => !statParts.has(part));
    if (unknown) return sendGoogleError(reply, 400, 'unknownPart', `'${unknown}'`);
    if (ids.length === 0 || ids.length > MAX_IDS) {
      return sendGoogleError(reply, 400, 'invalidArgument', 'Between 1 and 50 video ids are required.');
    }
    const videos = await videosInOrder(options, ids);
    const histories = await titleHistories(
      options.db,
      videos.map((video) => video.id),
    );
    const now = caller.now;
    const items = videos.map((video) => {
      const counters = countersAt(video, histories.get(video.id) ?? [], now);
      return {
        kind: 'youtube#videoStats',
        etag: `${video.id}-${counters.viewCount}`,
        id: video.id,
        ...(parts.includes('snippet') ? { snippet: { publishTime: video.publishedAt.toISOString() } } : {}),
        ...(parts.includes('statistics')
          ? {
              statistics: {
                viewCount: String(counters.viewCount),
                likeCount: String(counters.likeCount),
                commentCount: String(counters.commentCount),
              },
            }
          : {}),
        ...(parts.includes('contentDetails')
          ? { contentDetails: { duration: videoContentDetails(video).duration } }
          : {}),
      };
    });
    return reply.send({ kind: 'youtube#batchGetStatsResponse', etag: `${items.length}`, items });
  });
}
