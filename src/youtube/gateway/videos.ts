import type { youtube_v3 } from 'googleapis/build/src/apis/youtube/v3.js';
import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';
import { titleProblem } from '../title-rules';
import { videoFormatOf, type VideoFormat } from '../../shared/video-format';
import { InvalidMetadataError, NotFoundError } from './errors';
import { openChannelClient, type ChannelClient } from './gateway-client';

/** A video's mutable metadata as YouTube holds it; null = the field is absent on YouTube. */
export interface VideoSnippet {
  videoId: string;
  channelId: string;
  publishedAt: string;
  title: string;
  description: string;
  tags: string[] | null;
  categoryId: string;
  defaultLanguage: string | null;
  defaultAudioLanguage: string | null;
  /**
   * The largest size of the thumbnail the video shows now (read only: a title write never sends
   * thumbnails back, and a thumbnail is changed through thumbnails.set).
   */
  thumbnailUrl: string | null;
}

export interface RecentUpload {
  id: string;
  title: string;
  thumbnailUrl: string | null;
  viewCount: number;
  /** ISO 8601, as YouTube gives it (e.g. PT11M24S). */
  duration: string;
  publishedAt: string;
  /** A long video or a Short, from its duration and its player's shape (src/shared/video-format.ts). */
  format: VideoFormat;
}

/** What YouTube says of a video's form: a long video or a Short, and whether processing is done. */
export interface VideoForm {
  format: VideoFormat;
  /**
   * processingDetails.processingStatus (its owner's read): 'succeeded' once YouTube has processed
   * the upload; null when YouTube did not say. A Short takes a custom thumbnail only once succeeded.
   */
  processingStatus: string | null;
}

export interface VideoStatistics {
  viewCount: number;
  likeCount: number | null;
  commentCount: number | null;
}

const MAX_IDS_PER_CALL = 50;
/**
 * The player size asked for with part=player: YouTube then answers embedWidth and embedHeight in
 * the video's own aspect ratio (any bound would do; the size is not used).
 */
const PLAYER_MAX_WIDTH = 1280;

/** The frame's shape from the player part, or null when YouTube gave no size. */
function frameOf(video: youtube_v3.Schema$Video): { width: number; height: number } | null {
  const width = Number(video.player?.embedWidth);
  const height = Number(video.player?.embedHeight);
  return width > 0 && height > 0 ? { width, height } : null;
}

function formOf(video: youtube_v3.Schema$Video): VideoForm {
  return {
    format: videoFormatOf(video.contentDetails?.duration ?? 'PT0S', frameOf(video)),
    processingStatus: video.processingDetails?.processingStatus ?? null,
  };
}
const count = (value: string | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

function toSnippet(video: youtube_v3.Schema$Video): VideoSnippet {
  const snippet = video.snippet ?? {};
  return {
    videoId: video.id ?? '',
    channelId: snippet.channelId ?? '',
    publishedAt: snippet.publishedAt ?? '',
    title: snippet.title ?? '',
    description: snippet.description ?? '',
    tags: snippet.tags && snippet.tags.length > 0 ? snippet.tags : null,
    categoryId: snippet.categoryId ?? '',
    defaultLanguage: snippet.defaultLanguage ?? null,
    defaultAudioLanguage: snippet.defaultAudioLanguage ?? null,
    thumbnailUrl: largestThumbnailUrl(snippet.thumbnails),
  };
}

/**
 * snippet.thumbnails as YouTube answers it since 11 September 2026: the five sizes googleapis
 * types, and for some videos fhd (1920 × 1080), qhd (2560 × 1440) and uhd (3840 × 2160), which its
 * types do not name yet (the parsed JSON keeps them).
 */
export type ThumbnailSizes = youtube_v3.Schema$ThumbnailDetails & {
  fhd?: youtube_v3.Schema$Thumbnail;
  qhd?: youtube_v3.Schema$Thumbnail;
  uhd?: youtube_v3.Schema$Thumbnail;
};

/** snippet.thumbnails' sizes, largest first (docs/youtube.md#custom-thumbnails). */
const SIZES_LARGEST_FIRST = ['uhd', 'qhd', 'fhd', 'maxres', 'standard', 'high', 'medium', 'default'] as const;

/**
 * The largest size YouTube lists: standard and maxres exist only for videos uploaded large enough,
 * fhd, qhd and uhd only for some videos with a large enough original or custom image.
 */
export function largestThumbnailUrl(thumbnails: ThumbnailSizes | undefined): string | null {
  for (const size of SIZES_LARGEST_FIRST) {
    const url = thumbnails?.[size]?.url;
    if (url) return url;
  }
  return null;
}

function bestThumbnail(thumbnails: youtube_v3.Schema$ThumbnailDetails | undefined): string | null {
  return thumbnails?.medium?.url ?? thumbnails?.high?.url ?? thumbnails?.default?.url ?? null;
}

/**
 * The channel's newest uploads, newest first: channels.list (mine) → uploads playlist →
 * playlistItems.list → videos.list — 3 units, never search.list.
 */
export async function listRecentUploads(
  app: ServiceContext,
  connection: ChannelConnection,
  options: { maxResults?: number } = {},
): Promise<RecentUpload[]> {
  const client = openChannelClient(app, connection);
  const channels = await client.call('channels.list', () =>
    client.youtube.channels.list({ part: ['contentDetails'], mine: true }),
  );
  const uploads = channels.data.items?.[0]?.contentDetails?.relatedPlaylists?.uploads;
  if (!uploads) return [];
  const items = await client
    .call('playlistItems.list', () =>
      client.youtube.playlistItems.list({
        part: ['contentDetails'],
        playlistId: uploads,
        maxResults: Math.min(options.maxResults ?? 25, MAX_IDS_PER_CALL),
      }),
    )
    .catch((error: unknown) => {
      // A channel that never uploaded can have no uploads playlist yet.
      if (error instanceof NotFoundError) return null;
      throw error;
    });
  const ids = (items?.data.items ?? []).flatMap((item) =>
    item.contentDetails?.videoId ? [item.contentDetails.videoId] : [],
  );
  if (ids.length === 0) return [];
  const videos = await client.call('videos.list', () =>
    client.youtube.videos.list({
      part: ['snippet', 'statistics', 'contentDetails', 'player'],
      id: ids,
      maxResults: MAX_IDS_PER_CALL,
      maxWidth: PLAYER_MAX_WIDTH,
    }),
  );
  const byId = new Map((videos.data.items ?? []).map((video) => [video.id, video]));
  return ids.flatMap((id) => {
    const video = byId.get(id);
    if (!video) return [];
    return [
      {
        id,
        title: video.snippet?.title ?? '',
        thumbnailUrl: bestThumbnail(video.snippet?.thumbnails),
        viewCount: count(video.statistics?.viewCount) ?? 0,
        duration: video.contentDetails?.duration ?? 'PT0S',
        publishedAt: video.snippet?.publishedAt ?? '',
        format: formOf(video).format,
      },
    ];
  });
}

async function fetchVideo(client: ChannelClient, videoId: string, parts: string[]) {
  const response = await client.call('videos.list', () =>
    client.youtube.videos.list({
      part: parts,
      id: [videoId],
      ...(parts.includes('player') ? { maxWidth: PLAYER_MAX_WIDTH } : {}),
    }),
  );
  return response.data.items?.find((item) => item.id === videoId) ?? null;
}

/** The video's snippet as YouTube has it now (1 unit). */
export async function readSnippet(
  app: ServiceContext,
  connection: ChannelConnection,
  videoId: string,
): Promise<VideoSnippet> {
  const video = await fetchVideo(openChannelClient(app, connection), videoId, ['snippet']);
  if (!video) throw new NotFoundError(`Video ${videoId}`);
  return toSnippet(video);
}

/** What a slot reads: the snippet (a title write sends it back) and the public counters. */
const READ_PARTS = ['snippet', 'statistics'];
/** What creating a test reads too: the duration, the player's shape and processing (the form). */
const FORM_PARTS = [...READ_PARTS, 'contentDetails', 'player', 'processingDetails'];

function liveFigures(video: youtube_v3.Schema$Video): { snippet: VideoSnippet; statistics: VideoStatistics } {
  return {
    snippet: toSnippet(video),
    statistics: {
      viewCount: count(video.statistics?.viewCount) ?? 0,
      likeCount: count(video.statistics?.likeCount),
      commentCount: count(video.statistics?.commentCount),
    },
  };
}

/** Snippet and public counters in one call (1 unit), or null when the video is gone. */
export async function findVideo(
  app: ServiceContext,
  connection: ChannelConnection,
  videoId: string,
): Promise<{ snippet: VideoSnippet; statistics: VideoStatistics } | null> {
  const video = await fetchVideo(openChannelClient(app, connection), videoId, READ_PARTS);
  return video ? liveFigures(video) : null;
}

/**
 * The same and the video's form (a long video or a Short, and whether processing is done), still
 * one call and 1 unit: videos.list costs the same whatever parts it asks for. Read when a test is
 * created; a slot's read asks only what it uses.
 */
export async function findVideoWithForm(
  app: ServiceContext,
  connection: ChannelConnection,
  videoId: string,
): Promise<{ snippet: VideoSnippet; statistics: VideoStatistics; form: VideoForm } | null> {
  const video = await fetchVideo(openChannelClient(app, connection), videoId, FORM_PARTS);
  return video ? { ...liveFigures(video), form: formOf(video) } : null;
}

export interface SetTitleResult {
  /** The snippet the write was based on. */
  before: VideoSnippet;
  /** The snippet YouTube answered the write with (or `before` when nothing was written). */
  after: VideoSnippet;
  /** 'applied': written; 'unchanged': the title was already live. */
  outcome: 'applied' | 'unchanged';
  /** The title YouTube answered with is the one asked for. */
  confirmed: boolean;
}

/**
 * Changes only the title, by read-modify-write at the floor YouTube charges (docs/youtube.md#quota):
 * the snippet is read immediately before (1 unit; `current` passes one the caller has just read in
 * the same job, so it is not read twice), every other mutable field is sent back unchanged
 * (videos.update replaces the whole snippet), localizations and status are never sent, and the
 * write is confirmed from the resource videos.update answers with (50 units); only an answer
 * without a snippet costs a read back. Titles YouTube would refuse are refused before any call.
 */
export async function setTitle(
  app: ServiceContext,
  connection: ChannelConnection,
  videoId: string,
  title: string,
  options: { current?: VideoSnippet } = {},
): Promise<SetTitleResult> {
  const problem = titleProblem(title);
  if (problem) throw new InvalidMetadataError('invalidTitle', problem);
  const client = openChannelClient(app, connection);
  let before = options.current;
  if (!before) {
    const current = await fetchVideo(client, videoId, ['snippet']);
    if (!current) throw new NotFoundError(`Video ${videoId}`);
    before = toSnippet(current);
  }
  if (before.title === title) return { before, after: before, outcome: 'unchanged', confirmed: true };
  // Field by field, so nothing read-only (thumbnails, channel, dates) is ever sent back.
  const snippet: youtube_v3.Schema$VideoSnippet = {
    title,
    categoryId: before.categoryId,
    description: before.description,
    ...(before.tags ? { tags: before.tags } : {}),
    ...(before.defaultLanguage ? { defaultLanguage: before.defaultLanguage } : {}),
    ...(before.defaultAudioLanguage ? { defaultAudioLanguage: before.defaultAudioLanguage } : {}),
  };
  const response = await client.call(
    'videos.update',
    () => client.youtube.videos.update({ part: ['snippet'], requestBody: { id: videoId, snippet } }),
    { notFound: `Video ${videoId}` },
  );
  let answered = response.data.snippet ? toSnippet({ ...response.data, id: videoId }) : null;
  if (!answered) {
    const readBack = await fetchVideo(client, videoId, ['snippet']);
    if (!readBack) throw new NotFoundError(`Video ${videoId}`);
    answered = toSnippet(readBack);
  }
  return { before, after: answered, outcome: 'applied', confirmed: answered.title === title };
}

/** Public counters of any number of videos, 50 ids per videos.batchGetStats call (1 unit each). */
export async function batchStatistics(
  app: ServiceContext,
  connection: ChannelConnection,
  videoIds: string[],
): Promise<Map<string, VideoStatistics>> {
  const client = openChannelClient(app, connection);
  const unique = [...new Set(videoIds)];
  const statistics = new Map<string, VideoStatistics>();
  for (let start = 0; start < unique.length; start += MAX_IDS_PER_CALL) {
    const ids = unique.slice(start, start + MAX_IDS_PER_CALL);
    const response = await client.call('videos.batchGetStats', () =>
      client.youtube.videos.batchGetStats({ id: ids, part: ['statistics'] }),
    );
    for (const item of response.data.items ?? []) {
      if (!item.id) continue;
      statistics.set(item.id, {
        viewCount: count(item.statistics?.viewCount) ?? 0,
        likeCount: count(item.statistics?.likeCount),
        commentCount: count(item.statistics?.commentCount),
      });
    }
  }
  return statistics;
}
