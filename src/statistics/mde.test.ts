import { describe, expect, it } from 'vitest';
import { defaultWindowNoise, estimateWindowNoise, minimumDetectableEffect, windowsPerTitle } from './mde';
import { Random } from './random';
import type { WindowObservation } from './window-analysis';

describe('minimumDetectableEffect', () => {
  it('is 2.8 · σ_w · √(2/n) with n windows per title', () => {
    // 7 days of hourly windows, 2 titles → 84 windows per title.
    expect(windowsPerTitle(60, 7, 2)).toBe(84);
    const mde = minimumDetectableEffect({
      intervalMinutes: 60,
      durationDays: 7,
      titleCount: 2,
      windowNoise: 0.3,
    });
    expect(mde.logEffect).toBeCloseTo(2.8 * 0.3 * Math.sqrt(2 / 84), 12);
    expect(mde.lift).toBeCloseTo(Math.expm1(mde.logEffect), 12);
  });

  it('grows with more titles and shrinks with longer tests', () => {
    const base = { intervalMinutes: 60, windowNoise: 0.3 };
    const two = minimumDetectableEffect({ ...base, durationDays: 7, titleCount: 2 }).lift;
    expect(minimumDetectableEffect({ ...base, durationDays: 7, titleCount: 5 }).lift).toBeGreaterThan(two);
    expect(minimumDetectableEffect({ ...base, durationDays: 14, titleCount: 2 }).lift).toBeLessThan(two);
  });

  it('uses a default noise when there is no history, and is infinite without windows', () => {
    const mde = minimumDetectableEffect({ intervalMinutes: 1440, durationDays: 7, titleCount: 2 });
    expect(mde.windowNoise).toBe(defaultWindowNoise(1440));
    expect(defaultWindowNoise(60)).toBe(0.3);
    expect(defaultWindowNoise(1440)).toBe(0.1);
    expect(minimumDetectableEffect({ intervalMinutes: 1440, durationDays: 1, titleCount: 2 }).lift).toBe(
      Infinity,
    );
  });
});

describe('estimateWindowNoise', () => {
  it('recovers the noise of pre-test windows after day and hour effects', () => {
    const random = new Random('history');
    const start = Date.parse('2026-01-05T08:00:00Z');
    const history: WindowObservation[] = Array.from({ length: 5 * 24 }, (_, h) => {
      const startsAt = new Date(start + h * 3_600_000);
      const rate = 400 * Math.pow(0.9, h / 24) * (1 + 0.5 * Math.sin((2 * Math.PI * h) / 24));
      return {
        titleIndex: 0,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3_600_000),
        measuredHours: 1,
        views: Math.round(rate * Math.exp(0.2 * random.normal())),
      };
    });
    const sigma = estimateWindowNoise(history, 60) ?? 0;
    expect(sigma).toBeGreaterThan(0.16);
    expect(sigma).toBeLessThan(0.24);
    expect(estimateWindowNoise(history.slice(0, 4), 60)).toBeNull();
  });
});
