import { describe, expect, it } from 'vitest';
import { calibrationHoursFor } from './video-noise';

const views = (rotationIntervalMinutes: number) => ({
  winnerMetric: 'views' as const,
  rotationIntervalMinutes,
});

describe('how long a first test reads the video before its first switch', () => {
  it('reads two days before 4-hour windows where the traffic’s swings outweigh its counts', () => {
    expect(calibrationHoursFor(views(240), 2000, 60)).toBe(48);
    // 50 views a day: a window's noise is its whole counts', known exactly; a second day would only shorten the test.
    expect(calibrationHoursFor(views(240), 50, 60)).toBe(24);
  });

  it('reads one day before windows of 1–2 hours and of 8–12 hours, and nothing before daily units', () => {
    for (const interval of [60, 120, 480, 720])
      expect(calibrationHoursFor(views(interval), 2000, 60)).toBe(24);
    expect(calibrationHoursFor(views(1440), 2000, 60)).toBe(0);
    expect(calibrationHoursFor({ winnerMetric: 'ctr', rotationIntervalMinutes: 1440 }, 2000, 60)).toBe(0);
  });
});
