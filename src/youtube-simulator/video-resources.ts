import { createHash } from 'node:crypto';
import type { SimAccount } from './identity-store';
import type { CustomThumbnail } from './thumbnail-store';
import type { SimVideo } from './video-store';
import type { PublicCounters } from './video-traffic';

// The JSON shapes YouTube Data API v3 answers with, built from simulator rows.

export function etag(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url').slice(0, 27);
}

/** ISO 8601 duration as YouTube writes it: PT1H2M3S, PT11M24S, PT45S. */
export function isoDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || (!hours && !minutes) ? `${seconds}S` : ''}`;
  return `PT${parts}`;
}

const thumbnailSizes = {
  default: [120, 90],
  medium: [320, 180],
  high: [480, 360],
  standard: [640, 480],
  maxres: [1280, 720],
  // Listed since 11 September 2026, for some videos only (listedThumbnailSizes).
  fhd: [1920, 1080],
  qhd: [2560, 1440],
  uhd: [3840, 2160],
} as const;
export type ThumbnailSize = keyof typeof thumbnailSizes;
export const thumbnailDimensions = (size: ThumbnailSize) => thumbnailSizes[size];
export const isThumbnailSize = (value: string): value is ThumbnailSize => value in thumbnailSizes;
export const thumbnailExtension = (mime: string) => (mime === 'image/png' ? 'png' : 'jpg');

/** The sizes every simulated video lists. */
const EVERY_VIDEO_SIZES: readonly ThumbnailSize[] = ['default', 'medium', 'high', 'standard', 'maxres'];
/** The large sizes, smallest first, that only some videos list. */
const LARGE_SIZES = ['fhd', 'qhd', 'uhd'] as const;
type LargeSize = (typeof LARGE_SIZES)[number];

/**
 * The largest size a video's own original is listed at: maxres for most, fhd, qhd or uhd for one
 * video in eight each. Chosen by a hash of the id, so every simulator and every database agrees on
 * it without a catalog field, and a demo copy (new ids) draws its own.
 */
export function originalLargestSize(videoId: string): 'maxres' | LargeSize {
  const draw = createHash('sha256').update(`large-thumbnails/${videoId}`).digest()[0]! % 8;
  // 0: uhd, 1: qhd, 2: fhd, 3 to 7: maxres.
  return (['uhd', 'qhd', 'fhd'] as const)[draw] ?? 'maxres';
}

/**
 * The sizes snippet.thumbnails lists for a video, smallest first: the five every video has, and
 * the large ones its image reaches. While the original shows, up to originalLargestSize; once a
 * custom image is set, every large size within that image's pixels (a 3840 × 2160 or larger
 * image lists uhd; one whose size could not be read, none).
 */
export function listedThumbnailSizes(videoId: string, custom?: CustomThumbnail): ThumbnailSize[] {
  const [imageWidth, imageHeight] = custom
    ? [custom.width ?? 0, custom.height ?? 0]
    : thumbnailSizes[originalLargestSize(videoId)];
  const reached = (size: LargeSize) => {
    const [width, height] = thumbnailSizes[size];
    return width <= imageWidth && height <= imageHeight;
  };
  return [...EVERY_VIDEO_SIZES, ...LARGE_SIZES.filter(reached)];
}

/**
 * Thumbnails are served by the simulator itself, like i.ytimg.com: `baseUrl`/vi/{id}/{size}.jpg
 * for the original (a JPEG rendered from the generated design at the size's dimensions) or, once
 * thumbnails.set has given the video a custom image, {size}.jpg or .png with a version query that
 * changes with each image (the image's bytes as uploaded, at every size). Only the sizes
 * listedThumbnailSizes gives are listed.
 */
export function thumbnails(baseUrl: string, videoId: string, custom?: CustomThumbnail) {
  const file = (size: string) =>
    custom ? `${size}.${thumbnailExtension(custom.mimeType)}?v=${custom.sha256.slice(0, 16)}` : `${size}.jpg`;
  return Object.fromEntries(
    listedThumbnailSizes(videoId, custom).map((size) => {
      const [width, height] = thumbnailSizes[size];
      return [size, { url: `${baseUrl}/vi/${videoId}/${file(size)}`, width, height }];
    }),
  );
}

export function videoSnippet(
  video: SimVideo,
  account: SimAccount,
  baseUrl: string,
  custom?: CustomThumbnail,
) {
  return {
    publishedAt: video.publishedAt.toISOString(),
    channelId: account.channelId,
    title: video.title,
    description: video.description,
    thumbnails: thumbnails(baseUrl, video.id, custom),
    channelTitle: account.channelTitle,
    ...(video.tags && video.tags.length > 0 ? { tags: video.tags } : {}),
    categoryId: video.categoryId,
    liveBroadcastContent: 'none',
    ...(video.defaultLanguage ? { defaultLanguage: video.defaultLanguage } : {}),
    localized: { title: video.title, description: video.description },
    ...(video.defaultAudioLanguage ? { defaultAudioLanguage: video.defaultAudioLanguage } : {}),
  };
}

export function videoContentDetails(video: SimVideo) {
  return {
    duration: isoDuration(video.durationSec),
    dimension: '2d',
    definition: 'hd',
    caption: 'false',
    licensedContent: false,
    contentRating: {},
    projection: 'rectangular',
  };
}

/**
 * The player part: an embed iframe, and with maxWidth or maxHeight its size, which keeps the
 * video's aspect ratio (how a client tells a vertical Short from a landscape video).
 */
export function videoPlayer(video: SimVideo, bounds: { maxWidth?: number; maxHeight?: number }) {
  const embedHtml = `<iframe width="480" height="270" src="//www.youtube.com/embed/${video.id}" frameborder="0" allowfullscreen></iframe>`;
  const { maxWidth, maxHeight } = bounds;
  if (!maxWidth && !maxHeight) return { embedHtml };
  const scale = Math.min(
    maxWidth ? maxWidth / video.frameWidth : Number.POSITIVE_INFINITY,
    maxHeight ? maxHeight / video.frameHeight : Number.POSITIVE_INFINITY,
  );
  return {
    embedHtml,
    embedWidth: String(Math.round(video.frameWidth * scale)),
    embedHeight: String(Math.round(video.frameHeight * scale)),
  };
}

/** The processingDetails part, which YouTube shows the video's owner only. */
export function videoProcessingDetails(video: SimVideo) {
  return {
    processingStatus: video.processingStatus,
    ...(video.processingStatus === 'processing'
      ? { processingProgress: { partsTotal: '1000', partsProcessed: '620', timeLeftMs: '90000' } }
      : {}),
  };
}

export function videoStatistics(counters: PublicCounters) {
  return {
    viewCount: String(counters.viewCount),
    likeCount: String(counters.likeCount),
    favoriteCount: '0',
    commentCount: String(counters.commentCount),
  };
}

export interface VideoParts {
  snippet?: ReturnType<typeof videoSnippet>;
  contentDetails?: ReturnType<typeof videoContentDetails>;
  statistics?: ReturnType<typeof videoStatistics>;
  player?: ReturnType<typeof videoPlayer>;
  processingDetails?: ReturnType<typeof videoProcessingDetails>;
}

export function videoResource(id: string, parts: VideoParts) {
  const body = { kind: 'youtube#video', id, ...parts };
  return { kind: body.kind, etag: etag(body), id, ...parts };
}

export function listResponse(
  kind: string,
  items: unknown[],
  page: { totalResults?: number; resultsPerPage?: number; nextPageToken?: string } = {},
) {
  return {
    kind,
    etag: etag(items),
    ...(page.nextPageToken ? { nextPageToken: page.nextPageToken } : {}),
    items,
    pageInfo: {
      totalResults: page.totalResults ?? items.length,
      resultsPerPage: page.resultsPerPage ?? items.length,
    },
  };
}
