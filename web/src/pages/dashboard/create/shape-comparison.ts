import type { TestForecast } from '../../../api/test-types';
import { formatDays, formatInterval } from '../../../lib/format';
import { aboutDays, formatLift, formatUnits } from '../../../lib/plan-words';

export type ShapeAlternative = TestForecast['alternatives'][number];

/** When a shape would start: now, after a wait for the account's share of YouTube's quota, or never on this plan. */
export function startsWords(waitDays: number | null): string {
  if (waitDays === null) return 'not on your plan’s capacity';
  return waitDays <= 0 ? 'now' : `in ${aboutDays(waitDays)}`;
}

/** The Verdict column: "about 3 days", or that it cannot be told. */
export function verdictInWords(daysToVerdict: number | null): string {
  return daysToVerdict === null ? 'Cannot tell' : aboutDays(daysToVerdict);
}

/** The quota column: "about 240 units". */
export function quotaWords(units: number | null): string {
  return units === null ? 'Cannot tell' : `about ${formatUnits(units)} units`;
}

/** Whether the form already has this shape (its length to a hundredth of a day, as the form rounds it). */
export function isFormShape(
  shape: Pick<ShapeAlternative, 'rotationIntervalMinutes' | 'durationDays'>,
  form: { rotationIntervalMinutes: number; durationDays: number | null },
): boolean {
  return (
    shape.rotationIntervalMinutes === form.rotationIntervalMinutes &&
    form.durationDays !== null &&
    Math.abs(shape.durationDays - form.durationDays) < 0.01
  );
}

/** The Use button's name, which says what it applies: "Use every 2 hours for 5 days". */
export function shapeButtonLabel(
  shape: Pick<ShapeAlternative, 'rotationIntervalMinutes' | 'durationDays'>,
): string {
  return `Use ${formatInterval(shape.rotationIntervalMinutes)} for ${formatDays(shape.durationDays)}`;
}

/**
 * The table's caption: the difference every row finds. That is the form's own plan's; when the
 * form cannot decide, the server compares the shapes at a difference of its choosing, which the
 * rows carry.
 */
export function comparisonCaption(
  plan: Pick<TestForecast, 'minimumDetectableLiftPercent' | 'alternatives'>,
): string {
  const lift =
    plan.minimumDetectableLiftPercent ??
    Math.max(...plan.alternatives.map((shape) => shape.minimumDetectableLiftPercent));
  return `How soon each interval can answer (a difference of about ${formatLift(lift)})`;
}
