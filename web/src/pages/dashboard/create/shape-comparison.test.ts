import { describe, expect, it } from 'vitest';
import {
  comparisonCaption,
  isFormShape,
  quotaWords,
  startsWords,
  shapeButtonLabel,
  verdictInWords,
  type ShapeAlternative,
} from './shape-comparison';

const shape = (patch: Partial<ShapeAlternative>): ShapeAlternative => ({
  rotationIntervalMinutes: 120,
  durationDays: 5,
  minimumDetectableLiftPercent: 9.6,
  daysToVerdict: 3.2,
  quotaUnits: 420,
  waitDays: 0,
  recommended: false,
  ...patch,
});

describe('the shapes compared', () => {
  it('say when each would start: now, after a wait for capacity, or not on this plan', () => {
    expect(startsWords(0)).toBe('now');
    expect(startsWords(0.4)).toBe('in about 1 day');
    expect(startsWords(2.6)).toBe('in about 3 days');
    expect(startsWords(null)).toBe('not on your plan’s capacity');
  });

  it('say the verdict’s days and the quota, or that they cannot be told', () => {
    expect(verdictInWords(3.2)).toBe('about 3 days');
    expect(verdictInWords(null)).toBe('Cannot tell');
    expect(quotaWords(1420)).toBe('about 1,420 units');
    expect(quotaWords(null)).toBe('Cannot tell');
  });

  it('name what a Use button applies', () => {
    expect(shapeButtonLabel(shape({}))).toBe('Use every 2 hours for 5 days');
    expect(shapeButtonLabel(shape({ rotationIntervalMinutes: 60, durationDays: 1 }))).toBe(
      'Use every hour for 1 day',
    );
  });

  it('know the form’s own shape (no Use button for it)', () => {
    expect(isFormShape(shape({}), { rotationIntervalMinutes: 120, durationDays: 5.004 })).toBe(true);
    expect(isFormShape(shape({}), { rotationIntervalMinutes: 60, durationDays: 5 })).toBe(false);
    expect(isFormShape(shape({}), { rotationIntervalMinutes: 120, durationDays: 7 })).toBe(false);
    expect(isFormShape(shape({}), { rotationIntervalMinutes: 120, durationDays: null })).toBe(false);
  });

  it('are captioned with the difference every row finds: the plan’s, or the one compared at', () => {
    const alternatives = [shape({}), shape({ minimumDetectableLiftPercent: 9.9 })];
    expect(comparisonCaption({ minimumDetectableLiftPercent: 10.2, alternatives })).toBe(
      'How soon each interval can answer (a difference of about 10.2%)',
    );
    expect(comparisonCaption({ minimumDetectableLiftPercent: null, alternatives })).toBe(
      'How soon each interval can answer (a difference of about 9.9%)',
    );
  });
});
