import { createHash } from 'node:crypto';
import type { ChannelConnection } from '../../channels';
import type { VideoSnippet } from '../../youtube/gateway/videos';
import type {
  LiveVideo,
  ServedThumbnail,
  ThumbnailImage,
  TitleTestYouTube,
  VideoToTest,
  YouTubeFailure,
} from './youtube-port';

// An in-memory YouTube for the engine's unit tests: it serves videos, titles, thumbnails and view
// counters from memory, records every call the engine makes, and fails the ways YouTube fails
// (a spent quota, a 5xx, a grant revoked, a video gone, a title refused). Test code only.

/** The port's methods, as the calls are recorded. */
type PortMethod = Exclude<keyof TitleTestYouTube, 'classify'>;

/** One call the engine made, with what it sent. */
export type FakeCall =
  | { method: 'getVideo' | 'getVideoToTest'; videoId: string; channelId: string }
  | { method: 'setTitle'; videoId: string; channelId: string; title: string; snippet: VideoSnippet }
  | { method: 'viewCounts'; channelId: string; videoIds: string[] }
  | { method: 'servedThumbnail'; url: string }
  | { method: 'setThumbnail'; videoId: string; channelId: string; sha256: string }
  | { method: 'maySetThumbnails'; channelId: string };

/** What the fake throws: a YouTube failure, classified as such by `classify`. */
export class FakeYouTubeError extends Error {
  constructor(readonly failure: YouTubeFailure) {
    super(failure.message);
    this.name = 'FakeYouTubeError';
  }
}

/** The failures YouTube answers with, as the engine's port classifies them. */
export const youtubeFails = {
  /** 403 quotaExceeded: nothing more until the reset at midnight Pacific. */
  quotaExceeded: (): YouTubeFailure => ({ kind: 'quota', message: "YouTube's daily API quota is used up." }),
  /** A 500/503, or no answer at all. */
  serverError: (status = 503): YouTubeFailure => ({
    kind: 'transient',
    message: `YouTube answered ${status}.`,
  }),
  /** invalid_grant: the creator revoked Titlewise's access, or the grant expired. */
  accessRevoked: (): YouTubeFailure => ({
    kind: 'authorization',
    message: 'Titlewise no longer has access to your YouTube channel.',
  }),
  /** 404 videoNotFound on a write. */
  videoGone: (): YouTubeFailure => ({ kind: 'not-found', message: 'The video was not found.' }),
  /** 400 invalidTitle and the like: YouTube will not take what was sent. */
  refused: (message = 'YouTube refused the title.'): YouTubeFailure => ({ kind: 'invalid', message }),
};

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A video as the fake holds it. */
interface StoredVideo {
  snippet: VideoSnippet;
  viewCount: number;
  /** Whether any grant reads its counters (false: only its owner's). */
  public: boolean;
}

/**
 * The engine's YouTube port in memory (TitleTestYouTube, youtube-port.ts). Like videos.update, a
 * title write replaces the video's whole snippet with the one sent (the snippet of the `live`
 * video the engine passes, with the new title): a write that carried a stale or partial snippet
 * loses the creator's description and tags here as it would on YouTube.
 */
export class FakeYouTube implements TitleTestYouTube {
  /** Every call made, in order (a failed call too). */
  readonly calls: FakeCall[] = [];
  /** Whether channels may set custom thumbnails (maySetThumbnails). */
  customThumbnails = true;
  /** YouTube's answer to a title write (default: the title sent); a different one is unconfirmed. */
  answerTitle: (sent: string) => string = (sent) => sent;
  private readonly videos = new Map<string, StoredVideo>();
  private readonly images = new Map<string, ThumbnailImage>();
  private readonly failures: Array<{
    method: PortMethod | 'any';
    failure: YouTubeFailure;
    times: number;
    after: number;
  }> = [];
  private uploads = 0;

  /** Adds a video (public, 1,000 views, a description and tags, a served thumbnail) and returns it as read. */
  addVideo(
    fields: Partial<VideoSnippet> & { viewCount?: number; public?: boolean; thumbnail?: Buffer } = {},
  ): LiveVideo {
    const { viewCount = 1000, public: isPublic = true, thumbnail, ...snippetFields } = fields;
    const videoId = snippetFields.videoId ?? `video-${this.videos.size + 1}`;
    const thumbnailUrl = this.serve(thumbnail ?? Buffer.from(`original thumbnail of ${videoId}`));
    const snippet: VideoSnippet = {
      videoId,
      channelId: 'UC-channel',
      publishedAt: '2026-11-01T10:00:00Z',
      title: 'The original title',
      description: 'Links, chapters and credits the creator wrote.',
      tags: ['cooking', 'bread'],
      categoryId: '26',
      defaultLanguage: 'en',
      defaultAudioLanguage: 'en',
      thumbnailUrl,
      ...snippetFields,
    };
    this.videos.set(videoId, { snippet, viewCount, public: isPublic });
    return this.liveOf(videoId)!;
  }

  /** The video as YouTube has it now, or null when it is gone (no call recorded). */
  video(videoId: string): LiveVideo | null {
    return this.liveOf(videoId);
  }

  /** The creator changes the video in Studio: no call of the engine's. */
  editInStudio(videoId: string, change: { title?: string; description?: string; thumbnail?: Buffer }): void {
    const video = this.stored(videoId);
    const { thumbnail, ...fields } = change;
    video.snippet = {
      ...video.snippet,
      ...fields,
      ...(thumbnail ? { thumbnailUrl: this.serve(thumbnail) } : {}),
    };
  }

  /** Viewers watch: the public counter gains `views`. */
  watch(videoId: string, views: number): void {
    this.stored(videoId).viewCount += views;
  }

  /** The creator deletes the video: reads find nothing, writes answer 404. */
  deleteVideo(videoId: string): void {
    this.videos.delete(videoId);
  }

  /**
   * The next `times` calls of `method` (or of any method) fail with `failure`, once `after` more
   * of them have been answered.
   */
  failNext(
    method: PortMethod | 'any',
    failure: YouTubeFailure,
    { times = 1, after = 0 }: { times?: number; after?: number } = {},
  ): void {
    this.failures.push({ method, failure, times, after });
  }

  /** The recorded calls of one method. */
  callsOf<M extends FakeCall['method']>(method: M): Array<Extract<FakeCall, { method: M }>> {
    return this.calls.filter((call): call is Extract<FakeCall, { method: M }> => call.method === method);
  }

  /** The fingerprint of the thumbnail a video serves now. */
  servedSha256(videoId: string): string | null {
    const url = this.stored(videoId).snippet.thumbnailUrl;
    const image = url ? this.images.get(url) : undefined;
    return image ? sha256Of(image.bytes) : null;
  }

  getVideo(connection: ChannelConnection, videoId: string): Promise<LiveVideo | null> {
    return this.call({ method: 'getVideo', videoId, channelId: connection.youtubeChannelId }, () =>
      this.liveOf(videoId),
    );
  }

  getVideoToTest(connection: ChannelConnection, videoId: string): Promise<VideoToTest | null> {
    return this.call({ method: 'getVideoToTest', videoId, channelId: connection.youtubeChannelId }, () => {
      const live = this.liveOf(videoId);
      return live && { ...live, form: { format: 'video', processingStatus: 'succeeded' } };
    });
  }

  setTitle(
    connection: ChannelConnection,
    live: LiveVideo,
    title: string,
  ): Promise<{ title: string; confirmed: boolean }> {
    const call = {
      method: 'setTitle' as const,
      videoId: live.id,
      channelId: connection.youtubeChannelId,
      title,
      snippet: structuredClone(live.snippet),
    };
    return this.call(call, () => {
      const video = this.videos.get(live.id);
      if (!video) throw new FakeYouTubeError(youtubeFails.videoGone());
      const answered = this.answerTitle(title);
      // videos.update replaces the whole snippet with the one sent; thumbnails are read-only.
      video.snippet = { ...live.snippet, title: answered, thumbnailUrl: video.snippet.thumbnailUrl };
      return { title: answered, confirmed: answered === title };
    });
  }

  viewCounts(connection: ChannelConnection, videoIds: string[]): Promise<Map<string, number>> {
    const channelId = connection.youtubeChannelId;
    return this.call({ method: 'viewCounts', channelId, videoIds: [...videoIds] }, () => {
      const counts = new Map<string, number>();
      for (const id of videoIds) {
        const video = this.videos.get(id);
        // A video that is not public is missing from the answer, but to its owner's grant.
        if (video && (video.public || video.snippet.channelId === channelId)) counts.set(id, video.viewCount);
      }
      return counts;
    });
  }

  servedThumbnail(url: string): Promise<ServedThumbnail> {
    return this.call({ method: 'servedThumbnail', url }, () => {
      const image = this.images.get(url);
      if (!image) throw new FakeYouTubeError(youtubeFails.serverError(404));
      return { ...image, sha256: sha256Of(image.bytes) };
    });
  }

  setThumbnail(
    connection: ChannelConnection,
    videoId: string,
    image: ThumbnailImage,
  ): Promise<string | null> {
    const call = {
      method: 'setThumbnail' as const,
      videoId,
      channelId: connection.youtubeChannelId,
      sha256: sha256Of(image.bytes),
    };
    return this.call(call, () => {
      const video = this.videos.get(videoId);
      if (!video) throw new FakeYouTubeError(youtubeFails.videoGone());
      if (!this.customThumbnails)
        throw new FakeYouTubeError(youtubeFails.refused('Custom thumbnails are off.'));
      video.snippet = { ...video.snippet, thumbnailUrl: this.serve(image.bytes, image.mimeType) };
      return video.snippet.thumbnailUrl;
    });
  }

  maySetThumbnails(connection: ChannelConnection): Promise<boolean> {
    return this.call({ method: 'maySetThumbnails', channelId: connection.youtubeChannelId }, () =>
      Promise.resolve(this.customThumbnails),
    );
  }

  classify(error: unknown): YouTubeFailure {
    if (error instanceof FakeYouTubeError) return error.failure;
    return { kind: 'transient', message: error instanceof Error ? error.message : String(error) };
  }

  /** Records the call, then fails it if told to, else answers it. */
  private async call<T>(call: FakeCall, answer: () => T | Promise<T>): Promise<T> {
    this.calls.push(call);
    const index = this.failures.findIndex((entry) => entry.method === call.method || entry.method === 'any');
    const failing = this.failures[index];
    if (failing && failing.after > 0) failing.after -= 1;
    else if (failing) {
      failing.times -= 1;
      if (failing.times === 0) this.failures.splice(index, 1);
      throw new FakeYouTubeError(failing.failure);
    }
    return answer();
  }

  private serve(bytes: Buffer, mimeType: ThumbnailImage['mimeType'] = 'image/jpeg'): string {
    this.uploads += 1;
    const url = `https://i.ytimg.test/vi/${this.uploads}/maxresdefault.jpg`;
    this.images.set(url, { bytes, mimeType });
    return url;
  }

  private stored(videoId: string): StoredVideo {
    const video = this.videos.get(videoId);
    if (!video) throw new Error(`The fake YouTube has no video ${videoId}.`);
    return video;
  }

  private liveOf(videoId: string): LiveVideo | null {
    const video = this.videos.get(videoId);
    if (!video) return null;
    return {
      id: videoId,
      channelId: video.snippet.channelId,
      title: video.snippet.title,
      viewCount: video.viewCount,
      thumbnailUrl: video.snippet.thumbnailUrl,
      snippet: structuredClone(video.snippet),
    };
  }
}
