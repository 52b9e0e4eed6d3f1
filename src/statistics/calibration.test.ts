import { describe, expect, it } from 'vitest';
import {
  dailyNoise,
  halfLifeDays,
  hourlyNoise,
  pooledDailyNoise,
  windowNoise,
  type CounterReading,
  type HistoryDay,
} from './calibration';
import { Random } from './random';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A counter read every 10 minutes for `hours`, its hourly rate swinging daily with log-normal AR(1) noise. */
function counter(
  hours: number,
  noise: number,
  correlation: number,
  perHour: number,
  seed: string,
): CounterReading[] {
  const random = new Random(seed);
  const start = Date.UTC(2026, 0, 5, 10);
  let x = noise * random.normal();
  let count = 1000;
  const readings: CounterReading[] = [{ at: new Date(start), viewCount: count }];
  for (let h = 0; h < hours; h++) {
    const rate = perHour * (1 + 0.3 * Math.sin((2 * Math.PI * h) / 24)) * Math.exp(x - (noise * noise) / 2);
    x = correlation * x + noise * Math.sqrt(1 - correlation * correlation) * random.normal();
    for (let bin = 1; bin <= 6; bin++) {
      count += Math.max(0, Math.round(rate / 6 + Math.sqrt(rate / 6) * random.normal()));
      readings.push({ at: new Date(start + h * HOUR + bin * 10 * 60_000), viewCount: count });
    }
  }
  return readings;
}

/** Daily history of a decaying video with CTR noise on the logit scale. */
function days(count: number, ctrNoise: number, seed: string): HistoryDay[] {
  const random = new Random(seed);
  return Array.from({ length: count }, (_, d) => {
    const views = 20_000 * 2 ** (-d / 7);
    const ctr = 1 / (1 + Math.exp(-(Math.log(0.05 / 0.95) + ctrNoise * random.normal())));
    const impressions = Math.round(views / 0.05);
    return {
      startsAt: new Date(Date.UTC(2026, 0, 1, 8) + d * DAY),
      views: Math.round(views),
      impressions,
      impressionsCtr: ctr,
      minutesWatched: Math.round(views * 5),
    };
  });
}

describe("reading a video's traffic before the first switch", () => {
  it('reads the hour-to-hour noise and its correlation from a day of the counter', () => {
    const estimates = Array.from({ length: 20 }, (_, i) => hourlyNoise(counter(24, 0.2, 0.5, 400, `c${i}`))!);
    const mean = estimates.reduce((sum, e) => sum + e.noise, 0) / estimates.length;
    expect(mean).toBeGreaterThan(0.15);
    expect(mean).toBeLessThan(0.25);
    expect(estimates[0]!.viewsPerDay).toBeGreaterThan(8000);
    expect(estimates[0]!.viewsPerDay).toBeLessThan(11_000);
  });

  it('needs half a day of readings', () => {
    expect(hourlyNoise(counter(8, 0.2, 0.5, 400, 'short'))).toBeNull();
  });

  it('turns an hour’s noise into a window’s as the engine sees it', () => {
    // Independent hours, a level per day taken out and its degree of freedom given back.
    expect(windowNoise({ noise: 0.2, correlation: 0 }, 60, 15)).toBeCloseTo(0.2, 6);
    expect(windowNoise({ noise: 0.2, correlation: 0 }, 240, 60)).toBeCloseTo(0.2 / Math.sqrt(3), 6);
    // 8-hour windows: no level per day; the day's own swing comes from the daily history.
    expect(windowNoise({ noise: 0.2, correlation: 0 }, 480, 60)).toBeCloseTo(0.2 * Math.sqrt(2 / 21), 6);
    // Strongly correlated hours: the day's level takes most of it out.
    expect(windowNoise({ noise: 0.2, correlation: 0.9 }, 60, 15)).toBeCloseTo(0.144, 2);
  });

  it('reads the day-to-day CTR noise from the daily history, and the decay', () => {
    const estimates = Array.from({ length: 20 }, (_, i) => dailyNoise(days(28, 0.1, `d${i}`), 'ctr')!);
    const mean = estimates.reduce((sum, e) => sum + e.noise, 0) / estimates.length;
    expect(mean).toBeGreaterThan(0.08);
    expect(mean).toBeLessThan(0.12);
    expect(halfLifeDays(days(28, 0.1, 'decay'))).toBeCloseTo(7, 0);
    expect(dailyNoise(days(5, 0.1, 'young'), 'ctr')).toBeNull();
  });

  it("takes a young video's noise from its channel's other videos", () => {
    const pooled = pooledDailyNoise([days(5, 0.1, 'young'), days(20, 0.1, 'a'), days(25, 0.1, 'b')], 'ctr')!;
    expect(pooled.df).toBeGreaterThan(30);
    expect(pooled.noise).toBeGreaterThan(0.07);
    expect(pooled.noise).toBeLessThan(0.13);
  });
});
