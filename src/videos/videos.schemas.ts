import { z } from 'zod';
import { VIDEO_FORMATS } from '../shared/video-format';

/** A recent video (docs/product.md#entities), plus when it was published. */
export const recentVideoSchema = z.object({
  id: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  viewCount: z.number().int().nonnegative(),
  /** ISO 8601 duration as YouTube gives it, e.g. PT11M24S. */
  duration: z.string(),
  publishedAt: z.string(),
  /** A long video or a Short: from the duration and the player's shape (docs/shorts.md). */
  format: z.enum(VIDEO_FORMATS),
});
export type RecentVideo = z.infer<typeof recentVideoSchema>;

export const recentVideosResponseSchema = z.array(recentVideoSchema);
