import { z } from 'zod';
import { isAdmin } from '../auth/roles';
import { authedProcedure, router } from '../trpc/init';

export const adminCheckSchema = z.object({ isAdmin: z.boolean() });

export const adminRouter = router({
  /** Whether the caller may open the admin console; decided on the server only. */
  check: authedProcedure.output(adminCheckSchema).query(({ ctx }) => ({ isAdmin: isAdmin(ctx.app.config, ctx.auth.user) })),
});
