import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { originalThumbnailJpeg } from './original-thumbnail';
import { currentThumbnailBytes } from './thumbnail-store';
import { thumbnailSvg } from './thumbnail-svg';
import {
  isThumbnailSize,
  listedThumbnailSizes,
  thumbnailDimensions,
  thumbnailExtension,
} from './video-resources';
import { findVideos } from './video-store';

const notFound = (reply: FastifyReply) => reply.code(404).type('text/plain').send('Not found');

/**
 * The simulator's stand-in for i.ytimg.com. /vi/{videoId}/{size}.jpg serves what the video shows
 * now, as YouTube does at one address: the custom image thumbnails.set gave it, exactly as
 * uploaded (.png for a PNG), else its original, a JPEG rendered at the size's dimensions: only at
 * the sizes the video lists (fhd, qhd and uhd for some videos only), as i.ytimg.com answers 404
 * for a size a video does not have. /vi/{videoId}/{size}.svg always serves the generated original
 * as SVG, for pages that want it.
 */
export function registerThumbnailRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  app.get('/vi/:videoId/:file', async (request, reply) => {
    const { videoId, file } = request.params as { videoId: string; file: string };
    const match = /^(\w+)\.(jpg|png|svg)$/.exec(file);
    const size = match?.[1] ?? '';
    if (!match || !isThumbnailSize(size)) return notFound(reply);
    const extension = match[2]!;
    if (extension !== 'svg') {
      const custom = await currentThumbnailBytes(options.db, videoId);
      if (custom) {
        // The address of an image no longer live (a .png after a JPEG was set) answers 404.
        if (thumbnailExtension(custom.mimeType) !== extension) return notFound(reply);
        // The address is the same for every image the video shows: a short cache.
        return reply.type(custom.mimeType).header('cache-control', 'public, max-age=300').send(custom.bytes);
      }
    }
    const [video] = extension === 'png' ? [] : await findVideos(options.db, [videoId]);
    if (!video) return notFound(reply);
    if (extension === 'jpg') {
      if (!listedThumbnailSizes(video.id).includes(size)) return notFound(reply);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=300')
        .send(await originalThumbnailJpeg(video, size));
    }
    const [width, height] = thumbnailDimensions(size);
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(thumbnailSvg(video, width, height));
  });
}
