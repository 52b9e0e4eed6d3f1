import { describe, expect, it } from 'vitest';
import { pacificParts, pacificSlotOfDay } from '../time/pacific';
import { ROTATION_INTERVALS } from '../shared/title-test-rules';
import { blockAlignment, checkBalance, generateSchedule, pairedBlockLength, williamsRows } from './schedule';
import type { ScheduleSlot } from './schedule';

const HOUR = 3_600_000;
const windowsOf = (slots: ScheduleSlot[]): ScheduleSlot[] => slots.filter((s) => s.kind === 'window');

describe('williamsRows', () => {
  it.each([2, 3, 4, 5, 6])('balances first-order carryover for %s titles', (k) => {
    const rows = williamsRows(k);
    for (const row of rows) expect([...row].sort()).toEqual(Array.from({ length: k }, (_, i) => i));
    const follows = new Map<string, number>();
    for (const row of rows)
      for (let i = 1; i < k; i++)
        follows.set(`${row[i - 1]}>${row[i]}`, (follows.get(`${row[i - 1]}>${row[i]}`) ?? 0) + 1);
    expect(follows.size).toBe(k * (k - 1));
    expect(new Set(follows.values()).size).toBe(1);
  });
});

describe('generateSchedule', () => {
  // Winter, no DST change inside: 2026-01-05 (Mon) 10:17 Pacific to 2026-01-15.
  const start = new Date('2026-01-05T18:17:00Z');
  const end = new Date('2026-01-15T18:00:00Z');

  describe.each(ROTATION_INTERVALS)('%s-minute windows', (intervalMinutes) => {
    it.each([2, 3, 4, 5])(
      'keeps every block balanced with %s titles, aligned to the Pacific clock',
      (titleCount) => {
        const slots = generateSchedule({ seed: 'balance', titleCount, intervalMinutes, start, end });
        const report = checkBalance(slots, titleCount, intervalMinutes);
        expect(report.problems).toEqual([]);
        const aligned = blockAlignment(titleCount, intervalMinutes).kind === 'block';
        const blockLength = aligned ? titleCount : pairedBlockLength(titleCount);
        expect(report.completeBlocks).toBeGreaterThanOrEqual(
          Math.floor((9 * 1440) / intervalMinutes / blockLength) - 1,
        );
        for (const slot of windowsOf(slots)) {
          const { hour, minute } = pacificParts(slot.startsAt);
          expect(minute).toBe(0);
          expect((hour * 60) % intervalMinutes).toBe(0);
          expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(intervalMinutes * 60_000);
        }
        // Slots tile [start, end) without gaps.
        expect(slots[0]?.startsAt).toEqual(start);
        expect(slots.at(-1)?.endsAt).toEqual(end);
        slots.slice(1).forEach((slot, i) => expect(slot.startsAt).toEqual(slots[i]?.endsAt));
        // Every title is used equally often overall, up to the last incomplete block.
        const counts = new Array<number>(titleCount).fill(0);
        for (const slot of windowsOf(slots)) counts[slot.titleIndex] = (counts[slot.titleIndex] ?? 0) + 1;
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(blockLength / titleCount);
      },
    );
  });

  it('keeps the original title through a partial first window', () => {
    const slots = generateSchedule({ seed: 1, titleCount: 2, intervalMinutes: 60, start, end });
    expect(slots[0]).toMatchObject({ kind: 'lead-in', titleIndex: 0, block: null, startsAt: start });
    // 10:17 Pacific → the next block of two hourly windows starts at 12:00 Pacific (20:00Z), not 11:00.
    expect(slots[0]?.endsAt).toEqual(new Date('2026-01-05T20:00:00Z'));
    const aligned = generateSchedule({
      seed: 1,
      titleCount: 2,
      intervalMinutes: 60,
      start: new Date('2026-01-05T20:00:00Z'),
      end,
    });
    expect(aligned[0]?.kind).toBe('window');
  });

  it('shows every hour slot every title over k days when slots per day are a multiple of k', () => {
    const titleCount = 3;
    const from = new Date('2026-01-05T08:00:00Z'); // Pacific midnight
    const slots = windowsOf(
      generateSchedule({
        seed: 'latin',
        titleCount,
        intervalMinutes: 60,
        start: from,
        end: new Date(from.getTime() + 6 * 24 * HOUR),
      }),
    );
    for (let cycle = 0; cycle < 2; cycle++) {
      for (let hour = 0; hour < 24; hour++) {
        const titles = slots
          .filter((s) => pacificSlotOfDay(s.startsAt, 60) === hour)
          .slice(cycle * titleCount, (cycle + 1) * titleCount)
          .map((s) => s.titleIndex);
        expect([...titles].sort()).toEqual([0, 1, 2]);
      }
    }
  });

  it('is reproducible from its seed and changes with it', () => {
    const options = { titleCount: 4, intervalMinutes: 120, start, end };
    const titles = (seed: string): number[] =>
      generateSchedule({ ...options, seed }).map((s) => s.titleIndex);
    expect(titles('abc')).toEqual(titles('abc'));
    expect(titles('abc')).not.toEqual(titles('abd'));
  });

  it('follows the Pacific clock across the spring-forward and fall-back days', () => {
    const spring = generateSchedule({
      seed: 'dst',
      titleCount: 2,
      intervalMinutes: 60,
      start: new Date('2026-03-08T08:00:00Z'), // Pacific midnight, PST
      end: new Date('2026-03-09T07:00:00Z'), // next Pacific midnight, PDT
    });
    expect(windowsOf(spring)).toHaveLength(23);
    expect(checkBalance(spring, 2).balanced).toBe(true);

    const fall = generateSchedule({
      seed: 'dst',
      titleCount: 2,
      intervalMinutes: 60,
      start: new Date('2026-11-01T07:00:00Z'),
      end: new Date('2026-11-02T08:00:00Z'),
    });
    expect(windowsOf(fall)).toHaveLength(25);
    expect(checkBalance(fall, 2).balanced).toBe(true);

    const daily = windowsOf(
      generateSchedule({
        seed: 'dst',
        titleCount: 2,
        intervalMinutes: 1440,
        start: new Date('2026-03-07T08:00:00Z'),
        end: new Date('2026-03-11T07:00:00Z'),
      }),
    );
    expect(daily.map((s) => (s.endsAt.getTime() - s.startsAt.getTime()) / HOUR)).toEqual([24, 23, 24, 24]);
    for (const slot of daily) expect(pacificParts(slot.startsAt).hour).toBe(0);

    // Two-hour windows keep their wall-clock labels: 00–02 runs to the jump (2 h), 02–04 is 1 h.
    const twoHour = windowsOf(
      generateSchedule({
        seed: 'dst',
        titleCount: 2,
        intervalMinutes: 120,
        start: new Date('2026-03-08T08:00:00Z'),
        end: new Date('2026-03-08T14:00:00Z'),
      }),
    );
    expect(twoHour.map((s) => (s.endsAt.getTime() - s.startsAt.getTime()) / HOUR)).toEqual([2, 1, 2]);
  });

  it('rejects fewer than two titles and windows that do not divide the day', () => {
    expect(() => generateSchedule({ seed: 1, titleCount: 1, intervalMinutes: 60, start, end })).toThrow(
      RangeError,
    );
    expect(() => generateSchedule({ seed: 1, titleCount: 2, intervalMinutes: 90, start, end })).toThrow(
      RangeError,
    );
    expect(() =>
      generateSchedule({ seed: 1, titleCount: 2, intervalMinutes: 60, start: end, end: start }),
    ).toThrow(RangeError);
  });
});

describe('checkBalance', () => {
  it('reports a block that repeats a title', () => {
    const slots = generateSchedule({
      seed: 2,
      titleCount: 2,
      intervalMinutes: 60,
      start: new Date('2026-01-05T08:00:00Z'),
      end: new Date('2026-01-06T08:00:00Z'),
    });
    const broken = slots.map((s) => (s.block === 0 ? { ...s, titleIndex: 1 } : s));
    const report = checkBalance(broken, 2, 60);
    expect(report.balanced).toBe(false);
    expect(report.problems[0]).toMatch(/block 0/);
  });
});
