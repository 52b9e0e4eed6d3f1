import type { RecentVideo as ServerRecentVideo } from '../../../../../src/videos/videos.schemas';

/** SPEC §3 Video (recent), as videos.recent returns it. */
export type RecentVideo = ServerRecentVideo;
