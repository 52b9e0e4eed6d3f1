/**
 * SPEC §5/§9 business constants the web app needs. Which metric may rotate how often, the
 * defaults and the verdict words live in src/shared/test-shapes (shared with the server).
 */
export const MIN_TITLE_VARIANTS = 2;
export const MAX_TITLE_VARIANTS = 5;
export const YOUTUBE_TITLE_LIMIT = 100;
/** The server's longest test and shortest plan duration (title-tests.schemas). */
export const MAX_TEST_DAYS = 60;
export const MIN_PLAN_DAYS = 0.04;
export const COMPARISON_TOOLTIP_TITLE_LENGTH = 30;
