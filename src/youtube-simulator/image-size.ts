import { sniffImage } from '../shared/image-signature';

/**
 * The bytes of an image the simulator reads its size from: a PNG's IHDR is at its start, and a
 * JPEG's frame header follows its other headers, which are small in the files a product sends.
 */
export const IMAGE_HEAD_BYTES = 64 * 1024;

/**
 * An image's width and height from its first bytes, without decoding it: a PNG's IHDR, or a JPEG's
 * frame header (SOF0–SOF15). Null when the bytes are no JPEG or PNG, or the header is not among
 * them. What snippet.thumbnails lists for a custom image depends on it (listedThumbnailSizes).
 */
export function imageSizeOf(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniffImage(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'image/png') return { width: view.getUint32(16), height: view.getUint32(20) };
  if (type !== 'image/jpeg') return null;
  // Segments after the SOI marker: FF, a marker, and (most) a 2-byte length that counts itself.
  let offset = 2;
  while (offset + 9 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // a fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // a marker without a segment
      continue;
    }
    // The start of the scan, or the end, before any frame header: none to read.
    if (marker === 0xda || marker === 0xd9) return null;
    // SOFn (but DHT C4, JPG C8 and DAC CC): length, precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: view.getUint16(offset + 7), height: view.getUint16(offset + 5) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}
