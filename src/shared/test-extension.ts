// Extending a title test (docs/product.md#test-states, docs/decisions/0024-extending-a-test.md):
// which tests may be extended and to which end, as the server enforces it and the Extend dialog
// checks it before it asks. Pure (type imports only and other shared rules), so web/ imports it at
// runtime.
import type { TitleTestStatus } from './test-states';
import { formatInterval } from './test-shapes';
import { MAX_TEST_DAYS } from './title-test-rules';

const DAY_MS = 86_400_000;

/** The Extend dialog's quick choices, in days added to the current end (or to now, for an ended test). */
export const EXTEND_QUICK_DAYS = [1, 3, 7, 14] as const;

/** What the server and the dialog say when a test cannot be extended in its state. */
export const EXTEND_STATE_MESSAGES = {
  notStarted:
    'This test has not started yet. Cancel it and create it again with the end you want, or extend it once it runs.',
  ending: 'This test is ending right now. Try again in a minute, once it waits for its final figures.',
  ended: 'Only a running test, or one waiting for YouTube’s final figures, can be extended.',
  deleted: 'This test is being deleted.',
} as const;

export interface ExtendableTest {
  status: TitleTestStatus;
  /** A CTR or watch-time test that ended and waits for YouTube's figures of its last days, the original title back. */
  awaitingFinalFigures: boolean;
}

/**
 * Whether a test in this state may be extended: an active or paused test, or a completed one
 * waiting for its final figures. Null when it may, else why not.
 */
export function extendStateProblem(test: ExtendableTest): string | null {
  if (test.status === 'active' || test.status === 'paused') return null;
  if (test.status === 'completed' && test.awaitingFinalFigures) return null;
  if (test.status === 'queued' || test.status === 'scheduled') return EXTEND_STATE_MESSAGES.notStarted;
  return EXTEND_STATE_MESSAGES.ended;
}

export interface ExtensionBounds {
  /** The earliest new end: one rotation interval after the current end, or after now once the end has passed. */
  earliest: Date;
  /** The latest new end: MAX_TEST_DAYS after the test's start. */
  latest: Date;
}

/** Where a new end may fall for a test with these dates, read at `now`. */
export function extensionBounds(
  test: { startDate: Date; endDate: Date; rotationIntervalMinutes: number },
  now: Date,
): ExtensionBounds {
  const from = Math.max(test.endDate.getTime(), now.getTime());
  return {
    earliest: new Date(from + test.rotationIntervalMinutes * 60_000),
    latest: new Date(test.startDate.getTime() + MAX_TEST_DAYS * DAY_MS),
  };
}

/**
 * Why `newEnd` cannot be the test's new end, or null when it can: it must be a date after the
 * current end that leaves at least one more rotation, and the whole test, from its start, may last
 * at most MAX_TEST_DAYS.
 */
export function extensionEndProblem(
  test: { startDate: Date; endDate: Date; rotationIntervalMinutes: number },
  newEnd: Date,
  now: Date,
): string | null {
  if (!Number.isFinite(newEnd.getTime())) return 'Choose a new end date.';
  const bounds = extensionBounds(test, now);
  if (bounds.earliest > bounds.latest)
    return `This test already runs close to the ${MAX_TEST_DAYS}-day maximum, so it cannot be extended.`;
  if (newEnd <= test.endDate) return 'The new end must be later than the test’s current end.';
  if (newEnd < bounds.earliest) {
    const after = test.endDate < now ? 'from now' : 'after the current end';
    return `The new end must leave at least one more rotation (titles switch ${formatInterval(test.rotationIntervalMinutes)}): choose an end at least that long ${after}.`;
  }
  if (newEnd > bounds.latest)
    return `A test can run for at most ${MAX_TEST_DAYS} days from its start. Choose an earlier end.`;
  return null;
}

/** The new end a quick choice of `days` gives: that many days after the current end, or after now once it has passed. */
export function extendedEnd(test: { endDate: Date }, days: number, now: Date): Date {
  return new Date(Math.max(test.endDate.getTime(), now.getTime()) + days * DAY_MS);
}
