/** SPEC §5/§9 business constants the web app needs. */
export const ROTATION_INTERVAL_OPTIONS = [60, 120, 240, 480, 720, 1440] as const;
export const DEFAULT_ROTATION_MINUTES = 60;
export const WINNER_METRICS = [
  { value: 'ctr', label: 'Highest CTR' },
  { value: 'views', label: 'Highest views' },
  { value: 'combined', label: 'Combined (views and watch time)' },
] as const;
export type WinnerMetric = (typeof WINNER_METRICS)[number]['value'];
export const MIN_TITLE_VARIANTS = 2;
export const MAX_TITLE_VARIANTS = 5;
export const YOUTUBE_TITLE_LIMIT = 100;
export const DEFAULT_TEST_DAYS = 7;
/** The server's longest test and shortest plan duration (title-tests.schemas). */
export const MAX_TEST_DAYS = 60;
export const MIN_PLAN_DAYS = 0.04;
/** Above this minimum detectable difference the create dialog warns that only large effects will show. */
export const LARGE_DETECTABLE_LIFT_PERCENT = 15;
export const COMPARISON_TOOLTIP_TITLE_LENGTH = 30;
