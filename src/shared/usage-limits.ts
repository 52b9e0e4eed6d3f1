// How much one client may ask of Titlewise, and of the project's YouTube quota, in one place
// (docs/decisions/0016-usage-limits-and-quota-shares.md). Pure numbers, so web/ imports it too.

/**
 * The most procedure calls one tRPC request may carry; more is refused with 400. The web app's
 * batch link splits at this size, so it never sends more (a dashboard batches the test list, the
 * totals, the accuracy notice and one analytics read per test card).
 */
export const TRPC_MAX_BATCH_SIZE = 40;

/** The window of every per-operation rate limit (src/api/declare/rate-limits.ts). */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Stripe Checkout sessions one address may open per window (each call opens one at Stripe). */
export const CHECKOUT_PER_WINDOW = 20;

/** Returns from Stripe Checkout one address may make per window (each re-reads the session at Stripe). */
export const CHECKOUT_RETURNS_PER_WINDOW = 30;

/** Recent-videos lists one user may ask for per window (answered from a short cache when it can). */
export const RECENT_VIDEOS_PER_WINDOW = 20;

/**
 * Test creations one user may ask for per window, refused ones included (one that passes the
 * checks reads the video from YouTube, 1 unit): far above what a person filling in the form sends.
 */
export const CREATE_TEST_PER_WINDOW = 60;

/**
 * Test exports one user may download per window: each reads and formats a whole test's figures,
 * and a person (or a tool fetching each of a channel's tests) needs a handful.
 */
export const EXPORTS_PER_WINDOW = 20;

/**
 * Image uploads one user may send per window: each decodes an image of up to 50 MB (and may
 * re-encode it), while a test takes at most five; a creator dropping a folder of drafts stays under.
 */
export const IMAGE_UPLOADS_PER_WINDOW = 30;

/**
 * Reads of the pool of opted-in channels on What works here one user may make per window: each
 * pools every opted-in channel's finished tests, and the page reads it once per visit.
 */
export const LEARNING_POOL_READS_PER_WINDOW = 30;

/**
 * Simulated-clock moves (the fast-forward tool) one user may ask for per window: each runs every
 * job of the days it crosses, tens of seconds of server time.
 */
export const CLOCK_MOVES_PER_WINDOW = 6;

/** How long one user's recent-videos list is reused: repeats within it cost no quota. */
export const RECENT_VIDEOS_CACHE_MS = 60_000;

/**
 * The part of YOUTUBE_DAILY_QUOTA kept for reads made on a user's request (the video picker,
 * reading the video when a test is created). Running tests' rotations are budgeted from the rest,
 * so these reads can never starve a rotation.
 */
export const USER_READS_POOL_FRACTION = 0.1;

/** One user's share of YOUTUBE_DAILY_QUOTA for such reads per Pacific day (100 of 10,000 units). */
export const USER_READS_SHARE_FRACTION = 0.01;
