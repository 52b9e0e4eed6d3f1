import { addDays, pacificDayStart } from '../time/pacific';

// When YouTube publishes a Pacific day's figures: the product's expectation of Google, used to
// tell a creator when a pending figure should arrive (src/title-tests/figures/figure-expectations.ts).
// Both sources are cut by Pacific day and served late:
// - YouTube Analytics (views, watch time, average view duration) serves day d from the Pacific
//   day d + 2 on (48–72 hours after the day ended);
// - the reach report channel_reach_basic_a1 (impressions, impressions CTR) for day d appears at
//   06:00 Pacific on d + 2. A channel's very first files come about 48 hours after its reporting
//   job is created, which Titlewise does at sign-in, before any test day.

const HOUR_MS = 3_600_000;

/** Pacific days between a day and the day YouTube Analytics starts serving it. */
export const ANALYTICS_DAYS_LATE = 2;

/** The reach report for day d appears on day d + `daysLate` at `hour`:00 Pacific. */
export const REACH_REPORT_DELIVERY = { daysLate: 2, hour: 6 } as const;

/** When YouTube Analytics starts serving the figures of a Pacific day (YYYY-MM-DD). */
export function analyticsPublishedAt(day: string): Date {
  return pacificDayStart(addDays(day, ANALYTICS_DAYS_LATE));
}

/** When the reach report (impressions, CTR) of a Pacific day (YYYY-MM-DD) appears. */
export function reachReportPublishedAt(day: string): Date {
  const { daysLate, hour } = REACH_REPORT_DELIVERY;
  return new Date(pacificDayStart(addDays(day, daysLate)).getTime() + hour * HOUR_MS);
}
