// Which title holds which window (docs/statistics.md, "Schedule"): Pacific-aligned windows, titles in
// balanced randomised blocks, reproducible from the stored seed.

import { pacificBoundaries, pacificParts, pacificSlotOfDay } from '../time/pacific';
import { Random } from './random';
import type { Seed } from './random';

/**
 * - `lead-in`: from the start to the first block boundary; the original title (index 0) stays
 *   live, so the first rotation happens on a clean boundary. Not analysed.
 * - `window`: a full window of the design, analysed after washout.
 * - `tail`: the partial window before the end; the title then live keeps running. Not analysed.
 */
export type SlotKind = 'lead-in' | 'window' | 'tail';

export interface ScheduleSlot {
  slot: number;
  titleIndex: number;
  startsAt: Date;
  endsAt: Date;
  kind: SlotKind;
  /** Balanced block (every title once) this window belongs to; null outside the design. */
  block: number | null;
}

export interface ScheduleOptions {
  seed: Seed;
  titleCount: number;
  intervalMinutes: number;
  start: Date;
  end: Date;
}

/**
 * Williams design: rows in which each title appears once and, over all rows, each title is
 * followed by every other equally often (k rows for even k, the rows plus their mirrors for odd k).
 */
export function williamsRows(titleCount: number): number[][] {
  const first: number[] = [0];
  for (let step = 1; first.length < titleCount; step++) {
    first.push(step);
    if (first.length < titleCount) first.push(titleCount - step);
  }
  const rows = Array.from({ length: titleCount }, (_, shift) => first.map((t) => (t + shift) % titleCount));
  return titleCount % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}

/** A Williams design with titles relabelled at random and rows in random order. */
function shuffledWilliams(random: Random, titleCount: number, latinOnly: boolean): number[][] {
  const labels = random.shuffle(Array.from({ length: titleCount }, (_, i) => i));
  let rows = williamsRows(titleCount);
  // For a Latin square (each row position sees each title once) take one half of an odd design.
  if (latinOnly && rows.length > titleCount)
    rows = random.integer(2) === 0 ? rows.slice(0, titleCount) : rows.slice(titleCount);
  return random.shuffle(rows.map((row) => row.map((t) => labels[t] as number)));
}

/**
 * Where the first block of the design may start, which is where the lead-in ends:
 * - `day`: daily windows, so at a Pacific midnight;
 * - `block`: the windows per day are a multiple of the title count, so blocks sit at fixed
 *   places in the Pacific day and the first starts at a slot divisible by the title count
 *   (every `blockMinutes` from Pacific midnight);
 * - `window`: any window boundary on the Pacific clock.
 */
export function blockAlignment(
  titleCount: number,
  intervalMinutes: number,
): { kind: 'day' | 'block' | 'window'; blockMinutes: number } {
  const slotsPerDay = (24 * 60) / intervalMinutes;
  if (slotsPerDay <= 1) return { kind: 'day', blockMinutes: 24 * 60 };
  return slotsPerDay % titleCount === 0
    ? { kind: 'block', blockMinutes: titleCount * intervalMinutes }
    : { kind: 'window', blockMinutes: intervalMinutes };
}

/**
 * Generates the rotation schedule for [start, end). Titles are assigned in blocks of
 * `titleCount` consecutive windows, each holding every title once:
 * - when the windows per day are a multiple of the title count, blocks sit at fixed places in the
 *   Pacific day and, for each such place, k consecutive days use the rows of one randomised
 *   Latin (Williams) square, so over k days every hour slot sees every title;
 * - otherwise (daily windows, or e.g. 24 hourly slots with 5 titles) shuffled Williams rows are
 *   concatenated, so each title follows every other equally often.
 */
export function generateSchedule(options: ScheduleOptions): ScheduleSlot[] {
  const { titleCount, intervalMinutes, start, end } = options;
  if (!Number.isInteger(titleCount) || titleCount < 2) throw new RangeError('a test needs at least 2 titles');
  if (!(end.getTime() > start.getTime())) throw new RangeError('end must be after start');
  const random = new Random(options.seed, titleCount, intervalMinutes);
  const dayAligned = blockAlignment(titleCount, intervalMinutes).kind === 'block';

  const boundaries = pacificBoundaries(start, end, intervalMinutes);
  // In day-aligned mode a block must start where a block of the day starts.
  const firstBlockStart = boundaries.findIndex(
    (b) => !dayAligned || pacificSlotOfDay(b, intervalMinutes) % titleCount === 0,
  );
  const slots: ScheduleSlot[] = [];
  const push = (titleIndex: number, from: Date, to: Date, kind: SlotKind, block: number | null): void => {
    if (to.getTime() > from.getTime()) {
      slots.push({ slot: slots.length, titleIndex, startsAt: from, endsAt: to, kind, block });
    }
  };
  if (firstBlockStart < 0 || firstBlockStart >= boundaries.length - 1) {
    push(0, start, end, 'lead-in', null);
    return slots;
  }
  const designStart = boundaries[firstBlockStart] as Date;
  push(0, start, designStart, 'lead-in', null);

  const squares = new Map<string, number[][]>();
  const firstDayOfGroup = new Map<number, number>();
  const blockIds = new Map<string, number>();
  const seenSlots = new Set<string>();
  let rows: number[][] = [];
  let title = 0;
  for (let i = firstBlockStart; i < boundaries.length - 1; i++) {
    const from = boundaries[i] as Date;
    const position = i - firstBlockStart;
    let blockKey: string;
    if (dayAligned) {
      const slotOfDay = pacificSlotOfDay(from, intervalMinutes);
      const group = Math.floor(slotOfDay / titleCount);
      const day = pacificParts(from).dayNumber;
      const firstDay = firstDayOfGroup.get(group) ?? day;
      firstDayOfGroup.set(group, firstDay);
      const cycle = Math.floor((day - firstDay) / titleCount);
      const squareKey = `${cycle}:${group}`;
      let square = squares.get(squareKey);
      if (!square) {
        square = shuffledWilliams(random, titleCount, true);
        squares.set(squareKey, square);
      }
      const row = square[(day - firstDay) % titleCount] as number[];
      title = row[slotOfDay % titleCount] as number;
      // The repeated hour of the fall-back day keeps its slot's title, in a block of its own.
      const repeated = seenSlots.has(`${day}:${slotOfDay}`);
      seenSlots.add(`${day}:${slotOfDay}`);
      blockKey = repeated ? `${day}:${slotOfDay}:repeat` : `${day}:${group}`;
    } else {
      if (position % titleCount === 0 && rows.length === 0)
        rows = shuffledWilliams(random, titleCount, false);
      title = (rows[0] as number[])[position % titleCount] as number;
      if (position % titleCount === titleCount - 1) rows.shift();
      blockKey = String(Math.floor(position / titleCount));
    }
    if (!blockIds.has(blockKey)) blockIds.set(blockKey, blockIds.size);
    push(title, from, boundaries[i + 1] as Date, 'window', blockIds.get(blockKey) as number);
  }
  push(title, boundaries[boundaries.length - 1] as Date, end, 'tail', null);
  return slots;
}

export interface BalanceReport {
  balanced: boolean;
  completeBlocks: number;
  problems: string[];
}

/**
 * Checks the design's promise: every complete block holds every title exactly once, and no
 * block holds more than `titleCount` windows. The last block may be incomplete (test ended).
 */
export function checkBalance(slots: readonly ScheduleSlot[], titleCount: number): BalanceReport {
  const byBlock = new Map<number, number[]>();
  for (const slot of slots) {
    if (slot.kind !== 'window' || slot.block === null) continue;
    const titles = byBlock.get(slot.block) ?? [];
    titles.push(slot.titleIndex);
    byBlock.set(slot.block, titles);
  }
  const problems: string[] = [];
  let completeBlocks = 0;
  for (const [block, titles] of byBlock) {
    const distinct = new Set(titles);
    if (titles.length > titleCount || distinct.size !== titles.length) {
      problems.push(`block ${block} repeats a title: ${titles.join(',')}`);
    } else if (titles.length === titleCount) {
      completeBlocks++;
    }
  }
  return { balanced: problems.length === 0, completeBlocks, problems };
}
