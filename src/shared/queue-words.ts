// How a test waiting for YouTube capacity is spoken of, in the create dialog's capacity line
// (src/capacity/capacity-refusals.ts) and on its card: its length counts from the day it really
// starts, and what the creator can do to start sooner.

/** "its 14 days count from that start", "its 1 day counts from that start". */
export function lengthCountsFromStart(durationDays: number): string {
  const days = Math.max(1, Math.round(durationDays));
  return `its ${days} ${days === 1 ? 'day counts' : 'days count'} from that start`;
}

/** A wait longer than this gets the card's advice on starting sooner. */
export const LONG_WAIT_MS = 24 * 3_600_000;

/**
 * The card's advice on a long wait, or null when there is none to give: `longerInterval`, the
 * metric allows a longer rotation interval than the test's (it uses less of the shared quota);
 * `withPlans`, the account has a larger plan to move to (/paywall becomes a link).
 */
export function startSoonerAdvice(options: { longerInterval: boolean; withPlans: boolean }): string | null {
  const ways = [
    options.longerInterval
      ? 'cancel it and create it again with a longer rotation interval (it uses less of the shared quota)'
      : null,
    options.withPlans ? 'choose a larger plan at /paywall' : null,
  ].filter((way): way is string => way !== null);
  return ways.length === 0 ? null : `To start sooner, ${ways.join(', or ')}.`;
}
