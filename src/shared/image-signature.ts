// Telling a JPEG or a PNG by its first bytes, never by a declared type or a file name: what
// YouTube does with a thumbnail, and what the simulator, the gateway and uploads check. Pure and
// on plain bytes (a Node Buffer is one), so the web app may use it too.
import type { ThumbnailType } from './image-rules';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

const startsWith = (bytes: Uint8Array, expected: number[], at = 0) =>
  bytes.length >= at + expected.length && expected.every((byte, index) => bytes[at + index] === byte);

/** JPEG (SOI marker FF D8 then a marker FF) or PNG (its 8-byte signature then the IHDR chunk), else null. */
export function sniffImage(bytes: Uint8Array): ThumbnailType | null {
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 24 && startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, IHDR, 12))
    return 'image/png';
  return null;
}
