import type { ChannelConnection } from '../../channels';
import type { VideoForm, VideoSnippet } from '../../youtube/gateway/videos';
import type { ServedThumbnail, ThumbnailImage } from '../../youtube/gateway/thumbnails';

export type { ServedThumbnail, ThumbnailImage };

/** What the rotation engine needs from YouTube; src/title-tests/engine/youtube-adapter.ts implements it on the gateway. */
export interface LiveVideo {
  id: string;
  channelId: string;
  title: string;
  viewCount: number;
  /** Where YouTube serves the video's thumbnail at its largest size (null: none given). */
  thumbnailUrl: string | null;
  /** The snippet as read: a title write sends it back unchanged but for the title. */
  snippet: VideoSnippet;
}

/** The video a test is created on: as a slot reads it, and its form (a long video or a Short, processed or not). */
export interface VideoToTest extends LiveVideo {
  form: VideoForm;
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
  /** The same and the video's form, in the same single call (1 unit): what creating a test reads. */
  getVideoToTest(connection: ChannelConnection, videoId: string): Promise<VideoToTest | null>;
  /**
   * Writes the title only, on the video just read by getVideo in the same job (so the snippet is
   * not read twice: 50 units), confirmed from YouTube's answer: the title YouTube shows afterwards.
   */
  setTitle(
    connection: ChannelConnection,
    live: LiveVideo,
    title: string,
  ): Promise<{ title: string; confirmed: boolean }>;
  /**
   * Public view counts, batched 50 ids per call. Any grant reads a public video's counters; a
   * video missing from the answer (not public) needs its owner's grant.
   */
  viewCounts(connection: ChannelConnection, videoIds: string[]): Promise<Map<string, number>>;
  /** The thumbnail YouTube serves at `url` (an image fetch, no API quota). */
  servedThumbnail(url: string): Promise<ServedThumbnail>;
  /**
   * Sets the video's custom thumbnail (thumbnails.set, 50 units); returns where YouTube says it is
   * served now (its largest size), or null when the answer names no URL.
   */
  setThumbnail(connection: ChannelConnection, videoId: string, image: ThumbnailImage): Promise<string | null>;
  /** Whether the channel may set custom thumbnails at all (channels.list, 1 unit). */
  maySetThumbnails(connection: ChannelConnection): Promise<boolean>;
  /** Classifies an error thrown by the calls above. */
  classify(error: unknown): YouTubeFailure;
}
