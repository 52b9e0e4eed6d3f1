import { rotations } from '../../db/schema';
import type { Tx } from '../db/database';
import { generateSchedule } from '../statistics/schedule';

/**
 * Draws the test's schedule from its stored seed between `start` and `end` and stores one row per
 * slot, naming each slot's title by its variant. A test is drawn when it starts: at creation, or
 * when a queued test is admitted (src/capacity).
 */
export async function storeSchedule(
  tx: Tx,
  test: { id: string; scheduleSeed: string },
  variantIds: string[],
  intervalMinutes: number,
  start: Date,
  end: Date,
): Promise<void> {
  const schedule = generateSchedule({
    seed: test.scheduleSeed,
    titleCount: variantIds.length,
    intervalMinutes,
    start,
    end,
  });
  await tx.insert(rotations).values(
    schedule.map((slot) => ({
      testId: test.id,
      slot: slot.slot,
      kind: slot.kind,
      block: slot.block,
      variantId: variantIds[slot.titleIndex]!,
      plannedStart: slot.startsAt,
      plannedEnd: slot.endsAt,
    })),
  );
}
