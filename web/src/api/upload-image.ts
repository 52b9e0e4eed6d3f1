import type { FitMode } from '#shared/image-rules';
import type { VideoFormat } from '#shared/video-format';
import { NETWORK_ERROR_MESSAGE, OFFLINE_MESSAGE } from '#shared/network-error';
import type { UploadedImage } from '#server/images/images.schemas';

/** The path POST /api/images is served at (the raw image as the body). */
const UPLOAD_PATH = '/api/images';

/** The server refused the file, or could not be reached: `message` says which, in the creator's words. */
export class UploadError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or null when no answer came. */
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface UploadOptions {
  /** Ask the server for a 1280 × 720 fitted JPEG (cropped or letterboxed) instead of a refusal. */
  fit?: FitMode | null;
  /** The video it is for: a Short's thumbnails are 9:16 (src/shared/video-format.ts). */
  format?: VideoFormat;
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

const errorOf = (request: XMLHttpRequest): string => {
  try {
    const body = JSON.parse(request.responseText) as { error?: unknown };
    if (typeof body.error === 'string' && body.error.length > 0) return body.error;
  } catch {
    // Not JSON: a proxy's page; the status says enough.
  }
  return `The image could not be uploaded (${request.status}). Please try again.`;
};

/**
 * Uploads one image to POST /api/images. XMLHttpRequest rather than fetch, because only it
 * reports upload progress. The session cookie goes with it (same origin) and the browser adds
 * Origin and Sec-Fetch-Site, which the server's same-origin check asks of a cookie-authorised
 * write (src/http/same-origin.ts): no other header is needed.
 */
export function uploadImage(file: Blob, options: UploadOptions = {}): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      reject(new UploadError(OFFLINE_MESSAGE, null));
      return;
    }
    const request = new XMLHttpRequest();
    const params = new URLSearchParams();
    if (options.fit) params.set('fit', options.fit);
    if (options.format && options.format !== 'video') params.set('format', options.format);
    const query = params.size > 0 ? `?${params.toString()}` : '';
    request.open('POST', `${UPLOAD_PATH}${query}`);
    request.withCredentials = true;
    // The server reads the type from the bytes; this only lets the body through as raw bytes.
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      if (request.status === 201 || request.status === 200) {
        try {
          resolve(JSON.parse(request.responseText) as UploadedImage);
        } catch {
          reject(new UploadError('The server’s answer could not be read. Please try again.', request.status));
        }
      } else reject(new UploadError(errorOf(request), request.status));
    };
    request.onerror = () => reject(new UploadError(NETWORK_ERROR_MESSAGE, null));
    request.ontimeout = () => reject(new UploadError(NETWORK_ERROR_MESSAGE, null));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
