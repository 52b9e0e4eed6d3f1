import type { ChannelConnection } from '../channels/channel-connections.service';

/** What the rotation engine needs from YouTube; src/title-tests/youtube-adapter.ts implements it on the gateway. */
export interface LiveVideo {
  id: string;
  channelId: string;
  title: string;
  viewCount: number;
}

export type YouTubeFailure =
  | { kind: 'quota'; message: string }
  | { kind: 'authorization'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'transient'; message: string };

export interface TitleTestYouTube {
  /** The video as YouTube has it now (snippet + statistics, 1 unit), or null if it is gone. */
  getVideo(connection: ChannelConnection, videoId: string): Promise<LiveVideo | null>;
  /** Read-modify-write of the title only, then read back: the title YouTube shows afterwards. */
  setTitle(
    connection: ChannelConnection,
    videoId: string,
    title: string,
  ): Promise<{ title: string; confirmed: boolean }>;
  /** Public view counts, batched 50 ids per call. */
  viewCounts(connection: ChannelConnection, videoIds: string[]): Promise<Map<string, number>>;
  /** Classifies an error thrown by the calls above. */
  classify(error: unknown): YouTubeFailure;
}
