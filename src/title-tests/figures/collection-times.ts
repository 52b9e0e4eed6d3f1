/** View counters are sampled on every 10-minute mark (windows are at least an hour, the washout 15 minutes). */
export const SAMPLE_VIEWS_EVERY_MINUTES = 10;
/** When the daily collection runs (America/Los_Angeles), after YouTube's day has turned; the daily look follows it. */
export { DAILY_IMPORT_TIME as DAILY_METRICS_TIME } from '../../statistics/look-schedule';
