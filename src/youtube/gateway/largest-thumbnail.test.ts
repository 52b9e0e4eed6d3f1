import { describe, expect, it } from 'vitest';
import { largestThumbnailUrl, type ThumbnailSizes } from './videos';

const SIZES = ['default', 'medium', 'high', 'standard', 'maxres', 'fhd', 'qhd', 'uhd'] as const;
const listed = (sizes: readonly (typeof SIZES)[number][]): ThumbnailSizes =>
  Object.fromEntries(sizes.map((size) => [size, { url: `https://i.ytimg.com/vi/x/${size}.jpg` }]));

describe('largestThumbnailUrl', () => {
  it('takes the largest size listed: uhd > qhd > fhd > maxres > standard > high > medium > default', () => {
    // Each size in turn as the largest listed, with every smaller one beside it.
    for (const [index, size] of SIZES.entries()) {
      expect(largestThumbnailUrl(listed(SIZES.slice(0, index + 1)))).toBe(
        `https://i.ytimg.com/vi/x/${size}.jpg`,
      );
    }
  });

  it('takes a large size even when a smaller one between is missing', () => {
    expect(largestThumbnailUrl(listed(['default', 'medium', 'high', 'uhd']))).toMatch(/uhd\.jpg$/);
    expect(largestThumbnailUrl(listed(['medium', 'maxres', 'qhd']))).toMatch(/qhd\.jpg$/);
    expect(largestThumbnailUrl(listed(['high', 'fhd']))).toMatch(/fhd\.jpg$/);
  });

  it('skips a size listed without a URL, and answers null when none has one', () => {
    expect(largestThumbnailUrl({ ...listed(['default', 'maxres']), uhd: { width: 3840 } })).toMatch(
      /maxres\.jpg$/,
    );
    expect(largestThumbnailUrl({})).toBeNull();
    expect(largestThumbnailUrl(undefined)).toBeNull();
  });
});
