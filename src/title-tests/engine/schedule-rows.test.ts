import { describe, expect, it } from 'vitest';
import { calibrationHoursOf, drawScheduleSegment } from './schedule-rows';
import { at } from './engine-fixtures';

// The rotation rows a test's schedule is stored as (schedule-rows.ts). How the schedule itself is
// drawn is src/statistics/schedule.test.ts's; storing it is covered by the integration tests.

const test = { id: 'test-1', scheduleSeed: 'seed-1', scheduleDesign: 2 };
const variantIds = ['variant-a', 'variant-b', 'variant-c'];
const day = { segment: 0, start: at(0), end: at(24 * 60), firstSlot: 0, firstBlock: 0 };

describe('a schedule segment as rows', () => {
  it('one row a slot, naming its variant by the title index drawn, from the segment’s start to its end', () => {
    const { schedule, rows } = drawScheduleSegment(test, variantIds, 60, day);

    expect(rows).toHaveLength(schedule.length);
    expect(rows.map((row) => row.variantId)).toEqual(schedule.map((slot) => variantIds[slot.titleIndex]));
    expect(rows[0]?.plannedStart).toEqual(at(0));
    expect(rows.at(-1)?.plannedEnd).toEqual(at(24 * 60));
    for (const [index, row] of rows.entries()) {
      expect(row).toMatchObject({ testId: 'test-1', segment: 0, slot: index });
      if (index > 0) expect(row.plannedStart).toEqual(rows[index - 1]!.plannedEnd);
    }
  });

  it('every variant has a window in each full block', () => {
    const { rows } = drawScheduleSegment(test, variantIds, 60, day);
    const blocks = new Map<number | null | undefined, string[]>();
    for (const row of rows.filter((entry) => entry.kind === 'window'))
      blocks.set(row.block, [...(blocks.get(row.block) ?? []), row.variantId]);
    expect(blocks.size).toBeGreaterThan(0);
    for (const variants of blocks.values()) expect(new Set(variants)).toEqual(new Set(variantIds));
  });

  it('the same seed draws the same rows; an extension’s segment draws from a seed of its own', () => {
    const first = drawScheduleSegment(test, variantIds, 60, day).rows;
    expect(drawScheduleSegment(test, variantIds, 60, day).rows).toEqual(first);
    const extension = drawScheduleSegment(test, variantIds, 60, { ...day, segment: 1 }).rows;
    expect(extension.map((row) => row.variantId)).not.toEqual(first.map((row) => row.variantId));
  });

  it('an extension is numbered after what is stored: its slots and blocks continue, never restart', () => {
    const stored = drawScheduleSegment(test, variantIds, 60, day).rows;
    const lastBlock = Math.max(...stored.map((row) => row.block ?? -1));
    const { rows } = drawScheduleSegment(test, variantIds, 60, {
      segment: 1,
      start: at(24 * 60),
      end: at(48 * 60),
      firstSlot: stored.length,
      firstBlock: lastBlock + 1,
    });

    expect(rows[0]?.slot).toBe(stored.length);
    expect(rows.map((row) => row.segment)).toEqual(rows.map(() => 1));
    for (const row of rows) if (row.block !== null) expect(row.block).toBeGreaterThan(lastBlock);
  });

  it('a test that first reads the video keeps the original title live until its design starts', () => {
    const { rows } = drawScheduleSegment(test, variantIds, 60, { ...day, designStart: at(6 * 60) });

    expect(rows[0]).toMatchObject({ kind: 'lead-in', plannedStart: at(0), block: null });
    expect(rows.find((row) => row.kind === 'window')!.plannedStart.getTime()).toBeGreaterThanOrEqual(
      at(6 * 60).getTime(),
    );
  });
});

describe('the calibration hours stored with a forecast', () => {
  it('are read when positive, else none', () => {
    expect(calibrationHoursOf({ calibrationHours: 24 })).toBe(24);
    for (const forecast of [
      null,
      {},
      { calibrationHours: 0 },
      { calibrationHours: -3 },
      { calibrationHours: '24' },
    ])
      expect(calibrationHoursOf(forecast)).toBe(0);
  });
});
