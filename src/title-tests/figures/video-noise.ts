import { isMeasuredPerDay, type WinnerMetric } from '../../shared/test-shapes';
import {
  dailyNoise,
  pooledDailyNoise,
  halfLifeDays,
  hourlyNoise,
  windowNoise,
  type CounterReading,
  type HistoryDay,
} from '../../statistics/calibration';

// The noise of one unit of a shape on this video, from what the video showed before the test
// (docs/statistics.md, "Calibration"): windows of a few hours from its counter's hour-to-hour noise;
// days (CTR, watch time, daily views) from its daily history; windows of 8 and 12 hours from both,
// since a day's swing and an hour's both reach them.

/** Hours a views test with sub-daily windows reads the counter before its first switch, when the channel has taught nothing. */
export const CALIBRATION_HOURS = 24;

type Shape = { winnerMetric: WinnerMetric; rotationIntervalMinutes: number };

/** Hours of counter readings the shape's forecast needs before the first switch (0: its daily history is enough). */
export function calibrationHoursFor(shape: Shape): number {
  return !isMeasuredPerDay(shape.winnerMetric) && shape.rotationIntervalMinutes < 1440
    ? CALIBRATION_HOURS
    : 0;
}

export interface VideoNoise {
  /** Traffic noise of one unit (log scale) and the degrees of freedom behind it. */
  noise: number;
  df: number;
  /** The video's views a day now, when the readings or the history say. */
  viewsPerDay: number | null;
  /** The clicks of its impressions a day now (the counts a CTR or watch-time unit rests on), when the history says. */
  clicksPerDay: number | null;
  halfLifeDays: number | null;
}

/** The clicks of the video's impressions a day over the last three days of its reach history. */
function recentClicksPerDay(days: readonly HistoryDay[]): number | null {
  const recent = days
    .slice(-3)
    .flatMap((day) =>
      day.impressions !== null && day.impressionsCtr !== null ? [day.impressions * day.impressionsCtr] : [],
    );
  return recent.length === 0 ? null : recent.reduce((sum, clicks) => sum + clicks, 0) / recent.length;
}

/** Views a day over the last three days of the history. */
function recentViewsPerDay(days: readonly HistoryDay[]): number | null {
  const recent = days.slice(-3).flatMap((day) => (day.views !== null && day.views > 0 ? [day.views] : []));
  return recent.length === 0 ? null : recent.reduce((sum, views) => sum + views, 0) / recent.length;
}

/**
 * The unit noise of the shape on this video; null when what it needs was not there (too little
 * history, or no readings). A video too young for a history of its own takes its day-to-day noise
 * from its channel's other videos (`channel`, one history per video).
 */
export function videoNoise(
  shape: Shape,
  data: {
    days: readonly HistoryDay[];
    readings: readonly CounterReading[];
    channel?: readonly (readonly HistoryDay[])[];
  },
  washoutMinutes: number,
): VideoNoise | null {
  const interval = shape.rotationIntervalMinutes;
  const perDayUnits = isMeasuredPerDay(shape.winnerMetric) || interval >= 1440;
  const needsDays = perDayUnits || interval >= 480;
  const needsHours = !perDayUnits;
  const daily = needsDays
    ? (dailyNoise(data.days, shape.winnerMetric) ?? pooledDailyNoise(data.channel ?? [], shape.winnerMetric))
    : null;
  const hourly = needsHours ? hourlyNoise(data.readings) : null;
  if ((needsDays && !daily) || (needsHours && !hourly)) return null;
  const within = hourly ? windowNoise(hourly, interval, washoutMinutes) : 0;
  const day = daily?.noise ?? 0;
  return {
    noise: Math.sqrt(within * within + day * day),
    df: Math.min(daily?.df ?? Number.POSITIVE_INFINITY, hourly?.df ?? Number.POSITIVE_INFINITY),
    viewsPerDay: hourly?.viewsPerDay ?? recentViewsPerDay(data.days),
    clicksPerDay: recentClicksPerDay(data.days),
    halfLifeDays: halfLifeDays(data.days) ?? hourly?.halfLifeDays ?? null,
  };
}
