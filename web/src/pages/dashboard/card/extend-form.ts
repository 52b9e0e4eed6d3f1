import { EXTEND_QUICK_DAYS, extendedEnd, extensionBounds, extensionEndProblem } from '#shared/test-extension';
import type { TitleTest } from '../../../api/test-types';
import { toLocalInputValue } from '../create/create-test-form';

/** What the Extend dialog needs of a test: its dates and interval. */
export type ExtendableDates = Pick<TitleTest, 'startDate' | 'endDate' | 'rotationIntervalMinutes'>;

export interface QuickChoice {
  days: number;
  label: string;
  /** The new end as a datetime-local value. */
  value: string;
  /** Beyond the longest test: shown, but not offered. */
  disabled: boolean;
}

/** Up to the next whole minute: a datetime-local field holds minutes, and rounding down could fall before the earliest end. */
const ceilMinute = (date: Date) => new Date(Math.ceil(date.getTime() / 60_000) * 60_000);

const datesOf = (test: ExtendableDates) => ({
  startDate: new Date(test.startDate),
  endDate: new Date(test.endDate),
  rotationIntervalMinutes: test.rotationIntervalMinutes,
});

/**
 * The quick choices "+1 day" … "+14 days" (src/shared/test-extension.ts), plus the days the current
 * reading says would settle it when it says so; each disabled where it would pass the longest test.
 */
export function quickChoices(test: ExtendableDates, now: Date, suggestedDays: number | null): QuickChoice[] {
  const dates = datesOf(test);
  const days = [...EXTEND_QUICK_DAYS] as number[];
  const suggested = suggestedDays !== null && suggestedDays > 0 ? Math.ceil(suggestedDays) : null;
  if (suggested !== null && !days.includes(suggested)) days.push(suggested);
  days.sort((a, b) => a - b);
  return days.map((count) => {
    const end = ceilMinute(extendedEnd(dates, count, now));
    return {
      days: count,
      label: `+${count} ${count === 1 ? 'day' : 'days'}${count === suggested ? ' (suggested)' : ''}`,
      value: toLocalInputValue(end),
      disabled: extensionEndProblem(dates, end, now) !== null,
    };
  });
}

/** The end the dialog opens with: the suggested days when the reading gives them, else a week, else the latest allowed. */
export function initialEnd(test: ExtendableDates, now: Date, suggestedDays: number | null): string {
  const choices = quickChoices(test, now, suggestedDays);
  const suggested = choices.find((choice) => choice.label.endsWith('(suggested)') && !choice.disabled);
  const week = choices.find((choice) => choice.days === 7 && !choice.disabled);
  const any = choices.filter((choice) => !choice.disabled).at(-1);
  if (suggested ?? week ?? any) return (suggested ?? week ?? any)!.value;
  return toLocalInputValue(extensionBounds(datesOf(test), now).latest);
}

/** The new end typed or chosen, as a Date (invalid when the field is empty or not a date). */
export function endFromInput(value: string): Date {
  return new Date(value);
}

/** Why the dialog cannot ask for this end, checked as the server will (null when it may ask). */
export function endProblem(test: ExtendableDates, value: string, now: Date): string | null {
  return extensionEndProblem(datesOf(test), endFromInput(value), now);
}

/** The datetime-local bounds of the field. */
export function inputBounds(test: ExtendableDates, now: Date): { min: string; max: string } {
  const bounds = extensionBounds(datesOf(test), now);
  return { min: toLocalInputValue(ceilMinute(bounds.earliest)), max: toLocalInputValue(bounds.latest) };
}
