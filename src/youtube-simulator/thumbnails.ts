import type { FastifyInstance } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { currentThumbnailBytes, thumbnailExtension } from './thumbnail-store';
import { findVideos, type SimVideo } from './video-store';
import { isoDuration, isThumbnailSize, thumbnailDimensions } from './video-resources';

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!,
  );

function clockDuration(seconds: number): string {
  const match = /PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?/.exec(isoDuration(seconds))!;
  const [hours, minutes, secs] = [match[1], match[2] ?? '0', (match[3] ?? '0').padStart(2, '0')];
  return hours ? `${hours}:${minutes.padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** A generated thumbnail: the video's big label over a gradient in its colour, like a creator's design. */
export function thumbnailSvg(video: SimVideo, width: number, height: number): string {
  const hue = video.thumbnailHue;
  const words = video.thumbnailLabel.split(' ');
  const half = Math.ceil(words.length / 2);
  const lines =
    words.length > 2 ? [words.slice(0, half).join(' '), words.slice(half).join(' ')] : [video.thumbnailLabel];
  const text = lines
    .map(
      (line, index) =>
        `<text x="80" y="${330 + index * 150 - (lines.length - 1) * 75}">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1280 720" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${escapeXml(video.title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},85%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},75%,28%)"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>
<circle cx="1060" cy="360" r="230" fill="hsl(${(hue + 180) % 360},70%,60%)" opacity="0.35"/>
<g font-family="Arial Black, Impact, sans-serif" font-size="120" font-weight="900" fill="#fff" stroke="#000" stroke-width="6" paint-order="stroke">${text}</g>
<rect x="1090" y="630" width="160" height="60" rx="8" fill="#000" opacity="0.8"/>
<text x="1170" y="673" font-family="Arial, sans-serif" font-size="36" fill="#fff" text-anchor="middle">${clockDuration(video.durationSec)}</text>
</svg>`;
}

/**
 * Serves /vi/{videoId}/{size}.svg, the simulator's stand-in for i.ytimg.com, and, once
 * thumbnails.set has given the video a custom image, /vi/{videoId}/{size}.jpg or .png: that
 * image's bytes exactly as uploaded.
 */
export function registerThumbnailRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/vi/:videoId/:file', async (request, reply) => {
    const { videoId, file } = request.params as { videoId: string; file: string };
    const custom = /^(\w+)\.(jpg|png)$/.exec(file);
    if (custom && isThumbnailSize(custom[1]!)) {
      const image = await currentThumbnailBytes(options.db, videoId);
      if (!image || thumbnailExtension(image.mimeType) !== custom[2])
        return reply.code(404).type('text/plain').send('Not found');
      return reply.type(image.mimeType).header('cache-control', 'public, max-age=300').send(image.bytes);
    }
    const size = file.replace(/\.svg$/, '');
    const [video] =
      isThumbnailSize(size) && file.endsWith('.svg') ? await findVideos(options.db, [videoId]) : [];
    if (!video || !isThumbnailSize(size)) return reply.code(404).type('text/plain').send('Not found');
    const [width, height] = thumbnailDimensions(size);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(thumbnailSvg(video, width, height));
  });
}
