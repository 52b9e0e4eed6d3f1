import { clearSessionCookie } from '../auth';
import { channelIdSchema, disconnectResultSchema } from '../channels';
import { declareOn } from '../api/declare/operation';
import { requestAccountDeletion } from './account-deletion.service';
import { requestChannelDisconnect } from './disconnect-channel';
import { accountDeletionResponseSchema, accountDeletionSchema } from './privacy.schemas';
import type { EngineContext } from '../title-tests';

const { mutation } = declareOn<EngineContext>();

/** The account's own data (docs/data-retention.md). */
export const accountOperations = {
  delete: mutation({
    access: 'user',
    input: accountDeletionSchema,
    output: accountDeletionResponseSchema,
    rest: {
      method: 'POST',
      path: '/api/account/delete',
      summary:
        'Delete the signed-in account: sessions end, running tests put their original titles back, then tests, figures and the Google grant are erased',
      successStatus: 202,
    },
    handler: async ({ ctx, caller, input, http }) => {
      const result = await requestAccountDeletion(ctx, caller.user, input);
      clearSessionCookie(http.reply, ctx.config);
      return result;
    },
  }),

  disconnectChannel: mutation({
    access: 'user',
    input: channelIdSchema,
    output: disconnectResultSchema,
    rest: {
      method: 'POST',
      path: '/api/channels/:id/disconnect',
      summary:
        "Disconnect one of the account's channels: its running tests stop and put their original titles back, then Titlewise's Google access to it is revoked",
      successStatus: 202,
    },
    handler: ({ ctx, caller, input }) => requestChannelDisconnect(ctx, caller.user, input.id),
  }),
};
