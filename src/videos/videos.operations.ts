import { channelChoiceSchema } from '../channels';
import { query } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import { recentVideosResponseSchema } from './videos.schemas';
import { getRecentVideos } from './videos.service';

export const videoOperations = {
  /** The signed-in user's recent uploads (docs/product.md#entities), for the Create Test dialog. */
  recent: query({
    access: 'user',
    team: 'edit',
    input: channelChoiceSchema,
    output: recentVideosResponseSchema,
    rest: {
      method: 'GET',
      path: '/api/videos/recent',
      summary:
        "The recent uploads of one of the user's channels (channelId; default the latest connected), for the video picker",
    },
    limit: rateLimits.recentVideos,
    handler: ({ ctx, caller, input }) => getRecentVideos(ctx, caller.user, input.channelId),
  }),
};
