import { authedProcedure, router } from '../trpc/init';
import { recentVideosResponseSchema } from './videos.schemas';
import { getRecentVideos } from './videos.service';

export const videosRouter = router({
  /** The signed-in user's recent uploads (docs/product.md#entities), for the Create Test dialog. */
  recent: authedProcedure
    .output(recentVideosResponseSchema)
    .query(({ ctx }) => getRecentVideos(ctx.app, ctx.auth)),
});
