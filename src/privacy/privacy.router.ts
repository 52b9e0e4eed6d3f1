import { clearSessionCookie } from '../auth/session-cookie';
import { authedProcedure, router } from '../trpc/init';
import { requestAccountDeletion } from './account-deletion.service';
import { accountDeletionResponseSchema, accountDeletionSchema } from './privacy.schemas';

export const accountRouter = router({
  /** See POST /api/account/delete. */
  delete: authedProcedure
    .input(accountDeletionSchema)
    .output(accountDeletionResponseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await requestAccountDeletion(ctx.app.engine, ctx.auth.user, input);
      clearSessionCookie(ctx.reply, ctx.app.config);
      return result;
    }),
});
