import sharp from 'sharp';
import type { ThumbnailFeature } from '../shared/learning-features';

/*
 * What a thumbnail looks like, measured from its pixels (docs/learning.md#thumbnail-features):
 * brightness (mean luma), contrast (the spread of luma), colourfulness (Hasler and Süsstrunk's
 * measure) and the share of text-like detail (pixels on a strong edge, as lettering and sharp
 * outlines make). Read on a small copy, so every image costs the same. Faces are out of scope.
 */

/** The picture is read at this width (height to match), enough for the four measures. */
const SAMPLE_WIDTH = 160;
/** A luma step (0–1) between neighbours that counts as an edge. */
const EDGE_STEP = 0.18;

export interface ThumbnailLook {
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: number;
  /** Standard deviation of luma. */
  contrast: number;
  /** Hasler–Süsstrunk colourfulness, on a 0–1 scale of colour (a saturated red is about 0.25, grey 0). */
  colourfulness: number;
  /** Share of pixels on a strong edge. */
  textLike: number;
}

/** The four measures of an image's bytes. */
export async function thumbnailLook(bytes: Buffer): Promise<ThumbnailLook> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 7680 * 4320 })
    .resize({ width: SAMPLE_WIDTH })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const count = width * height;
  const luma = new Float64Array(count);
  let sum = 0;
  let rgSum = 0;
  let ybSum = 0;
  let rgSq = 0;
  let ybSq = 0;
  for (let i = 0; i < count; i++) {
    const r = data[i * channels]! / 255;
    const g = data[i * channels + 1]! / 255;
    const b = data[i * channels + 2]! / 255;
    const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    luma[i] = y;
    sum += y;
    const rg = r - g;
    const yb = 0.5 * (r + g) - b;
    rgSum += rg;
    ybSum += yb;
    rgSq += rg * rg;
    ybSq += yb * yb;
  }
  const brightness = sum / count;
  let spread = 0;
  for (let i = 0; i < count; i++) spread += (luma[i]! - brightness) ** 2;
  const rgMean = rgSum / count;
  const ybMean = ybSum / count;
  const rgSd = Math.sqrt(Math.max(0, rgSq / count - rgMean ** 2));
  const ybSd = Math.sqrt(Math.max(0, ybSq / count - ybMean ** 2));
  const colourfulness = Math.sqrt(rgSd ** 2 + ybSd ** 2) + 0.3 * Math.sqrt(rgMean ** 2 + ybMean ** 2);
  let edges = 0;
  for (let yRow = 0; yRow < height - 1; yRow++)
    for (let x = 0; x < width - 1; x++) {
      const here = luma[yRow * width + x]!;
      const step = Math.max(
        Math.abs(luma[yRow * width + x + 1]! - here),
        Math.abs(luma[(yRow + 1) * width + x]! - here),
      );
      if (step > EDGE_STEP) edges++;
    }
  return {
    brightness,
    contrast: Math.sqrt(spread / count),
    colourfulness,
    textLike: edges / Math.max(1, (width - 1) * (height - 1)),
  };
}

/** How much more of a measure a variant must have than the other for the feature to count. */
export const LOOK_MARGINS: Record<ThumbnailFeature, number> = {
  brighter: 0.08,
  contrast: 0.04,
  colourful: 0.06,
  textLike: 0.02,
};

const MEASURE: Record<ThumbnailFeature, keyof ThumbnailLook> = {
  brighter: 'brightness',
  contrast: 'contrast',
  colourful: 'colourfulness',
  textLike: 'textLike',
};

/**
 * How `variant` differs from `baseline` in each feature: 1 when it has clearly more of it, −1
 * clearly less, 0 about the same (within the feature's margin).
 */
export function lookDifferences(
  variant: ThumbnailLook,
  baseline: ThumbnailLook,
): Record<ThumbnailFeature, -1 | 0 | 1> {
  const out = {} as Record<ThumbnailFeature, -1 | 0 | 1>;
  for (const feature of Object.keys(MEASURE) as ThumbnailFeature[]) {
    const delta = variant[MEASURE[feature]] - baseline[MEASURE[feature]];
    out[feature] = delta > LOOK_MARGINS[feature] ? 1 : delta < -LOOK_MARGINS[feature] ? -1 : 0;
  }
  return out;
}
