import { describe, expect, it } from 'vitest';
import { assumedTrafficNoise } from '../../statistics/assumed-noise';
import type { CounterReading } from '../../statistics/calibration';
import { Random } from '../../statistics/random';
import { calibrationHoursFor, videoNoise } from './video-noise';

const views = (rotationIntervalMinutes: number) => ({
  winnerMetric: 'views' as const,
  rotationIntervalMinutes,
});

describe('how long a first test reads the video before its first switch', () => {
  it('reads two days before 2- and 4-hour windows where the traffic’s swings outweigh its counts', () => {
    for (const interval of [120, 240]) {
      expect(calibrationHoursFor(views(interval), 2000, 60), `${interval} minutes`).toBe(48);
      // 50 views a day: a window's noise is its whole counts', known exactly; a second day would only shorten the test.
      expect(calibrationHoursFor(views(interval), 50, 60), `${interval} minutes`).toBe(24);
    }
    // 2-hour windows: the swings outweigh the counts from about 490 views a day (an hour's washout).
    expect(calibrationHoursFor(views(120), 400, 60)).toBe(24);
    expect(calibrationHoursFor(views(120), 600, 60)).toBe(48);
  });

  it('reads one day before hourly windows and windows of 8–12 hours, and nothing before daily units', () => {
    for (const interval of [60, 480, 720]) expect(calibrationHoursFor(views(interval), 2000, 60)).toBe(24);
    expect(calibrationHoursFor(views(1440), 2000, 60)).toBe(0);
    expect(calibrationHoursFor({ winnerMetric: 'ctr', rotationIntervalMinutes: 1440 }, 2000, 60)).toBe(0);
  });
});

/** A day of the public counter read every 10 minutes on a video drawing `perDay` views, Poisson counts (seeded). */
function counterDay(perDay: number): CounterReading[] {
  const random = new Random('a day of the counter');
  const start = Date.UTC(2026, 10, 2, 8);
  let viewCount = 10_000;
  return Array.from({ length: 145 }, (_, i) => {
    if (i > 0) viewCount += random.poisson(perDay / 144);
    return { at: new Date(start + i * 600_000), viewCount };
  });
}

describe('the noise a first test confirms its plan on', () => {
  const readings = counterDay(50);

  it('windows of 8 and 12 hours without any daily history: the counter’s views a day, the day-to-day part assumed', () => {
    for (const interval of [480, 720]) {
      const read = videoNoise(views(interval), { days: [], readings, channel: [] }, 60);
      expect(read, `${interval} minutes`).not.toBeNull();
      expect(read!.noise).toBeGreaterThanOrEqual(assumedTrafficNoise(1440, 'views'));
      expect(read!.viewsPerDay).toBeGreaterThan(30);
      expect(read!.viewsPerDay).toBeLessThan(75);
    }
  });

  it('units of a day need the history: none read, none confirmed', () => {
    expect(videoNoise(views(1440), { days: [], readings, channel: [] }, 60)).toBeNull();
    expect(
      videoNoise(
        { winnerMetric: 'ctr', rotationIntervalMinutes: 1440 },
        { days: [], readings, channel: [] },
        60,
      ),
    ).toBeNull();
  });

  it('windows of a few hours rest on the counter alone, with no assumed part', () => {
    const read = videoNoise(views(120), { days: [], readings, channel: [] }, 15);
    expect(read).not.toBeNull();
    expect(read!.noise).toBeLessThan(assumedTrafficNoise(1440, 'views'));
  });
});
