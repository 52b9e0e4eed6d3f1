// The schedules the test could have had: the randomisation test (randomisation.ts) compares the
// observed estimate with the same estimate under many redrawn schedules. A schedule is a pure
// function of its seed and its frame (schedule.ts), so redrawing is drawing titles on the same
// frame with other seeds; titles are the only thing the seed decides.

import { drawTitles, LATEST_SCHEDULE_DESIGN, scheduleFrame } from './schedule';
import type { ScheduleDesign, ScheduleFrame } from './schedule';

/** How many schedules a reading is compared with: p-values come in steps of 1/1,000. */
export const REDRAW_COUNT = 999;

/** The start and end a schedule was drawn for; a test extended later has one segment per draw. */
export interface ScheduleSegment {
  start: Date;
  end: Date;
}

interface FrameTitles {
  /** Design window start (ms) → column. */
  columns: Map<number, number>;
  /** count × columns titles, redraw-major. */
  titles: Int8Array;
  width: number;
}

// A test is read many times (every panel view, every daily look) on the same frames.
const cache = new Map<string, FrameTitles>();
const CACHE_SIZE = 16;

function frameTitles(
  segments: readonly ScheduleSegment[],
  titleCount: number,
  intervalMinutes: number,
  count: number,
  design: ScheduleDesign,
): FrameTitles {
  const key = `${design}/${titleCount}/${intervalMinutes}/${count}/${segments.map((s) => `${s.start.getTime()}-${s.end.getTime()}`).join(',')}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const frames: ScheduleFrame[] = segments.map((segment) =>
    scheduleFrame({ titleCount, intervalMinutes, start: segment.start, end: segment.end, design }),
  );
  const columns = new Map<number, number>();
  for (const frame of frames) {
    for (let i = 0; i < frame.block.length; i++) {
      const at = (frame.boundaries[frame.firstBlockStart + i] as Date).getTime();
      if (!columns.has(at)) columns.set(at, columns.size);
    }
  }
  const width = columns.size;
  const titles = new Int8Array(count * width).fill(-1);
  const frameColumns = frames.map((frame) =>
    Array.from({ length: frame.block.length }, (_, i) =>
      columns.get((frame.boundaries[frame.firstBlockStart + i] as Date).getTime()),
    ),
  );
  for (let r = 0; r < count; r++) {
    for (let f = 0; f < frames.length; f++) {
      // Fixed seeds: independent of the test's own (random) seed, and the same for every reading.
      const drawn = drawTitles(frames[f] as ScheduleFrame, `redraw/${f}/${r}`);
      const at = frameColumns[f] as (number | undefined)[];
      for (let i = 0; i < drawn.length; i++) titles[r * width + (at[i] as number)] = drawn[i] as number;
    }
  }
  const entry = { columns, titles, width };
  cache.set(key, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

/**
 * Titles of the given windows under `count` redrawn schedules (redraw-major: redraw r, window i at
 * r·n + i), or null when a window is not a design window of the segments (the schedule the data
 * came from is not the one described).
 */
export function redrawnTitles(
  windowStarts: readonly Date[],
  segments: readonly ScheduleSegment[],
  titleCount: number,
  intervalMinutes: number,
  count = REDRAW_COUNT,
  design: ScheduleDesign = LATEST_SCHEDULE_DESIGN,
): Int8Array | null {
  const frame = frameTitles(segments, titleCount, intervalMinutes, count, design);
  const n = windowStarts.length;
  const columnOf = windowStarts.map((at) => frame.columns.get(at.getTime()));
  if (columnOf.some((column) => column === undefined)) return null;
  const out = new Int8Array(count * n);
  for (let r = 0; r < count; r++) {
    const row = r * frame.width;
    for (let i = 0; i < n; i++) out[r * n + i] = frame.titles[row + (columnOf[i] as number)] as number;
  }
  return out;
}

/**
 * The segment a schedule was drawn for, recovered from its windows when the caller does not know
 * it: a schedule's design starts at its first window and drawing from there gives the same
 * titles' distribution, and a prefix of a frame draws like the whole frame's prefix.
 */
export function segmentOfWindows(windows: readonly { startsAt: Date; endsAt: Date }[]): ScheduleSegment[] {
  if (windows.length === 0) return [];
  let start = windows[0]!.startsAt;
  let end = windows[0]!.endsAt;
  for (const w of windows) {
    if (w.startsAt < start) start = w.startsAt;
    if (w.endsAt > end) end = w.endsAt;
  }
  return [{ start, end }];
}
