import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';
import { MAX_THUMBNAIL_BYTES, type ThumbnailType } from '../../shared/image-rules';
import { sniffImage } from '../../shared/image-signature';
import { InvalidRequestError, NotFoundError, TransientError } from './errors';
import { openChannelClient } from './gateway-client';
import { backoffDelayMs, sleep } from './retry';
import { largestThumbnailUrl } from './videos';

// Custom thumbnails (docs/youtube.md#custom-thumbnails): setting one through thumbnails.set,
// reading back the image YouTube serves, and whether the channel may set them at all.

export interface ThumbnailImage {
  bytes: Buffer;
  mimeType: ThumbnailType;
}

export interface ServedThumbnail extends ThumbnailImage {
  /** Hex SHA-256 of the bytes: what the image is, whatever URL served it. */
  sha256: string;
}

/**
 * The most a served thumbnail may weigh: what thumbnails.set takes, since a kept original must be
 * one it takes back. YouTube serves re-encodings far smaller; the simulator serves an image as it
 * was set, so a 30 MB PNG left live is served at 30 MB. Anything bigger is not a thumbnail.
 */
const MAX_SERVED_BYTES = MAX_THUMBNAIL_BYTES;

/**
 * Sets the video's custom thumbnail (50 units) and returns the largest thumbnail URL YouTube
 * answered with. The image must be the JPEG or PNG it says it is and at most MAX_THUMBNAIL_BYTES
 * (50 MB since 14 September 2026): anything else is refused before any call, as YouTube would
 * refuse it after charging. A channel that may not set custom thumbnails fails with
 * CustomThumbnailsForbiddenError.
 */
export async function setThumbnail(
  app: ServiceContext,
  connection: ChannelConnection,
  videoId: string,
  image: ThumbnailImage,
): Promise<string | null> {
  if (sniffImage(image.bytes) !== image.mimeType)
    throw new InvalidRequestError(
      'invalidImage',
      `The thumbnail is not the ${image.mimeType} it claims to be.`,
    );
  if (image.bytes.length > MAX_THUMBNAIL_BYTES)
    throw new InvalidRequestError(
      'uploadTooLarge',
      `The thumbnail is over ${MAX_THUMBNAIL_BYTES / 1024 / 1024} MB, the most YouTube takes.`,
    );
  const client = openChannelClient(app, connection);
  const response = await client.call(
    'thumbnails.set',
    () =>
      client.youtube.thumbnails.set(
        // A fresh stream for each attempt: a retry cannot reuse a consumed one.
        { videoId, media: { mimeType: image.mimeType, body: Readable.from([image.bytes]) } },
        // googleapis builds a media upload's URL from the call's options, not the client's.
        { rootUrl: app.config.google.endpoints.youtubeRootUrl },
      ),
    { notFound: `Video ${videoId}` },
  );
  return largestThumbnailUrl(response.data.items?.[0]);
}

/**
 * Whether the channel may set custom thumbnails (channels.list, 1 unit). The API has no field for
 * it; YouTube unlocks custom thumbnails and long uploads together on verification, so
 * `status.longUploadsStatus` 'allowed' is the sign.
 */
export async function mayUploadCustomThumbnails(
  app: ServiceContext,
  connection: ChannelConnection,
): Promise<boolean> {
  const client = openChannelClient(app, connection);
  const response = await client.call('channels.list', () =>
    client.youtube.channels.list({ part: ['status'], mine: true }),
  );
  return response.data.items?.[0]?.status?.longUploadsStatus === 'allowed';
}

/** Image hosts a snippet's thumbnail URLs point at: YouTube's, or the API root's (the simulator's). */
function isThumbnailHost(app: ServiceContext, url: URL): boolean {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.protocol === 'https:' && (url.hostname === 'ytimg.com' || url.hostname.endsWith('.ytimg.com')))
    return true;
  return url.origin === new URL(app.config.google.endpoints.youtubeRootUrl).origin;
}

/** Reads a body up to `limit` bytes; null when it is longer. */
async function readCapped(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response.body ?? []) {
    length += chunk.length;
    if (length > limit) return null;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** GET with the API calls' retries: 5xx and no answer in time are tried again, a bounded number of times. */
async function getRetrying(app: ServiceContext, url: string): Promise<Response> {
  const { maxAttempts, retryBaseDelayMs, requestTimeoutMs } = app.config.youtubeGateway;
  for (let attempt = 1; ; attempt += 1) {
    let detail: string;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(requestTimeoutMs) });
      if (response.status !== 408 && response.status < 500) return response;
      await response.body?.cancel();
      detail = `HTTP ${response.status}`;
    } catch (error) {
      // No answer in time, or none at all.
      detail = error instanceof Error ? error.name : 'no response';
    }
    if (attempt >= maxAttempts)
      throw new TransientError(attempt, { cause: new Error(`thumbnail fetch failed: ${detail}`) });
    app.log.warn({ attempt, detail }, 'Thumbnail fetch failed; retrying');
    await sleep(backoffDelayMs(attempt, retryBaseDelayMs));
  }
}

/**
 * The image a thumbnail URL serves now, exactly as served (a plain GET of YouTube's image host: no
 * API quota). Only JPEG or PNG by content is accepted, since only those can be set back through
 * thumbnails.set; 5xx and timeouts are retried like API calls.
 */
export async function fetchServedThumbnail(app: ServiceContext, url: string): Promise<ServedThumbnail> {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !isThumbnailHost(app, parsed))
    throw new InvalidRequestError(
      'invalidThumbnailUrl',
      "The video's thumbnail address is not on YouTube's image host.",
    );
  const response = await getRetrying(app, parsed.href);
  if (response.status === 404) {
    await response.body?.cancel();
    throw new NotFoundError("The video's thumbnail");
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new InvalidRequestError(
      'thumbnailUnavailable',
      `YouTube did not serve the video's thumbnail (HTTP ${response.status}).`,
    );
  }
  const bytes = await readCapped(response, MAX_SERVED_BYTES).catch((error: unknown) => {
    // The body stopped arriving (the timeout covers it too).
    throw new TransientError(1, { cause: error });
  });
  if (!bytes)
    throw new InvalidRequestError(
      'thumbnailTooLarge',
      `YouTube served a thumbnail over ${MAX_SERVED_BYTES / 1024 / 1024} MB, which is not a thumbnail.`,
    );
  const mimeType = sniffImage(bytes);
  if (!mimeType)
    throw new InvalidRequestError(
      'invalidImage',
      "YouTube served the video's thumbnail in a format other than JPEG or PNG, so it could not be kept to put back.",
    );
  return { bytes, mimeType, sha256: createHash('sha256').update(bytes).digest('hex') };
}
