import { describe, expect, it } from 'vitest';
import { chanceOfVerdict, forecastShape } from './forecast';
import { type ForecastShape, TYPICAL_VIEWS_PER_DAY } from './forecast-inputs';
import { suggestShape } from './shape-suggestion';
import { countVariance } from './unit-noise';
import { MINIMUMS } from './progress';

const start = new Date('2026-03-03T17:20:00Z');
const shape = (values: Partial<ForecastShape>): ForecastShape => ({
  intervalMinutes: 60,
  metric: 'views',
  titleCount: 2,
  durationDays: 7,
  start,
  ...values,
});
const assumed = { viewsPerDay: TYPICAL_VIEWS_PER_DAY };
const measured = { viewsPerDay: TYPICAL_VIEWS_PER_DAY, trafficNoise: 0.1, source: 'video' as const };

describe('forecastShape', () => {
  it('detects smaller lifts with longer tests, fewer titles, less noise and more traffic', () => {
    const week = forecastShape(shape({}), measured).minimumDetectableLift!;
    expect(forecastShape(shape({ durationDays: 14 }), measured).minimumDetectableLift!).toBeLessThan(week);
    expect(forecastShape(shape({ titleCount: 3 }), measured).minimumDetectableLift!).toBeGreaterThan(week);
    expect(
      forecastShape(shape({}), { ...measured, trafficNoise: 0.3 }).minimumDetectableLift!,
    ).toBeGreaterThan(week);
    expect(forecastShape(shape({}), { ...measured, viewsPerDay: 50 }).minimumDetectableLift!).toBeGreaterThan(
      week,
    );
  });

  it('plans for a noisier channel than typical when it knows nothing of the traffic, and says so', () => {
    const plan = forecastShape(shape({}), assumed);
    expect(plan.noiseSource).toBe('assumed');
    expect(forecastShape(shape({}), measured).noiseSource).toBe('video');
    expect(plan.minimumDetectableLift!).toBeGreaterThan(
      forecastShape(shape({}), measured).minimumDetectableLift!,
    );
  });

  it('widens the forecast when the noise is read from few figures', () => {
    const exact = forecastShape(shape({}), measured).minimumDetectableLift!;
    const uncertain = forecastShape(shape({}), { ...measured, noiseDf: 6 }).minimumDetectableLift!;
    expect(uncertain).toBeGreaterThan(exact);
  });

  it('says how soon the verdict comes, what the test spends, and its chance at other lifts', () => {
    const plan = forecastShape(shape({}), measured);
    expect(plan.daysToVerdict!).toBeGreaterThan(1);
    expect(plan.daysToVerdict!).toBeLessThanOrEqual(7.5);
    expect(plan.switches.untilVerdict!).toBeLessThanOrEqual(plan.switches.planned);
    expect(plan.slots.untilVerdict!).toBeLessThanOrEqual(plan.slots.planned);
    const lift = plan.minimumDetectableLift!;
    expect(chanceOfVerdict(shape({}), measured, lift)).toBeCloseTo(0.8, 1);
    expect(chanceOfVerdict(shape({}), measured, lift / 2)).toBeLessThan(0.5);
    expect(chanceOfVerdict(shape({}), measured, lift * 2)).toBeGreaterThanOrEqual(0.95);
  });

  it('counts days, not windows, for CTR and watch time, and waits for the last days’ figures', () => {
    const ctr = forecastShape(shape({ intervalMinutes: 1440, metric: 'ctr', durationDays: 14 }), {
      ...measured,
      trafficNoise: 0.04,
    });
    expect(ctr.unitsPerTitle).toBe(6); // 13 whole Pacific days after the lead-in, alternating
    expect(ctr.minimumDetectableLift).toBeGreaterThan(0.03);
    expect(ctr.minimumDetectableLift).toBeLessThan(0.3);
    expect(ctr.daysToVerdict!).toBeGreaterThan(14);
  });

  it('says plainly when a shape cannot decide', () => {
    const plan = forecastShape(
      shape({ intervalMinutes: 1440, metric: 'ctr', titleCount: 5, durationDays: 7 }),
      assumed,
    );
    expect(plan.minimumDetectableLift).toBeNull();
    expect(plan.problem).toEqual({ code: 'few-per-variant', unit: 'day', unitsPerVariant: 1 });
  });

  it('refuses a shape whose titles could not all reach the views a verdict needs, and says how many they would draw', () => {
    // 50 views a day over 7 days of hourly windows: two titles draw plenty, five about 30 each.
    const small = { viewsPerDay: 50, trafficNoise: 0.2, source: 'video' as const };
    const five = forecastShape(shape({ titleCount: 5 }), small);
    expect(five.minimumDetectableLift).toBeNull();
    expect(five.problem).toMatchObject({
      code: 'few-events',
      event: 'views',
      required: MINIMUMS.eventsPerTitle,
    });
    const drawn = five.problem?.code === 'few-events' ? five.problem.eventsPerVariant : Number.NaN;
    expect(drawn).toBeGreaterThan(15);
    expect(drawn).toBeLessThan(45);
    expect(chanceOfVerdict(shape({ titleCount: 5 }), small, 10)).toBeLessThan(0.8);
    expect(forecastShape(shape({ titleCount: 2 }), small).minimumDetectableLift).not.toBeNull();
    // The nearest shape that can: a longer run, or fewer titles.
    const suggestion = suggestShape(shape({ titleCount: 5 }), five, small);
    expect(suggestion?.plan.minimumDetectableLift).not.toBeNull();
    // On a busy video the floor is never what stops five titles.
    expect(forecastShape(shape({ titleCount: 5 }), measured).problem).toBeNull();
  });

  it('starts the design after a calibration read when asked', () => {
    const later = forecastShape(shape({ designStart: new Date(start.getTime() + 24 * 3_600_000) }), measured);
    const now = forecastShape(shape({}), measured);
    expect(later.unitsPerTitle).toBeLessThan(now.unitsPerTitle);
    expect(later.minimumDetectableLift!).toBeGreaterThan(now.minimumDetectableLift!);
  });

  it('names the nearest shape that can: the shortest longer run', () => {
    const tooShort = shape({ intervalMinutes: 1440, metric: 'ctr', titleCount: 5, durationDays: 7 });
    const suggestion = suggestShape(tooShort, forecastShape(tooShort, assumed), assumed);
    expect(suggestion?.shape.titleCount).toBe(5);
    expect(suggestion?.shape.durationDays).toBeGreaterThan(7);
    expect(suggestion?.plan.minimumDetectableLift).not.toBeNull();
    const oneDayShorter = { ...tooShort, durationDays: suggestion!.shape.durationDays - 1 };
    expect(forecastShape(oneDayShorter, assumed).minimumDetectableLift).toBeNull();
  });

  it('suggests a longer run when only large lifts would show, and nothing when the plan is fine', () => {
    const small = { viewsPerDay: 300, trafficNoise: 0.1 };
    const short = shape({ durationDays: 3 });
    const plan = forecastShape(short, small);
    expect(plan.minimumDetectableLift!).toBeGreaterThan(0.15);
    const suggestion = suggestShape(short, plan, small);
    if (suggestion) expect(suggestion.plan.minimumDetectableLift!).toBeLessThanOrEqual(0.1);
    const fine = shape({ durationDays: 14 });
    expect(suggestShape(fine, forecastShape(fine, measured), measured)).toBeNull();
  });
});

describe('noise from counts', () => {
  it('grows as traffic shrinks, and counts clicks where they are known', () => {
    expect(countVariance('views', 60, 240)).toBeCloseTo(1 / (10 * 0.75), 6);
    expect(countVariance('ctr', 1440, 100)).toBeGreaterThan(countVariance('ctr', 1440, 1000));
    expect(countVariance('ctr', 1440, 1000, undefined, 500)).toBeCloseTo(1 / 500, 9);
  });

  it('plans a decaying video on its precision over the test', () => {
    const flat = forecastShape(shape({}), {
      ...measured,
      viewsPerDay: 500,
      halfLifeDays: Number.POSITIVE_INFINITY,
    });
    const decaying = forecastShape(shape({}), { ...measured, viewsPerDay: 500, halfLifeDays: 3 });
    expect(decaying.unitNoise).toBeGreaterThan(flat.unitNoise);
  });
});
