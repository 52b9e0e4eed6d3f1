// How long Titlewise keeps YouTube data, shared by the retention job, the messages creators see
// and the privacy page. The rules come from YouTube's API policies (docs/data-retention.md).

/**
 * YouTube data of a channel is kept only while Google accepted the channel's grant at most this
 * many days ago. After that it is deleted: the channel's tests, their figures and measurements.
 */
export const GRANT_MAX_AGE_DAYS = 30;

/**
 * A connected channel whose grant was last accepted this many days ago is checked again with
 * Google, early enough that a working grant never reaches GRANT_MAX_AGE_DAYS.
 */
export const GRANT_RECHECK_AFTER_DAYS = 25;

/**
 * An account deletion waits at most this long for its tests' original titles to go back on
 * YouTube (a quota-exhausted day, Google down), then erases the account anyway.
 */
export const ACCOUNT_DELETION_GRACE_DAYS = 3;
