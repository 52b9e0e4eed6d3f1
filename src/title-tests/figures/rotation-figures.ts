import type { dailyMetrics } from '../../../db/schema';
import { pacificDay } from '../../time/pacific';
import type { WindowStanding } from './counted-windows';
import type { RotationRow } from '../records/title-test-records';

type DailyRow = typeof dailyMetrics.$inferSelect;
export type FigureSource = 'measured' | 'estimated' | 'pending';

export interface RotationFigures {
  rotation: RotationRow;
  /** Whether the verdict counts it, and why not (counted-windows.ts). */
  standing: WindowStanding;
  /** Views gained while this title was live (public counter deltas; real time). */
  views: number | null;
  hours: number | null;
  ctr: number | null;
  ctrSource: FigureSource;
  averageViewDuration: number | null;
  durationSource: FigureSource;
}

const HOUR = 3_600_000;

/**
 * The Pacific day whose daily figures a rotation is read with: the day its middle falls in, from
 * its activation to its end (or `until` while it is live).
 */
export function rotationDay(rotation: RotationRow, until: Date): string {
  const start = rotation.activatedAt!;
  const end = rotation.endedAt ?? until;
  return pacificDay(new Date((start.getTime() + end.getTime()) / 2));
}

function ctrOf(row: DailyRow): number | null {
  return typeof row.impressionsCtr === 'number' ? row.impressionsCtr : null;
}

/**
 * Per-rotation figures, one per standing (counted-windows.ts: every applied rotation, with its
 * views from the public counter at each switch). CTR and view duration exist only per Pacific day
 * (docs/youtube.md#metrics-and-their-delays): a window that is exactly one whole day is measured;
 * a shorter one gets its day's figure, marked as Titlewise's estimate; a day YouTube has not
 * reported yet is pending.
 */
export function rotationFigures(input: {
  standings: readonly WindowStanding[];
  daily: DailyRow[];
  now: Date;
  intervalMinutes: number;
}): RotationFigures[] {
  const byDay = new Map(input.daily.map((row) => [row.day, row]));
  return input.standings.map((standing) => {
    const { rotation } = standing;
    const start = rotation.activatedAt!;
    const end = rotation.endedAt ?? input.now;
    const day = byDay.get(rotationDay(rotation, input.now));
    const wholeDay = input.intervalMinutes === 1440 && rotation.endedAt !== null;
    const ctr = day ? ctrOf(day) : null;
    const duration = day?.averageViewDurationSec ?? null;
    return {
      rotation,
      standing,
      views: standing.views,
      hours: Math.max(0, (end.getTime() - start.getTime()) / HOUR),
      ctr,
      ctrSource: ctr === null ? 'pending' : wholeDay ? 'measured' : 'estimated',
      averageViewDuration: duration,
      durationSource: duration === null ? 'pending' : wholeDay ? 'measured' : 'estimated',
    };
  });
}

/**
 * The views every figure totals: those of the windows the verdict counts, and of the window live
 * now (it counts once it ends). A window the verdict leaves out is left out here too.
 */
export function countedViews(figures: readonly RotationFigures[]): number {
  return figures.reduce(
    (sum, figure) => (figure.standing.count === 'excluded' ? sum : sum + (figure.views ?? 0)),
    0,
  );
}

/** Impression-weighted CTR and view-weighted duration over the test's days with data. */
export function testDailyTotals(daily: DailyRow[]) {
  let impressions = 0;
  let clicks = 0;
  let views = 0;
  let watchSeconds = 0;
  for (const row of daily) {
    const ctr = ctrOf(row);
    if (row.impressions !== null && ctr !== null) {
      impressions += row.impressions;
      clicks += row.impressions * ctr;
    }
    if (row.views !== null && row.averageViewDurationSec !== null) {
      views += row.views;
      watchSeconds += row.views * row.averageViewDurationSec;
    }
  }
  return {
    impressions,
    averageCtr: impressions > 0 ? clicks / impressions : null,
    averageViewDuration: views > 0 ? watchSeconds / views : null,
    throughDay:
      daily
        .map((row) => row.day)
        .sort()
        .at(-1) ?? null,
  };
}
