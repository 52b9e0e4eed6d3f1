import type { dailyMetrics, metricSamples } from '../../db/schema';
import { washoutMinutes, type WindowObservation } from '../statistics';
import { pacificDay } from '../time/pacific';
import type { RotationRow, VariantRow } from './title-test-records';

type Sample = typeof metricSamples.$inferSelect;
type DailyRow = typeof dailyMetrics.$inferSelect;
const HOUR = 3_600_000;

/** The samples oldest first (a copy; they are usually loaded so, which makes the sort linear). */
function oldestFirst(samples: Sample[]): Sample[] {
  return [...samples].sort((a, b) => a.sampledAt.getTime() - b.sampledAt.getTime());
}

/**
 * The view counter at `at`, interpolated between the samples around it; null outside their range.
 * `sorted` is oldest first: the samples around `at` are found by bisection, so a test's windows
 * cost O(windows × log samples) rather than a pass over every sample per window.
 */
export function viewsAt(sorted: Sample[], at: Date): number | null {
  const time = at.getTime();
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.sampledAt.getTime() < time) low = middle + 1;
    else high = middle;
  }
  // The first sample at or after `at`; of several at one instant, the first.
  const after = sorted[low];
  if (!after) return null;
  if (after.sampledAt.getTime() === time) return after.viewCount;
  let beforeIndex = low - 1;
  if (beforeIndex < 0) return null;
  const beforeTime = sorted[beforeIndex]!.sampledAt.getTime();
  while (beforeIndex > 0 && sorted[beforeIndex - 1]!.sampledAt.getTime() === beforeTime) beforeIndex -= 1;
  const before = sorted[beforeIndex]!;
  const share = (time - beforeTime) / (after.sampledAt.getTime() - beforeTime);
  return before.viewCount + share * (after.viewCount - before.viewCount);
}

/**
 * One observation per finished full window of the schedule (docs/statistics.md, "Model"): views gained after
 * the washout, from the sampled counter (or, without samples around the window, from the counter
 * read at each switch over the whole window). Impressions, clicks and watch time exist only per
 * Pacific day, so they are attached to whole-day windows alone (the only shape judged on them).
 */
export function windowObservations(input: {
  rotations: RotationRow[];
  variants: VariantRow[];
  samples: Sample[];
  daily: DailyRow[];
  intervalMinutes: number;
}): WindowObservation[] {
  const position = new Map(input.variants.map((variant) => [variant.id, variant.position]));
  const byDay = new Map(input.daily.map((row) => [row.day, row]));
  const washoutMs = washoutMinutes(input.intervalMinutes) * 60_000;
  const samples = oldestFirst(input.samples);
  const observations: WindowObservation[] = [];
  for (const rotation of input.rotations) {
    if (
      rotation.kind !== 'window' ||
      rotation.status !== 'applied' ||
      !rotation.activatedAt ||
      !rotation.endedAt
    )
      continue;
    const measuredFrom = new Date(rotation.activatedAt.getTime() + washoutMs);
    if (measuredFrom >= rotation.endedAt) continue;
    const start = viewsAt(samples, measuredFrom);
    const end = viewsAt(samples, rotation.endedAt);
    let views: number;
    let measuredHours: number;
    if (start !== null && end !== null) {
      views = Math.max(0, end - start);
      measuredHours = (rotation.endedAt.getTime() - measuredFrom.getTime()) / HOUR;
    } else if (rotation.viewsAtStart !== null && rotation.viewsAtEnd !== null) {
      views = Math.max(0, rotation.viewsAtEnd - rotation.viewsAtStart);
      measuredHours = (rotation.endedAt.getTime() - rotation.activatedAt.getTime()) / HOUR;
    } else continue;
    const observation: WindowObservation = {
      titleIndex: position.get(rotation.variantId)!,
      startsAt: rotation.plannedStart,
      endsAt: rotation.plannedEnd,
      measuredHours,
      views,
    };
    if (input.intervalMinutes === 1440) {
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
    observations.push(observation);
  }
  return observations;
}
