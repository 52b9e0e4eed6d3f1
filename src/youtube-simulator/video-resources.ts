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
} as const;
export type ThumbnailSize = keyof typeof thumbnailSizes;
export const thumbnailSizeNames = Object.keys(thumbnailSizes) as ThumbnailSize[];
export const thumbnailDimensions = (size: ThumbnailSize) => thumbnailSizes[size];
export const isThumbnailSize = (value: string): value is ThumbnailSize => value in thumbnailSizes;
export const thumbnailExtension = (mime: string) => (mime === 'image/png' ? 'png' : 'jpg');

/**
 * Thumbnails are served by the simulator itself, like i.ytimg.com: `baseUrl`/vi/{id}/{size}.jpg
 * for the original (a JPEG rendered from the generated design) or, once thumbnails.set has given
 * the video a custom image, {size}.jpg or .png with a version query that changes with each image
 * (the image's bytes as uploaded, at every size).
 */
export function thumbnails(baseUrl: string, videoId: string, custom?: CustomThumbnail) {
  const file = (size: string) =>
    custom ? `${size}.${thumbnailExtension(custom.mimeType)}?v=${custom.sha256.slice(0, 16)}` : `${size}.jpg`;
  return Object.fromEntries(
    Object.entries(thumbnailSizes).map(([size, [width, height]]) => [
      size,
      { url: `${baseUrl}/vi/${videoId}/${file(size)}`, width, height },
    ]),
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
