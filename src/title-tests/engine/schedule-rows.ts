import { rotations } from '../../../db/schema';
import type { Tx } from '../../db/database';
import { generateSchedule, type ScheduleDesign, type ScheduleSlot } from '../../statistics/schedule';
import { segmentSeed } from '../records/schedule-segments';

/**
 * Draws the test's schedule from its stored seed between `start` and `end` and stores one row per
 * slot, naming each slot's title by its variant. A test is drawn when it starts: at creation, or
 * when a queued test is admitted (src/capacity). This is segment 0 of its schedule.
 */
export async function storeSchedule(
  tx: Tx,
  test: ScheduledTest & { forecast: unknown },
  variantIds: string[],
  intervalMinutes: number,
  start: Date,
  end: Date,
): Promise<void> {
  // A test that first reads the video's counter keeps the original title live meanwhile.
  const hours = calibrationHoursOf(test.forecast);
  await storeScheduleSegment(tx, test, variantIds, intervalMinutes, {
    segment: 0,
    start,
    end,
    firstSlot: 0,
    firstBlock: 0,
    ...(hours > 0 ? { designStart: new Date(start.getTime() + hours * 3_600_000) } : {}),
  });
}

/** What drawing a test's schedule needs of it. */
type ScheduledTest = { id: string; scheduleSeed: string; scheduleDesign: number };

/** The calibration hours of the forecast stored with a test (title-tests.schemas.ts, testForecastSchema); 0 without one. */
export function calibrationHoursOf(forecast: unknown): number {
  const hours = (forecast as { calibrationHours?: unknown } | null)?.calibrationHours;
  return typeof hours === 'number' && hours > 0 ? hours : 0;
}

/** Where a segment of a test's schedule goes (storeScheduleSegment). */
interface SegmentPlacement {
  segment: number;
  start: Date;
  end: Date;
  firstSlot: number;
  firstBlock: number;
  designStart?: Date;
}

/**
 * Draws one segment of a test's schedule (schedule-segments.ts) with generateSchedule, from the
 * segment's seed between `start` and `end`, numbered after what is already stored: slots from
 * `firstSlot`, blocks from `firstBlock` (so a block never spans two segments). Returns the slots
 * as drawn, numbered as stored, and the rotation rows that store them.
 */
export function drawScheduleSegment(
  test: ScheduledTest,
  variantIds: string[],
  intervalMinutes: number,
  placement: SegmentPlacement,
): { schedule: ScheduleSlot[]; rows: Array<typeof rotations.$inferInsert> } {
  const schedule = generateSchedule({
    seed: segmentSeed(test.scheduleSeed, placement.segment),
    titleCount: variantIds.length,
    intervalMinutes,
    start: placement.start,
    end: placement.end,
    design: test.scheduleDesign as ScheduleDesign,
    designStart: placement.designStart,
  }).map((slot) => ({
    ...slot,
    slot: placement.firstSlot + slot.slot,
    block: slot.block === null ? null : placement.firstBlock + slot.block,
  }));
  const rows = schedule.map((slot) => ({
    testId: test.id,
    slot: slot.slot,
    segment: placement.segment,
    kind: slot.kind,
    block: slot.block,
    variantId: variantIds[slot.titleIndex]!,
    plannedStart: slot.startsAt,
    plannedEnd: slot.endsAt,
  }));
  return { schedule, rows };
}

/** Draws one segment of a test's schedule (drawScheduleSegment) and stores it. Returns the slots as stored. */
export async function storeScheduleSegment(
  tx: Tx,
  test: ScheduledTest,
  variantIds: string[],
  intervalMinutes: number,
  placement: SegmentPlacement,
): Promise<ScheduleSlot[]> {
  const { schedule, rows } = drawScheduleSegment(test, variantIds, intervalMinutes, placement);
  await tx.insert(rotations).values(rows);
  return schedule;
}
