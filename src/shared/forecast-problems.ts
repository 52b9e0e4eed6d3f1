// Why a test's shape cannot reach a verdict, as the forecast finds it (src/statistics/forecast.ts),
// and how the create and Extend dialogs and the API's refusals say it: in the creator's words,
// for the kind of test (titles, thumbnails, packages), with the length the creator chose rather
// than the count of days the statistics measure (a daily test's first part-day is not one).

import { VARIANT_WORDS, type TestKind } from './test-kinds';

/**
 * Why a shape cannot decide: fewer than two measured units (days or windows) per variant; units
 * enough per variant but too few possible schedules for the randomisation test to tell the
 * variants from chance; too few views (clicks) for every variant to reach the floor a verdict
 * needs; no unit at all; or a lift beyond any plausible one needed.
 */
export type ForecastProblem =
  | { code: 'few-per-variant' | 'few-units'; unit: 'day' | 'window'; unitsPerVariant: number }
  | {
      code: 'few-events';
      event: 'views' | 'clicks';
      /** About how many views (clicks) the fewest-viewed variant can expect in its counted units. */
      eventsPerVariant: number;
      /** The views (clicks) per variant a verdict needs. */
      required: number;
    }
  | { code: 'too-short' }
  | { code: 'needs-huge-lift' };

export interface ProblemContext {
  kind: TestKind;
  variantCount: number;
  /** The test's length as the creator chose it. */
  durationDays: number;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "A 14-day test", "A 12-hour test". */
export function testLengthWords(durationDays: number): string {
  if (durationDays < 2) return `A ${Math.max(1, Math.round(durationDays * 24))}-hour test`;
  return `A ${Math.round(durationDays)}-day test`;
}

/** One sentence: why this test cannot reach a verdict. */
export function forecastProblemWords(problem: ForecastProblem, context: ProblemContext): string {
  const words = VARIANT_WORDS[context.kind];
  const length = testLengthWords(context.durationDays);
  const compare = `compare ${context.variantCount} ${words.many}`;
  switch (problem.code) {
    case 'few-per-variant':
    case 'few-units': {
      const live =
        problem.unit === 'day'
          ? `each ${words.one} would be live for only ${plural(problem.unitsPerVariant, 'full YouTube day')}`
          : `each ${words.one} would be live in only ${plural(problem.unitsPerVariant, 'window')}`;
      return problem.code === 'few-per-variant'
        ? `${length} is too short to ${compare}: ${live}, and a verdict needs at least 2.`
        : `${length} is too short to ${compare}: ${live}, too few to tell a real difference from ordinary ups and downs.`;
    }
    case 'few-events':
      return `${length} is too short to ${compare}: each ${words.one} would draw about ${plural(problem.eventsPerVariant, problem.event.slice(0, -1))}, too few to be sure every one reaches the ${problem.required} a verdict needs.`;
    case 'too-short':
      return `${length} is too short to ${compare}.`;
    case 'needs-huge-lift':
      return `On this video’s traffic only a ${words.one} 20 times better than the others would show: no test of this shape can reach a verdict.`;
  }
}

/** What to change so that a shape decides, from the suggested shape when there is one. */
export function forecastAdvice(
  context: Pick<ProblemContext, 'kind' | 'variantCount'>,
  suggested: { titleCount: number; durationDays: number } | null,
): string {
  const words = VARIANT_WORDS[context.kind];
  if (!suggested) return `Make it longer or compare fewer ${words.many}.`;
  if (suggested.titleCount !== context.variantCount) {
    const counted = context.kind === 'titles' ? 'the current one' : 'the original';
    return `Compare at most ${suggested.titleCount} ${words.many} (${counted} included), or make it longer.`;
  }
  return `Make it at least ${plural(Math.ceil(suggested.durationDays), 'day')} long.`;
}
