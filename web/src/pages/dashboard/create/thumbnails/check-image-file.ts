import { fitWouldFix, IMAGE_MESSAGES, MAX_UPLOAD_BYTES, thumbnailProblems } from '#shared/image-rules';
import { sniffImage } from '#shared/image-signature';
import type { VideoFormat } from '#shared/video-format';

/** What the browser could tell of a chosen file before sending it. */
export interface LocalCheck {
  /** Why YouTube would refuse it, in the server's words (empty: it fits as it is). */
  problems: string[];
  /** Whether the server may take it with `fit` (too big or the wrong shape, but a JPEG or PNG). */
  canFit: boolean;
  /** Whether it may be sent at all: never a file that is no image, or over the upload limit. */
  sendable: boolean;
}

/**
 * The file's pixel size as the browser decodes it: null when it does not decode, undefined when
 * this browser cannot tell (no createImageBitmap; an <img> of a blob: URL is barred by the app's
 * Content-Security-Policy), and the server's check is the only one.
 */
async function pixelSize(file: Blob): Promise<{ width: number; height: number } | null | undefined> {
  if (typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

const refused = (message: string): LocalCheck => ({ problems: [message], canFit: false, sendable: false });

/**
 * Reads a chosen file as the server will, before anything is sent: its type by its first bytes
 * (never its name), its size, and its pixels as the browser decodes them, checked with the same
 * rules and words (thumbnailProblems). The server checks again: this only spares a refused upload.
 */
export async function checkImageFile(file: Blob, format: VideoFormat = 'video'): Promise<LocalCheck> {
  if (file.size > MAX_UPLOAD_BYTES) return refused(IMAGE_MESSAGES.tooLargeToUpload);
  const head = new Uint8Array(await file.slice(0, 32).arrayBuffer());
  const contentType = sniffImage(head);
  if (!contentType) return refused(IMAGE_MESSAGES.notAnImage);
  const size = await pixelSize(file);
  if (size === undefined) return { problems: [], canFit: false, sendable: true };
  if (size === null) return refused(IMAGE_MESSAGES.notAnImage);
  const problems = thumbnailProblems({ contentType, byteSize: file.size, ...size }, format);
  return { problems, canFit: fitWouldFix(problems), sendable: problems.length === 0 };
}
