import { describe, expect, it } from 'vitest';
import { durationSeconds, videoFormatOf } from './video-format';
import { thumbnailProblems, thumbnailShapeOf, THUMBNAIL_SHAPES } from './image-rules';

describe('video format', () => {
  it('reads YouTube’s ISO 8601 durations', () => {
    expect(durationSeconds('PT45S')).toBe(45);
    expect(durationSeconds('PT11M24S')).toBe(684);
    expect(durationSeconds('PT1H2M3S')).toBe(3723);
    expect(durationSeconds('P1DT2H')).toBe(93_600);
    expect(durationSeconds('PT0S')).toBe(0);
    for (const bad of ['', 'P', 'PT', '45S', 'PT1.5.2S']) expect(durationSeconds(bad)).toBeNull();
  });

  it('calls a video a Short only when it is at most three minutes long and square or vertical', () => {
    const vertical = { width: 608, height: 1080 };
    const landscape = { width: 1280, height: 720 };
    expect(videoFormatOf('PT58S', vertical)).toBe('short');
    expect(videoFormatOf('PT3M', { width: 720, height: 720 })).toBe('short');
    expect(videoFormatOf('PT3M1S', vertical)).toBe('video');
    expect(videoFormatOf('PT58S', landscape)).toBe('video');
    // Without the player's size the shape is unknown: the rules of a long video hold.
    expect(videoFormatOf('PT58S', null)).toBe('video');
    expect(videoFormatOf('PT0S', vertical)).toBe('video');
    expect(videoFormatOf('garbage', vertical)).toBe('video');
  });

  it('checks a thumbnail against its format’s shape', () => {
    const jpeg = { contentType: 'image/jpeg', byteSize: 100_000 };
    expect(thumbnailShapeOf({ width: 1280, height: 720 })).toBe('video');
    expect(thumbnailShapeOf({ width: 1080, height: 1920 })).toBe('short');
    expect(thumbnailShapeOf({ width: 1000, height: 1000 })).toBeNull();
    expect(thumbnailProblems({ ...jpeg, width: 1080, height: 1920 }, 'short')).toEqual([]);
    expect(thumbnailProblems({ ...jpeg, width: 1080, height: 1920 })).toEqual([
      THUMBNAIL_SHAPES.video.wrongShape,
    ]);
    expect(thumbnailProblems({ ...jpeg, width: 270, height: 480 }, 'short')).toEqual([
      THUMBNAIL_SHAPES.short.tooNarrow,
    ]);
    expect(thumbnailProblems({ ...jpeg, width: 1280, height: 720 }, 'short')).toEqual([
      THUMBNAIL_SHAPES.short.wrongShape,
    ]);
  });
});
