// What a title test may hold, as the server's schemas enforce it and the create form checks it
// before it sends. Pure (no imports), so web/ imports it at runtime, and small: the pricing cards
// on the landing page load it. Which metric may rotate how often is in ./test-shapes.

/** Title 1 (the baseline) and at least one variant; five titles at most. */
export const MIN_TITLES = 2;
export const MAX_TITLES = 5;

/** How often the live title may rotate, in minutes: hourly to daily. */
export const ROTATION_INTERVALS = [60, 120, 240, 480, 720, 1440] as const;
export type RotationInterval = (typeof ROTATION_INTERVALS)[number];
export const DAILY_INTERVAL_MINUTES = 1440;

/** YouTube's longest title, in characters. */
export const MAX_TITLE_LENGTH = 100;

/** YouTube refuses a title that contains < or >. */
export function hasForbiddenTitleCharacters(title: string): boolean {
  return /[<>]/.test(title);
}

/**
 * What is wrong with each title, in the creator's words ("Title 2 can't contain < or >"), or null
 * for a title that is fine: the create form shows it under each field and the server's schema
 * answers with the same words. Title 1 (the baseline) and Title 2 are required; a later title may
 * be blank (it is left out). The list is at least MIN_TITLES long, so an empty list names Title 1.
 */
export function titleProblems(titles: readonly string[]): (string | null)[] {
  const trimmed = Array.from({ length: Math.max(titles.length, MIN_TITLES) }, (_, i) =>
    (titles[i] ?? '').trim(),
  );
  return trimmed.map((title, index) => {
    const name = `Title ${index + 1}`;
    if (title.length === 0) return index < MIN_TITLES ? `${name} is empty` : null;
    if (title.length > MAX_TITLE_LENGTH)
      return `${name} is ${title.length} characters; YouTube allows at most ${MAX_TITLE_LENGTH}`;
    if (hasForbiddenTitleCharacters(title)) return `${name} can't contain < or > (YouTube refuses them)`;
    const same = trimmed.findIndex((other) => other.toLowerCase() === title.toLowerCase());
    return same < index ? `${name} is the same as Title ${same + 1}` : null;
  });
}

/** The longest test, from its start to its end. */
export const MAX_TEST_DAYS = 60;

/** The shortest test a plan is worked out for (about an hour). */
export const MIN_FORECAST_DAYS = 0.04;

/** What the create form and the server both say when a test cannot be created. */
export const CREATE_TEST_MESSAGES = {
  noVideo: 'Please select a video',
  tooFewTitles: `Please enter at least ${MIN_TITLES} title variants`,
} as const;

/** Creating a test on a video the caller is already testing. */
export const VIDEO_HAS_YOUR_TEST_MESSAGE =
  'This video already has a running test. Complete or cancel it before starting another.';

/**
 * Creating a test on a video whose title another test is changing: one on a channel another
 * account also connected, whose test is not the caller's to see (docs/decisions/0021).
 */
export const VIDEO_BUSY_MESSAGE =
  'This video can’t be tested right now: another test is already changing its title. Try again once it has ended.';
