import { query } from '../api/declare/operation';
import { channelListSchema } from './channels.schemas';
import { listChannels } from './channels.service';

/**
 * The account's YouTube channels. Connecting one is a browser navigation to Google
 * (GET /api/channels/connect, src/auth/google-oauth.ts); disconnecting one revokes a grant, so it
 * is the privacy feature's (account.disconnectChannel).
 */
export const channelOperations = {
  list: query({
    access: 'user',
    team: 'view',
    output: channelListSchema,
    rest: {
      method: 'GET',
      path: '/api/channels',
      summary: "The account's YouTube channels and the plan's channel limit",
    },
    handler: ({ ctx, caller }) => listChannels(ctx, caller.user),
  }),
};
