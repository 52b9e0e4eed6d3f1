import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

// Image files built byte by byte, as a hostile or odd client would send them: PNG chunks with
// their CRC, a PNG whose header claims more pixels than it holds, and the costliest picture an
// upload may be. Shared by the upload tests and bench/uploads.ts.

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG chunk: length, type, data and its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A whole PNG of 8-bit RGB from its size and its rows (each a filter byte and the pixels), uncompressed. */
export function pngOf(width: number, height: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG of a few hundred bytes whose header claims `width` × `height` (a decompression bomb's shape): one row of data. */
export const claimedPng = (width: number, height: number): Buffer =>
  pngOf(width, height, Buffer.alloc(width * 3 + 1));

/** The chunk types of a PNG, in order. */
export function pngChunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset < png.length; offset += 12 + png.readUInt32BE(offset))
    types.push(png.toString('latin1', offset + 4, offset + 8));
  return types;
}

/** `png` with `chunk` put just before its IEND. */
export const withChunkBeforeEnd = (png: Buffer, chunk: Buffer): Buffer =>
  Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);

/** A costly picture an upload may be: 7680 × 4320 of noise, a JPEG of several MB (quick to make). */
export const costliestUpload = (): Promise<Buffer> =>
  sharp({
    create: {
      width: 7680,
      height: 4320,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 70 })
    .toBuffer();

/**
 * The costliest upload the rules allow: 7680 × 4320 (MAX_IMAGE_PIXELS) of noise as a PNG just under
 * MAX_UPLOAD_BYTES, so reading it inflates the most bytes into the most pixels. About 10 s to make;
 * bench/uploads.ts only (a burst of these would cost the tests minutes).
 */
export async function costliestPng(maxBytes: number): Promise<Buffer> {
  // Gaussian noise of spread 3 deflates to about 50 MB at 8K (42.5 MB at 2); the first that fits.
  for (const sigma of [3, 2.75, 2.5, 2]) {
    const png = await sharp({
      create: {
        width: 7680,
        height: 4320,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    if (png.length <= maxBytes) return png;
  }
  throw new Error(`no 8K noise PNG fits in ${maxBytes} bytes`);
}
