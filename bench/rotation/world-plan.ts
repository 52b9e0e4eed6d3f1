import { randomUUID } from 'node:crypto';
import { generateSchedule, type ScheduleSlot } from '../../src/statistics/schedule';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Hourly rotations (the shortest interval, so the most rotations per test and day). */
export const INTERVAL_MINUTES = 60;
/** Each test is mid-run: started this many hours before the due rotation, ends as many after. */
const HOURS_BEFORE_DUE = 6;
const HOURS_AFTER_DUE = 6;

export interface PlannedCreator {
  index: number;
  userId: string;
  connectionId: string;
  simAccountId: string;
  channelId: string;
}

export interface PlannedTest {
  id: string;
  creator: PlannedCreator;
  videoId: string;
  /** Video age: the simulator's statistics cost grows with it, so it stays in a plausible range. */
  publishedAt: Date;
  titles: string[];
  variantIds: string[];
  seed: string;
  startDate: Date;
  endDate: Date;
  /** The stored schedule, shifted so that slot `dueSlot` starts exactly at the due instant. */
  slots: ScheduleSlot[];
  dueSlot: number;
}

export interface WorldPlan {
  creators: PlannedCreator[];
  tests: PlannedTest[];
  /** Tests whose due slot holds a different title from the one live now (a real write). */
  writes: number;
}

/**
 * Lays out the benchmark's world: creators with one channel each, and per test a simulated video
 * and a 3-title hourly test whose real seeded schedule (docs/statistics.md, "Schedule") is shifted in time so
 * that one slot of every test starts at `due`. Slots before it are history (already applied).
 */
export function planWorld(tests: number, testsPerChannel: number, due: Date): WorldPlan {
  const creatorCount = Math.ceil(tests / testsPerChannel);
  const creators: PlannedCreator[] = Array.from({ length: creatorCount }, (_, index) => {
    const suffix = String(index).padStart(8, '0');
    return {
      index,
      userId: randomUUID(),
      connectionId: randomUUID(),
      simAccountId: `sim-bench-${suffix}`,
      channelId: `UCbench${suffix}`,
    };
  });
  // Pacific-aligned hourly boundaries are whole UTC hours: generate around one, then shift.
  const anchor = Math.ceil(due.getTime() / HOUR_MS) * HOUR_MS;
  const shift = due.getTime() - anchor;
  const shifted = (date: Date) => new Date(date.getTime() + shift);
  let writes = 0;
  const planned = Array.from({ length: tests }, (_, index): PlannedTest => {
    const creator = creators[Math.floor(index / testsPerChannel)]!;
    const seed = `bench-test-${index}`;
    const titles = [
      `Bench video ${index}: the original title`,
      `Bench video ${index}: a sharper second title`,
      `Bench video ${index}: the third contender`,
    ];
    const slots = generateSchedule({
      seed,
      titleCount: titles.length,
      intervalMinutes: INTERVAL_MINUTES,
      start: new Date(anchor - HOURS_BEFORE_DUE * HOUR_MS),
      end: new Date(anchor + HOURS_AFTER_DUE * HOUR_MS),
    }).map((slot) => ({ ...slot, startsAt: shifted(slot.startsAt), endsAt: shifted(slot.endsAt) }));
    const dueSlot = slots.findIndex((slot) => slot.startsAt.getTime() === due.getTime());
    if (dueSlot < 1) throw new Error(`test ${index}: no slot starts at the due instant`);
    if (slots[dueSlot]!.titleIndex !== slots[dueSlot - 1]!.titleIndex) writes += 1;
    return {
      id: randomUUID(),
      creator,
      videoId: simulatedVideoId(creator.simAccountId, index),
      publishedAt: new Date(due.getTime() - (7 + (index % 22)) * DAY_MS),
      titles,
      variantIds: titles.map(() => randomUUID()),
      seed,
      startDate: slots[0]!.startsAt,
      endDate: slots.at(-1)!.endsAt,
      slots,
      dueSlot,
    };
  });
  return { creators, tests: planned, writes };
}

/** When slot `slot` (before the due one) was applied: a little after its start, as in production. */
export function historicActivation(slot: ScheduleSlot): Date {
  return new Date(slot.startsAt.getTime() + 1_500 + (slot.slot % 7) * 250);
}

/** The title live on YouTube now: the one of the last slot applied before the due one. */
export function liveTitle(test: PlannedTest): string {
  return test.titles[test.slots[test.dueSlot - 1]!.titleIndex]!;
}

export function* chunks<T>(rows: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}
