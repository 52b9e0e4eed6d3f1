import { describe, expect, it } from 'vitest';
import {
  countVariance,
  inverseTrafficGrowth,
  forecastShape,
  suggestShape,
  TYPICAL_VIEWS_PER_DAY,
} from './forecast';
import type { ForecastShape } from './forecast';

const start = new Date('2026-03-03T17:20:00Z');
const shape = (values: Partial<ForecastShape>): ForecastShape => ({
  intervalMinutes: 60,
  metric: 'views',
  titleCount: 2,
  durationDays: 7,
  start,
  ...values,
});
const typical = { viewsPerDay: TYPICAL_VIEWS_PER_DAY };

describe('forecastShape', () => {
  it('detects smaller lifts with longer tests, fewer titles and more traffic', () => {
    const week = forecastShape(shape({}), typical).minimumDetectableLift!;
    expect(forecastShape(shape({ durationDays: 14 }), typical).minimumDetectableLift!).toBeLessThan(week);
    expect(forecastShape(shape({ titleCount: 3 }), typical).minimumDetectableLift!).toBeGreaterThan(week);
    expect(forecastShape(shape({}), { viewsPerDay: 50 }).minimumDetectableLift!).toBeGreaterThan(2 * week);
  });

  it('counts days, not windows, for CTR and watch time', () => {
    const ctr = forecastShape(shape({ intervalMinutes: 1440, metric: 'ctr', durationDays: 14 }), typical);
    expect(ctr.unitsPerTitle).toBe(6); // 13 whole Pacific days after the lead-in, alternating
    expect(ctr.minimumDetectableLift).toBeGreaterThan(0.03);
    expect(ctr.minimumDetectableLift).toBeLessThan(0.2);
  });

  it('says plainly when a shape cannot decide', () => {
    const plan = forecastShape(
      shape({ intervalMinutes: 1440, metric: 'ctr', titleCount: 5, durationDays: 7 }),
      typical,
    );
    expect(plan.minimumDetectableLift).toBeNull();
    expect(plan.problem).toMatch(/fewer than 2 days per title/);
  });

  it('names the nearest shape that can: the shortest longer run', () => {
    const tooShort = shape({ intervalMinutes: 1440, metric: 'ctr', titleCount: 5, durationDays: 7 });
    const suggestion = suggestShape(tooShort, forecastShape(tooShort, typical), typical);
    expect(suggestion?.shape.titleCount).toBe(5);
    expect(suggestion?.shape.durationDays).toBeGreaterThan(7);
    expect(suggestion?.plan.minimumDetectableLift).not.toBeNull();
    const oneDayShorter = { ...tooShort, durationDays: suggestion!.shape.durationDays - 1 };
    expect(forecastShape(oneDayShorter, typical).minimumDetectableLift).toBeNull();
  });

  it('suggests a longer run when only large lifts would show, and nothing when the plan is fine', () => {
    const small = { viewsPerDay: 300 };
    const short = shape({ durationDays: 3 });
    const plan = forecastShape(short, small);
    expect(plan.minimumDetectableLift!).toBeGreaterThan(0.15);
    const suggestion = suggestShape(short, plan, small);
    if (suggestion) expect(suggestion.plan.minimumDetectableLift!).toBeLessThanOrEqual(0.1);
    const fine = shape({ durationDays: 14 });
    expect(suggestShape(fine, forecastShape(fine, typical), typical)).toBeNull();
  });
});

describe('noise from counts', () => {
  it('grows as traffic shrinks, and traffic decays over a test', () => {
    expect(countVariance('views', 60, 240)).toBeCloseTo(1 / (10 * 0.9), 6);
    expect(countVariance('ctr', 1440, 100)).toBeGreaterThan(countVariance('ctr', 1440, 1000));
    expect(inverseTrafficGrowth(0)).toBe(1);
    expect(inverseTrafficGrowth(8, 8)).toBeCloseTo(1 / Math.LN2, 6);
    expect(inverseTrafficGrowth(14)).toBeGreaterThan(inverseTrafficGrowth(7));
  });
});
