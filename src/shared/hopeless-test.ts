// When a running test is not worth finishing (docs/statistics.md, "Looks and stopping"): the
// server works out the chance that it names a winner by its end if a variant is as much better as
// its plan could find; the card offers to stop it with the original back once that chance is small
// and enough of the test is in for the chance to mean something. Pure, so web/ imports it at runtime.

/** Below this chance of naming a winner by the end, the test will very likely end Inconclusive. */
export const HOPELESS_CHANCE = 0.1;

/**
 * …but only once at least this share of the planned information is in: earlier, the lead swings
 * too much for a small chance to say anything.
 */
export const HOPELESS_MIN_INFORMATION = 0.25;

/**
 * Whether a running test will very likely end Inconclusive: its chance of a winner by the end
 * (null: the server could not work it out, or the test is not one to ask about) is under
 * HOPELESS_CHANCE with at least HOPELESS_MIN_INFORMATION of it measured.
 */
export function isHopeless(chanceOfWinner: number | null, progressFraction: number): boolean {
  return (
    chanceOfWinner !== null &&
    chanceOfWinner < HOPELESS_CHANCE &&
    progressFraction >= HOPELESS_MIN_INFORMATION
  );
}
