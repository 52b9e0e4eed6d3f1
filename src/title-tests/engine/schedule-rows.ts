import { rotations } from '../../../db/schema';
import type { Tx } from '../../db/database';
import { generateSchedule, type ScheduleSlot } from '../../statistics/schedule';
import { segmentSeed } from '../records/schedule-segments';

/**
 * Draws the test's schedule from its stored seed between `start` and `end` and stores one row per
 * slot, naming each slot's title by its variant. A test is drawn when it starts: at creation, or
 * when a queued test is admitted (src/capacity). This is segment 0 of its schedule.
 */
export async function storeSchedule(
  tx: Tx,
  test: { id: string; scheduleSeed: string },
  variantIds: string[],
  intervalMinutes: number,
  start: Date,
  end: Date,
): Promise<void> {
  await storeScheduleSegment(tx, test, variantIds, intervalMinutes, {
    segment: 0,
    start,
    end,
    firstSlot: 0,
    firstBlock: 0,
  });
}

/**
 * Draws one segment of a test's schedule (schedule-segments.ts) with generateSchedule, from the
 * segment's seed between `start` and `end`, and stores it numbered after what is already stored:
 * slots from `firstSlot`, blocks from `firstBlock` (so a block never spans two segments). Returns
 * the slots as drawn, numbered as stored.
 */
export async function storeScheduleSegment(
  tx: Tx,
  test: { id: string; scheduleSeed: string },
  variantIds: string[],
  intervalMinutes: number,
  placement: { segment: number; start: Date; end: Date; firstSlot: number; firstBlock: number },
): Promise<ScheduleSlot[]> {
  const schedule = generateSchedule({
    seed: segmentSeed(test.scheduleSeed, placement.segment),
    titleCount: variantIds.length,
    intervalMinutes,
    start: placement.start,
    end: placement.end,
  }).map((slot) => ({
    ...slot,
    slot: placement.firstSlot + slot.slot,
    block: slot.block === null ? null : placement.firstBlock + slot.block,
  }));
  await tx.insert(rotations).values(
    schedule.map((slot) => ({
      testId: test.id,
      slot: slot.slot,
      segment: placement.segment,
      kind: slot.kind,
      block: slot.block,
      variantId: variantIds[slot.titleIndex]!,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
    })),
  );
  return schedule;
}
