import { describe, expect, it } from 'vitest';
import { endProblem, initialEnd, quickChoices } from './extend-form';

const DAY = 86_400_000;
const start = new Date('2026-03-01T10:00:30Z');
const test = {
  startDate: start.toISOString(),
  endDate: new Date(start.getTime() + 14 * DAY).toISOString(),
  rotationIntervalMinutes: 1440,
};
const now = new Date(start.getTime() + 5 * DAY);

describe('the Extend dialog’s choices', () => {
  it('offers +1, +3, +7 and +14 days and the suggested days, each a valid end', () => {
    const choices = quickChoices(test, now, 19);
    expect(choices.map((choice) => choice.label)).toEqual([
      '+1 day',
      '+3 days',
      '+7 days',
      '+14 days',
      '+19 days (suggested)',
    ]);
    // A daily test extended by a day: the end, rounded to the field's minutes, still leaves a rotation.
    for (const choice of choices) {
      expect(choice.disabled).toBe(false);
      expect(endProblem(test, choice.value, now)).toBeNull();
    }
    expect(initialEnd(test, now, 19)).toBe(choices.at(-1)!.value);
    expect(initialEnd(test, now, null)).toBe(choices.find((choice) => choice.days === 7)!.value);
  });

  it('disables the choices that pass the 60-day maximum', () => {
    const long = { ...test, endDate: new Date(start.getTime() + 55 * DAY).toISOString() };
    const choices = quickChoices(long, now, null);
    expect(choices.filter((choice) => choice.disabled).map((choice) => choice.days)).toEqual([7, 14]);
    expect(endProblem(long, choices.find((choice) => choice.days === 14)!.value, now)).toMatch(
      /at most 60 days/,
    );
    expect(initialEnd(long, now, null)).toBe(choices.find((choice) => choice.days === 3)!.value);
  });
});
