import type { RecentVideo as ServerRecentVideo } from '#server/videos/videos.schemas';

/** A recent video (docs/product.md#entities), as videos.recent returns it. */
export type RecentVideo = ServerRecentVideo;
