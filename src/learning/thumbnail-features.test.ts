import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { lookDifferences, thumbnailLook } from './thumbnail-features';

const solid = (background: string) =>
  sharp({ create: { width: 320, height: 180, channels: 3, background } })
    .png()
    .toBuffer();

async function lettered(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#222"/>${Array.from(
    { length: 6 },
    (_, row) => `<rect x="20" y="${15 + row * 27}" width="280" height="6" fill="#fff"/>`,
  ).join(
    '',
  )}${Array.from({ length: 20 }, (_, i) => `<rect x="${20 + i * 14}" y="10" width="4" height="160" fill="#fff"/>`).join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('thumbnail look', () => {
  it('measures brightness, contrast, colour and edges', async () => {
    const black = await thumbnailLook(await solid('#000000'));
    const white = await thumbnailLook(await solid('#ffffff'));
    const red = await thumbnailLook(await solid('#e02020'));
    const grey = await thumbnailLook(await solid('#808080'));
    const lines = await thumbnailLook(await lettered());
    expect(black.brightness).toBeCloseTo(0, 2);
    expect(white.brightness).toBeCloseTo(1, 2);
    expect(grey.contrast).toBeCloseTo(0, 3);
    expect(red.colourfulness).toBeGreaterThan(0.2);
    expect(grey.colourfulness).toBeLessThan(0.01);
    expect(lines.textLike).toBeGreaterThan(0.1);
    expect(grey.textLike).toBe(0);
    expect(lines.contrast).toBeGreaterThan(0.2);
  });

  it('names a difference only beyond its margin', async () => {
    const grey = await thumbnailLook(await solid('#808080'));
    const lighter = await thumbnailLook(await solid('#858585'));
    const white = await thumbnailLook(await solid('#ffffff'));
    expect(lookDifferences(lighter, grey).brighter).toBe(0);
    expect(lookDifferences(white, grey).brighter).toBe(1);
    expect(lookDifferences(grey, white).brighter).toBe(-1);
  });
});
