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
import { assumedTrafficNoise, typicalTrafficNoise } from '../../statistics/assumed-noise';
import { countVariance } from '../../statistics/unit-noise';

// The noise of one unit of a shape on this video, from what the video showed before the test
// (docs/statistics.md, "Calibration"): windows of a few hours from its counter's hour-to-hour noise;
// days (CTR, watch time, daily views) from its daily history; windows of 8 and 12 hours from both,
// since a day's swing and an hour's both reach them.

/** Hours a views test with sub-daily windows reads the counter before its first switch, when the channel has taught nothing. */
export const CALIBRATION_HOURS = 24;
/**
 * Hours it reads before windows of 2 and 4 hours on a video whose traffic, not its counts, makes
 * most of a window's noise: two days. The engine compares the windows of a day with their day's
 * level and their slot of the day, so what such a test contends with is traffic that swings for a
 * few hours at a time; one day of readings cannot tell those swings from the daily cycle (the curve
 * fitted to one day follows them), two days can (the cycle repeats, the swings do not). Where the
 * counts outweigh the swings (a video with a few hundred views a day) the whole counts' noise is
 * known exactly and a second day would only shorten the test. Measured on the validation study's
 * traffic (docs/statistics.md, "Calibration"): with one day the plan read 4-hour windows' noise
 * 1.4 times too low in the median video and its tests decided 0.68–0.86 of what it promised, 2-hour
 * windows' 0.85–0.89; with two days 0.92–0.97 and 0.99–1.02 (docs/decisions/0049, 0058), while the
 * small channel's tests keep theirs with one.
 */
const TWO_DAY_CALIBRATION_HOURS = 48;
/** The windows that read two days first (minutes): those the engine levels per day that span hours. */
const TWO_DAY_WINDOWS = { from: 120, below: 480 };

type Shape = { winnerMetric: WinnerMetric; rotationIntervalMinutes: number };

/**
 * Hours of counter readings the shape's forecast needs before the first switch (0: its daily
 * history is enough), on a video with `viewsPerDay` views a day whose windows are washed out for
 * `washoutMinutes` after each switch.
 */
export function calibrationHoursFor(shape: Shape, viewsPerDay: number, washoutMinutes: number): number {
  const interval = shape.rotationIntervalMinutes;
  if (isMeasuredPerDay(shape.winnerMetric) || interval >= 1440) return 0;
  if (interval < TWO_DAY_WINDOWS.from || interval >= TWO_DAY_WINDOWS.below) return CALIBRATION_HOURS;
  const swingsOutweighCounts =
    countVariance('views', interval, viewsPerDay, washoutMinutes) <
    typicalTrafficNoise(interval, 'views') ** 2;
  return swingsOutweighCounts ? TWO_DAY_CALIBRATION_HOURS : CALIBRATION_HOURS;
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
 * The unit noise of the shape on this video; null when what it needs was not there (no readings
 * before sub-daily windows, too little history for daily units). A video too young for a history of
 * its own takes its day-to-day noise from its channel's other videos (`channel`, one history per
 * video); 8- and 12-hour windows without either assume that part and keep the counter's.
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
  if ((perDayUnits && !daily) || (needsHours && !hourly)) return null;
  const within = hourly ? windowNoise(hourly, interval, washoutMinutes) : 0;
  // Windows of 8 and 12 hours on a video with neither a history nor a channel's: the counter gives
  // the noise within a day and the views a day; the day-to-day part is assumed, for the pessimistic
  // case (twice a typical channel's day).
  const day = daily?.noise ?? (needsDays ? assumedTrafficNoise(1440, 'views') : 0);
  return {
    noise: Math.sqrt(within * within + day * day),
    df: Math.min(daily?.df ?? Number.POSITIVE_INFINITY, hourly?.df ?? Number.POSITIVE_INFINITY),
    viewsPerDay: hourly?.viewsPerDay ?? recentViewsPerDay(data.days),
    clicksPerDay: recentClicksPerDay(data.days),
    halfLifeDays: halfLifeDays(data.days) ?? hourly?.halfLifeDays ?? null,
  };
}
