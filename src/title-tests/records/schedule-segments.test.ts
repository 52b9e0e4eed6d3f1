import { describe, expect, it } from 'vitest';
import { checkBalance, generateSchedule, type ScheduleSlot } from '../../statistics/schedule';
import { extensionStart, scheduleSegmentsOf, segmentSeed } from './schedule-segments';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = {
  slot: number;
  segment: number;
  kind: ScheduleSlot['kind'];
  status: 'planned' | 'applied' | 'skipped';
  plannedStart: Date;
  plannedEnd: Date;
  titleIndex: number;
  block: number | null;
};

/** A schedule as schedule-rows.ts stores it: segment 0 then each extension, numbered after the last. */
function store(
  rows: Row[],
  segment: number,
  seed: string,
  start: Date,
  end: Date,
  titleCount: number,
): Row[] {
  const firstSlot = rows.reduce((max, row) => Math.max(max, row.slot), -1) + 1;
  const firstBlock = rows.reduce((max, row) => Math.max(max, row.block ?? -1), -1) + 1;
  const drawn = generateSchedule({
    seed: segmentSeed(seed, segment),
    titleCount,
    intervalMinutes: 60,
    start,
    end,
  });
  return [
    ...rows,
    ...drawn.map((slot) => ({
      slot: firstSlot + slot.slot,
      segment,
      kind: slot.kind,
      status: 'planned' as const,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
      titleIndex: slot.titleIndex,
      block: slot.block === null ? null : firstBlock + slot.block,
    })),
  ];
}

const asSlots = (rows: Row[]): ScheduleSlot[] =>
  rows.map((row) => ({
    slot: row.slot,
    titleIndex: row.titleIndex,
    startsAt: row.plannedStart,
    endsAt: row.plannedEnd,
    kind: row.kind,
    block: row.block,
  }));

describe('schedule segments', () => {
  // 08:20 UTC on a winter day: not on the hourly grid, so the first segment has a lead-in and a tail.
  const start = new Date('2026-01-12T08:20:00Z');
  const oldEnd = new Date(start.getTime() + 3 * DAY);

  it('seeds segment 0 with the test’s own seed and extension n with `/extension-n`', () => {
    expect(segmentSeed('abc', 0)).toBe('abc');
    expect(segmentSeed('abc', 2)).toBe('abc/extension-2');
  });

  it('gives where each segment’s design starts and ends, and the redraw reproduces its windows', () => {
    let rows = store([], 0, 'seed', start, oldEnd, 3);
    const tail = rows.at(-1)!;
    expect(tail.kind).toBe('tail');
    const placed = extensionStart(rows, oldEnd, new Date(start.getTime() + DAY), false);
    expect(placed).toEqual({ start: tail.plannedStart, supersedes: tail.slot });
    rows = rows.map((row) => (row.slot === tail.slot ? { ...row, status: 'skipped' as const } : row));
    const newEnd = new Date(oldEnd.getTime() + 4 * DAY);
    rows = store(rows, 1, 'seed', placed.start, newEnd, 3);

    const segments = scheduleSegmentsOf(rows);
    const firstWindow = (n: number) =>
      rows.find((row) => row.segment === n && row.kind === 'window')!.plannedStart;
    expect(segments).toEqual([
      { start: firstWindow(0), end: oldEnd },
      { start: firstWindow(1), end: newEnd },
    ]);
    // Drawing each segment again from its design's start gives the stored windows back, titles and times.
    segments.forEach((segment, n) => {
      const again = generateSchedule({
        seed: segmentSeed('seed', n),
        titleCount: 3,
        intervalMinutes: 60,
        start: segment.start,
        end: segment.end,
      }).filter((slot) => slot.kind === 'window');
      const stored = rows.filter((row) => row.segment === n && row.kind === 'window');
      expect(stored.map((row) => [row.titleIndex, row.plannedStart, row.plannedEnd])).toEqual(
        again.map((slot) => [slot.titleIndex, slot.startsAt, slot.endsAt]),
      );
    });
    // Balanced over both segments, blocks never shared between them, and no two design windows overlap.
    expect(checkBalance(asSlots(rows), 3).balanced).toBe(true);
    const windows = rows.filter((row) => row.kind === 'window');
    const blocks0 = new Set(windows.filter((row) => row.segment === 0).map((row) => row.block));
    expect(windows.filter((row) => row.segment === 1).some((row) => blocks0.has(row.block))).toBe(false);
    for (let i = 1; i < windows.length; i++)
      expect(windows[i]!.plannedStart.getTime()).toBeGreaterThanOrEqual(windows[i - 1]!.plannedEnd.getTime());
    // The slots after the superseded tail carry on in time order.
    expect(rows.at(-1)!.plannedEnd).toEqual(newEnd);
  });

  it('starts at the old end when the tail is live, and now when a test waiting for its final figures reopens', () => {
    const rows = store([], 0, 'seed', start, oldEnd, 2);
    const tail = rows.at(-1)!;
    const live = rows.map((row) => (row.slot === tail.slot ? { ...row, status: 'applied' as const } : row));
    expect(extensionStart(live, oldEnd, new Date(tail.plannedStart.getTime() + 60_000), false)).toEqual({
      start: oldEnd,
      supersedes: null,
    });
    const later = new Date(oldEnd.getTime() + 2 * DAY);
    expect(extensionStart(live, oldEnd, later, true)).toEqual({ start: later, supersedes: null });
  });

  it('starts at the old end when it is a window boundary (no tail)', () => {
    const aligned = new Date('2026-01-12T08:00:00Z');
    const rows = store([], 0, 'seed', aligned, new Date(aligned.getTime() + 2 * DAY), 2);
    expect(rows.at(-1)!.kind).toBe('window');
    const end = new Date(aligned.getTime() + 2 * DAY);
    expect(extensionStart(rows, end, aligned, false)).toEqual({ start: end, supersedes: null });
  });
});
