import sharp from 'sharp';
import { expect } from 'vitest';
import { googleSessionToken } from './creators';
import { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/** A 1280 × 720 image of one colour, as a creator would upload it. */
export function solidPicture(
  colour: { r: number; g: number; b: number },
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<Buffer> {
  const image = sharp({ create: { width: 1280, height: 720, channels: 3, background: colour } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A creator signed in through Google's consent page, as an external client, with its bearer header. */
export async function bearerCreator(
  testApp: TestApp,
  accountId: string,
): Promise<HttpClient & { authorization: string }> {
  const authorization = `Bearer ${await googleSessionToken(testApp, accountId)}`;
  return Object.assign(new HttpClient(testApp.url, { authorization }), { authorization });
}

/**
 * POST /api/images with the raw bytes, as `curl --data-binary` sends them; expects 201. Returns
 * the image with the bytes stored for it (re-encoded: what YouTube will be sent and serve).
 */
export async function uploadImage(
  testApp: TestApp,
  creator: { authorization: string },
  bytes: Buffer,
): Promise<{ id: string; sha256: string; stored: Buffer }> {
  const response = await fetch(`${testApp.url}/api/images`, {
    method: 'POST',
    headers: { authorization: creator.authorization, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const body = (await response.json()) as { id: string; sha256: string; url: string; error?: string };
  expect(response.status, body.error).toBe(201);
  const stored = Buffer.from(await (await fetch(`${testApp.url}${body.url}`)).arrayBuffer());
  return { id: body.id, sha256: body.sha256, stored };
}

/**
 * A short views thumbnail test of `thumbnailIds` against the video's own thumbnail, in 2-hour
 * windows: the shortest a channel whose lag no finished test has measured may use
 * (src/title-tests/figures/channel-lag.ts). Without a finished test of this shape the original stays
 * live through a calibration lead-in first (two days on a video of the demo channel's traffic:
 * docs/decisions/0058); the first image switch is at the first window's planned start
 * (test/helpers/planned-windows.ts).
 */
export const twoHourThumbnailTest = (videoId: string, thumbnailIds: string[]) => ({
  videoId,
  kind: 'thumbnails',
  thumbnailIds,
  winnerMetric: 'views',
  rotationIntervalMinutes: 120,
  durationDays: 5,
  acknowledgeWeakPlan: true,
});
