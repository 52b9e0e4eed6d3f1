// "Compare with other channels" on What works here (docs/learning.md, docs/decisions/0047): the
// pool of the channels whose creators opted in, its rule and its words. Pure, so web/ imports it.

/**
 * Channels that must have finished tests in the pool before anything of it is shown: with fewer,
 * a creator who knows their own figures could read much of the one or two others' from the pool.
 */
export const MIN_POOL_CHANNELS = 3;

/** What the page says is shared, next to the switch. */
export const LEARNING_POOL_SHARING_WORDS =
  'Your finished tests join a pool with the other channels that chose this, and you see what the pool shows: only aggregated figures (each feature’s pooled lift and its interval, and counts of tests and channels). No channel, video, title or thumbnail is named or shown, to you or to them. Turn it off and your tests leave the pool at once.';

export const LEARNING_POOL_MESSAGES = {
  notOptedIn:
    'Comparing with other channels is off for this account. Turn on "Compare with other channels" on What works here (POST /api/learning/sharing with optedIn: true) to share your finished tests with the pool and read it.',
  ownerOnly: 'Only the account’s owner can choose whether its finished tests are shared with other channels.',
} as const;
