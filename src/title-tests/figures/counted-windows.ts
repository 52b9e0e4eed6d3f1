import type { metricSamples } from '../../../db/schema';
import { samplingPeriodMinutes } from '../../capacity';
import type { WinnerMetric } from '../../shared/test-shapes';
import { washoutMinutes } from '../../statistics';
import type { RotationRow } from '../records/title-test-records';
import type { WindowAnalysis, WindowExclusion } from '../records/title-tests.schemas';

/*
 * Which windows count (docs/figures.md#which-windows-count): the one rule that decides which of a
 * test's windows the verdict reads, and why each other one is left out. The verdict's inputs
 * (window-observations.ts) are the counted windows' measurements, and every figure (the card's
 * Total Views, the comparison chart, the rotation history, both exports) reads the same standings,
 * so no figure counts a window the verdict leaves out.
 *
 * A window's views are read from the public view counter: the samples (every 10 to 60 minutes,
 * src/capacity/cost-model.ts) and the reads each switch makes (`viewsAtStart` when a title goes
 * live, `viewsAtEnd` when the next one replaces it or the test ends). A window the test's pause
 * closed has no read at its end (a pause does not call YouTube): its end is read between the
 * samples around it, never from the counter as it stands later.
 */

type Sample = Pick<typeof metricSamples.$inferSelect, 'sampledAt' | 'viewCount'>;

/**
 * Where a window stands: counted by the verdict, left out (with the reason), or pending: live, or
 * just closed by a pause and waiting for the next count to read its end (it is then decided).
 */
export type WindowCount = WindowAnalysis;
/** Why a window is left out. */
export type Exclusion = WindowExclusion;

export interface WindowStanding {
  rotation: RotationRow;
  count: WindowCount;
  /** Null unless excluded. */
  exclusion: Exclusion | null;
  /** Why it is left out, in plain words; null unless excluded. */
  reason: string | null;
  /** Views from the switch to the window's end (or to the newest count while live); null until read. */
  views: number | null;
  /** What the verdict reads of a counted window: views after the washout, and the hours they span. */
  analysedViews: number | null;
  analysedHours: number | null;
}

/** A window must measure at least this share of its planned span after the washout to count. */
export const MIN_MEASURED_SHARE = 0.5;
/** The counter may go unread this many sampling periods around a window's edge (one missed pass). */
export const MAX_READING_GAP_PERIODS = 2;

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** The longest the counter may go unread around a window's edge for the interpolation to be trusted. */
export function maxReadingGapMinutes(shape: { rotationIntervalMinutes: number; winnerMetric: WinnerMetric }) {
  return MAX_READING_GAP_PERIODS * samplingPeriodMinutes(shape);
}

/** "8 minutes", "2 h 10 min": a span in words. */
function spanWords(ms: number): string {
  const minutes = Math.max(0, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The counter readings oldest first: the samples and the test's own switch reads. */
export function counterReadings(samples: readonly Sample[], rotations: readonly RotationRow[]): Sample[] {
  const readings: Sample[] = [...samples];
  for (const rotation of rotations) {
    if (rotation.activatedAt && rotation.viewsAtStart !== null)
      readings.push({ sampledAt: rotation.activatedAt, viewCount: rotation.viewsAtStart });
    if (rotation.endedAt && rotation.viewsAtEnd !== null)
      readings.push({ sampledAt: rotation.endedAt, viewCount: rotation.viewsAtEnd });
  }
  return readings.sort((a, b) => a.sampledAt.getTime() - b.sampledAt.getTime());
}

/**
 * The view counter at `at`, interpolated between the readings around it, and how long the counter
 * went unread there (0 for a reading at `at`); null outside the readings' range. `sorted` is oldest
 * first: the readings around `at` are found by bisection.
 */
export function readingAt(sorted: readonly Sample[], at: Date): { views: number; gapMs: number } | null {
  const time = at.getTime();
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]!.sampledAt.getTime() < time) low = middle + 1;
    else high = middle;
  }
  // The first reading at or after `at`; of several at one instant, the first.
  const after = sorted[low];
  if (!after) return null;
  if (after.sampledAt.getTime() === time) return { views: after.viewCount, gapMs: 0 };
  let beforeIndex = low - 1;
  if (beforeIndex < 0) return null;
  const beforeTime = sorted[beforeIndex]!.sampledAt.getTime();
  while (beforeIndex > 0 && sorted[beforeIndex - 1]!.sampledAt.getTime() === beforeTime) beforeIndex -= 1;
  const before = sorted[beforeIndex]!;
  const gapMs = after.sampledAt.getTime() - beforeTime;
  const share = (time - beforeTime) / gapMs;
  return { views: before.viewCount + share * (after.viewCount - before.viewCount), gapMs };
}

export interface StandingInputs {
  /** The test's schedule (any order); only applied rotations have a standing. */
  rotations: readonly RotationRow[];
  /** The video's view samples (any order). */
  samples: readonly Sample[];
  intervalMinutes: number;
  winnerMetric: WinnerMetric;
  /** The test's washout (title_tests.washout_minutes); the default rule when null or absent. */
  washoutMinutes?: number | null;
  /** The newest count, for the live window's views so far; null when none was read since it began. */
  currentViews?: number | null;
  /**
   * The test has ended and `samples` stop at its end: a window whose end no count follows is
   * then left out rather than waiting for one.
   */
  testEnded?: boolean;
}

/**
 * Every applied rotation's standing, in slot order. A rotation counts when it is a full window of
 * the schedule that has ended and:
 *   - measured at least half its planned span after the washout (a window a pause cut short, or
 *     whose switch came late, is left out, as the schedule leaves out the part window at the end);
 *   - has a counter reading on both sides of its measured part (its start after the washout, its end);
 *   - on a views test, the counter was not left unread around those edges for longer than two
 *     sampling periods (a quota outage, a worker down): views interpolated across a longer gap
 *     cannot be told from the neighbours'.
 */
export function windowStandings(input: StandingInputs): WindowStanding[] {
  const readings = counterReadings(input.samples, input.rotations);
  const washoutMs = (input.washoutMinutes ?? washoutMinutes(input.intervalMinutes)) * MINUTE;
  const maxGapMs =
    maxReadingGapMinutes({
      rotationIntervalMinutes: input.intervalMinutes,
      winnerMetric: input.winnerMetric,
    }) * MINUTE;
  const applied = input.rotations
    .filter((rotation) => rotation.status === 'applied' && rotation.activatedAt)
    .sort((a, b) => a.slot - b.slot);
  return applied.map((rotation): WindowStanding => {
    const activatedAt = rotation.activatedAt!;
    const start = rotation.viewsAtStart ?? readingAt(readings, activatedAt)?.views ?? null;
    const standing = (
      count: WindowCount,
      views: number | null,
      exclusion: Exclusion | null = null,
      reason: string | null = null,
    ): WindowStanding => ({
      rotation,
      count,
      exclusion,
      reason,
      views,
      analysedViews: null,
      analysedHours: null,
    });
    if (!rotation.endedAt) {
      const now = input.currentViews ?? null;
      const views = start !== null && now !== null ? Math.max(0, now - start) : null;
      if (rotation.kind === 'lead-in') return standing('excluded', views, 'lead-in', LEAD_IN_REASON);
      if (rotation.kind === 'tail') return standing('excluded', views, 'tail', TAIL_REASON);
      return standing('pending', views);
    }
    const endedAt = rotation.endedAt;
    const end = rotation.viewsAtEnd ?? readingAt(readings, endedAt)?.views ?? null;
    // Whole views: an end read between samples is interpolated.
    const views = start !== null && end !== null ? Math.max(0, Math.round(end - start)) : null;
    if (rotation.kind === 'lead-in') return standing('excluded', views, 'lead-in', LEAD_IN_REASON);
    if (rotation.kind === 'tail') return standing('excluded', views, 'tail', TAIL_REASON);

    const measuredFrom = new Date(activatedAt.getTime() + washoutMs);
    const measuredMs = endedAt.getTime() - measuredFrom.getTime();
    const plannedMs = rotation.plannedEnd.getTime() - rotation.plannedStart.getTime() - washoutMs;
    if (measuredMs < MIN_MEASURED_SHARE * plannedMs) {
      // Only a pause closes a window without reading the counter (switches and the test's end read it).
      const cut =
        rotation.viewsAtEnd === null && endedAt < rotation.plannedEnd
          ? `The test was paused ${spanWords(endedAt.getTime() - activatedAt.getTime())} after this title went live`
          : activatedAt > rotation.plannedStart
            ? `This title went live ${spanWords(activatedAt.getTime() - rotation.plannedStart.getTime())} late and the window ended ${spanWords(endedAt.getTime() - activatedAt.getTime())} after`
            : `The window ended ${spanWords(endedAt.getTime() - activatedAt.getTime())} after this title went live`;
      const measured =
        measuredMs <= 0
          ? `within the first ${spanWords(washoutMs)} after a switch, which are ignored, so nothing was measured`
          : `so only ${spanWords(measuredMs)} were measured, of the ${spanWords(plannedMs)} a whole window measures (the first ${spanWords(washoutMs)} after a switch are ignored)`;
      return standing(
        'excluded',
        views,
        'too-short',
        `${cut}, ${measured}. A part window is not compared with whole ones.`,
      );
    }
    const from = readingAt(readings, measuredFrom);
    const until = readingAt(readings, endedAt);
    // The next count reads the end of a window a pause closed.
    if (!until && !input.testEnded && (readings.at(-1)?.sampledAt ?? activatedAt) < endedAt)
      return standing('pending', views);
    if (!from || !until)
      return standing(
        'excluded',
        views,
        'no-reading',
        `No view count was read ${!from ? 'around its start' : 'around its end'}, so its views are unknown.`,
      );
    const gapMs = Math.max(from.gapMs, until.gapMs);
    if (input.winnerMetric === 'views' && gapMs > maxGapMs)
      return standing(
        'excluded',
        views,
        'counter-gap',
        `The view counter went unread for ${spanWords(gapMs)} around its ${from.gapMs >= until.gapMs ? 'start' : 'end'} (more than ${spanWords(maxGapMs)}), so its views cannot be told from its neighbours’.`,
      );
    return {
      ...standing('counted', views),
      analysedViews: Math.max(0, until.views - from.views),
      analysedHours: measuredMs / HOUR,
    };
  });
}

const LEAD_IN_REASON =
  'Before the schedule’s first window: Title 1 holds the video until the schedule starts, and that time is not analysed.';
const TAIL_REASON = 'The part window before the end date: shorter than the others, so it is not analysed.';

/** The standings the verdict counts. */
export const countedWindows = (standings: readonly WindowStanding[]) =>
  standings.filter((standing) => standing.count === 'counted');
