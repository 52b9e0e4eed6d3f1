import type { dailyMetrics, metricSamples } from '../../../db/schema';
import type { WinnerMetric } from '../../shared/test-shapes';
import type { WindowObservation } from '../../statistics';
import { pacificDay } from '../../time/pacific';
import { countedWindows, readingAt, windowStandings, type WindowStanding } from './counted-windows';
import type { RotationRow, VariantRow } from '../records/title-test-records';

type Sample = typeof metricSamples.$inferSelect;
type DailyRow = typeof dailyMetrics.$inferSelect;

/**
 * The view counter at `at`, interpolated between the samples around it; null outside their range.
 * `sorted` is oldest first (see readingAt).
 */
export function viewsAt(sorted: Sample[], at: Date): number | null {
  return readingAt(sorted, at)?.views ?? null;
}

/**
 * One observation per counted window (counted-windows.ts, docs/statistics.md "Model"): views gained
 * after the washout, read from the counter. Impressions, clicks and watch time exist only per
 * Pacific day, so they are attached to whole-day windows alone (the only shape judged on them).
 */
export function windowObservations(input: {
  rotations: RotationRow[];
  variants: VariantRow[];
  samples: Sample[];
  daily: DailyRow[];
  intervalMinutes: number;
  /** Which gaps in the counter matter (a views test's); views when absent. */
  winnerMetric?: WinnerMetric;
  /** The test's washout (title_tests.washout_minutes); the default rule when null or absent. */
  washoutMinutes?: number | null;
}): WindowObservation[] {
  const standings = windowStandings({
    rotations: input.rotations,
    samples: input.samples,
    intervalMinutes: input.intervalMinutes,
    winnerMetric: input.winnerMetric ?? 'views',
    washoutMinutes: input.washoutMinutes,
  });
  return observationsOfStandings(standings, input.variants, input.daily, input.intervalMinutes);
}

/** The verdict's observations from standings already decided: the counted windows, in slot order. */
export function observationsOfStandings(
  standings: readonly WindowStanding[],
  variants: readonly VariantRow[],
  daily: readonly DailyRow[],
  intervalMinutes: number,
): WindowObservation[] {
  const position = new Map(variants.map((variant) => [variant.id, variant.position]));
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return countedWindows(standings).map(({ rotation, analysedViews, analysedHours }) => {
    const observation: WindowObservation = {
      titleIndex: position.get(rotation.variantId)!,
      startsAt: rotation.plannedStart,
      endsAt: rotation.plannedEnd,
      measuredHours: analysedHours!,
      views: analysedViews!,
    };
    if (intervalMinutes === 1440) {
      // A whole Pacific day: YouTube's daily figures are this window's own measurement.
      const day = byDay.get(
        pacificDay(new Date((rotation.plannedStart.getTime() + rotation.plannedEnd.getTime()) / 2)),
      );
      if (day?.impressions != null && typeof day.impressionsCtr === 'number') {
        observation.impressions = day.impressions;
        observation.clicks = Math.round(day.impressions * day.impressionsCtr);
      }
      const watched =
        day?.estimatedMinutesWatched != null
          ? day.estimatedMinutesWatched * 60
          : day?.views != null && day.averageViewDurationSec != null
            ? day.views * day.averageViewDurationSec
            : null;
      if (watched !== null) observation.watchTimeSec = watched;
    }
    return observation;
  });
}
