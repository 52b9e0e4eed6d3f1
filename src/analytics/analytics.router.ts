import { authedProcedure, router } from '../trpc/init';
import { getAccuracyStatus } from './accuracy-status.service';
import { accuracyStatusSchema } from './analytics.schemas';

export const analyticsRouter = router({
  accuracyStatus: authedProcedure
    .output(accuracyStatusSchema)
    .query(({ ctx }) => getAccuracyStatus(ctx.app, ctx.auth)),
});
