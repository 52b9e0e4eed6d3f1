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

/** The card's advice on a long wait; `withPlans`: the account has a larger plan to move to (/paywall becomes a link). */
export function startSoonerAdvice(withPlans: boolean): string {
  return withPlans
    ? 'To start sooner, cancel it and create it again with a longer rotation interval (it uses less of the shared quota), or choose a larger plan at /paywall.'
    : 'To start sooner, cancel it and create it again with a longer rotation interval: it uses less of the shared quota.';
}
