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

/**
 * How titles are drawn into blocks (docs/statistics.md, "Schedule"; decision 0037). A test keeps
 * the design it was drawn with, because its randomisation test redraws schedules the same way.
 * - 1: Williams rows taken without replacement, and Latin squares over k days for every
 *   day-aligned design (balanced carryover, but few distinct schedules: 4 titles on 13 daily
 *   windows have only 6, so no p-value can fall below about 1/6).
 * - 2: every block draws its own order at random, except day-aligned designs with at least
 *   LATIN_MIN_GROUPS blocks a day, which keep their Latin squares (there are plenty of them).
 */
export type ScheduleDesign = 1 | 2;
export const LATEST_SCHEDULE_DESIGN: ScheduleDesign = 2;
/** Blocks a day from which design 2 keeps Latin squares over k days (each hour slot sees every title). */
export const LATIN_MIN_GROUPS = 4;

export interface ScheduleOptions {
  seed: Seed;
  titleCount: number;
  intervalMinutes: number;
  start: Date;
  end: Date;
  /** Default: the latest. */
  design?: ScheduleDesign;
  /**
   * The design starts at the first block boundary from here (default the start): a test that first
   * reads the video's traffic keeps the original title live until then (docs/statistics.md, "Calibration").
   */
  designStart?: Date;
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
const williamsCache = new Map<number, number[][]>();

function shuffledWilliams(random: Random, titleCount: number, latinOnly: boolean): number[][] {
  const labels = random.shuffle(Array.from({ length: titleCount }, (_, i) => i));
  // Redrawing a schedule a thousand times (redraws.ts) asks for the same rows each time.
  let rows = williamsCache.get(titleCount);
  if (!rows) {
    rows = williamsRows(titleCount);
    williamsCache.set(titleCount, rows);
  }
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
 * Windows per block when blocks are not fixed places in the day (daily windows, or a day's windows
 * not a multiple of the titles). Two titles get blocks of four (each title twice, six orders) rather
 * than alternating pairs: a pair's two orders would leave a 14-day daily test only 2⁴ possible
 * schedules (Williams pairs are each other's mirror), too few for the randomisation test to ever
 * reach 3%; blocks of four leave 6 × 6 × 6 × 6 and still hold each title equally often every four days.
 */
export function pairedBlockLength(titleCount: number): number {
  return titleCount === 2 ? 4 : titleCount;
}

/**
 * The part of a schedule that does not depend on the seed: the window grid, which windows are in
 * the design, their blocks and, for day-aligned designs, which Latin square, row and position each
 * window takes. The randomisation test (randomisation.ts) redraws titles on one frame many times.
 */
export interface ScheduleFrame {
  design: ScheduleDesign;
  titleCount: number;
  intervalMinutes: number;
  start: Date;
  end: Date;
  boundaries: Date[];
  /** Index of the boundary where the design starts (the lead-in ends); −1 when no full window fits. */
  firstBlockStart: number;
  dayAligned: boolean;
  /** Per design window (boundary firstBlockStart + i): its block, and its square/row/position (day-aligned). */
  block: Int32Array;
  square: Int32Array;
  row: Int32Array;
  position: Int32Array;
}

export function scheduleFrame(options: Omit<ScheduleOptions, 'seed'>): ScheduleFrame {
  const { titleCount, intervalMinutes, start, end } = options;
  if (!Number.isInteger(titleCount) || titleCount < 2) throw new RangeError('a test needs at least 2 titles');
  if (!(end.getTime() > start.getTime())) throw new RangeError('end must be after start');
  const dayAligned = blockAlignment(titleCount, intervalMinutes).kind === 'block';
  const boundaries = pacificBoundaries(start, end, intervalMinutes);
  // In day-aligned mode a block must start where a block of the day starts.
  let firstBlockStart = boundaries.findIndex(
    (b) => !dayAligned || pacificSlotOfDay(b, intervalMinutes) % titleCount === 0,
  );
  if (firstBlockStart >= boundaries.length - 1) firstBlockStart = -1;
  const count = firstBlockStart < 0 ? 0 : boundaries.length - 1 - firstBlockStart;
  const frame: ScheduleFrame = {
    titleCount,
    intervalMinutes,
    start,
    end,
    design: options.design ?? LATEST_SCHEDULE_DESIGN,
    boundaries,
    firstBlockStart,
    dayAligned,
    block: new Int32Array(count),
    square: new Int32Array(count),
    row: new Int32Array(count),
    position: new Int32Array(count),
  };
  const squareIds = new Map<string, number>();
  const firstDayOfGroup = new Map<number, number>();
  const blockIds = new Map<string, number>();
  const seenSlots = new Set<string>();
  for (let i = 0; i < count; i++) {
    const from = boundaries[firstBlockStart + i] as Date;
    let blockKey: string;
    if (dayAligned) {
      const slotOfDay = pacificSlotOfDay(from, intervalMinutes);
      const group = Math.floor(slotOfDay / titleCount);
      const day = pacificParts(from).dayNumber;
      const firstDay = firstDayOfGroup.get(group) ?? day;
      firstDayOfGroup.set(group, firstDay);
      const squareKey = `${Math.floor((day - firstDay) / titleCount)}:${group}`;
      if (!squareIds.has(squareKey)) squareIds.set(squareKey, squareIds.size);
      frame.square[i] = squareIds.get(squareKey) as number;
      frame.row[i] = (day - firstDay) % titleCount;
      frame.position[i] = slotOfDay % titleCount;
      // The repeated hour of the fall-back day keeps its slot's title, in a block of its own.
      const repeated = seenSlots.has(`${day}:${slotOfDay}`);
      seenSlots.add(`${day}:${slotOfDay}`);
      blockKey = repeated ? `${day}:${slotOfDay}:repeat` : `${day}:${group}`;
    } else {
      blockKey = String(Math.floor(i / pairedBlockLength(titleCount)));
    }
    if (!blockIds.has(blockKey)) blockIds.set(blockKey, blockIds.size);
    frame.block[i] = blockIds.get(blockKey) as number;
  }
  return frame;
}

/**
 * The titles of a frame's design windows for one seed. Titles are assigned in blocks of
 * `titleCount` consecutive windows, each holding every title once:
 * - when the windows per day are a multiple of the title count, blocks sit at fixed places in the
 *   Pacific day and, for each such place, k consecutive days use the rows of one randomised
 *   Latin (Williams) square, so over k days every hour slot sees every title;
 * - otherwise (daily windows, or e.g. 24 hourly slots with 5 titles) shuffled Williams rows are
 *   concatenated, so each title follows every other equally often; two titles take blocks of four
 *   (pairedBlockLength).
 */
export function drawTitles(frame: ScheduleFrame, seed: Seed): Int8Array {
  const { titleCount } = frame;
  const random = new Random(seed, titleCount, frame.intervalMinutes);
  const titles = new Int8Array(frame.block.length);
  if (frame.design === 2 && !latinSquares(frame)) {
    // Each block (a day's group of k windows, or k consecutive windows) in an order of its own.
    let order: number[] = [];
    let block = -1;
    for (let i = 0; i < titles.length; i++) {
      const at = titleCount === 2 && !frame.dayAligned ? Math.floor(i / 4) : (frame.block[i] as number);
      if (at !== block) {
        block = at;
        order = random.shuffle(
          titleCount === 2 && !frame.dayAligned
            ? [0, 0, 1, 1]
            : Array.from({ length: titleCount }, (_, t) => t),
        );
      }
      const position = frame.dayAligned
        ? (frame.position[i] as number)
        : i % (titleCount === 2 ? 4 : titleCount);
      titles[i] = order[position] as number;
    }
    return titles;
  }
  if (frame.dayAligned) {
    const squares: number[][][] = [];
    for (let i = 0; i < titles.length; i++) {
      const id = frame.square[i] as number;
      const square = (squares[id] ??= shuffledWilliams(random, titleCount, true));
      titles[i] = (square[frame.row[i] as number] as number[])[frame.position[i] as number] as number;
    }
    return titles;
  }
  if (titleCount === 2) {
    // Two titles: each block of four windows holds each title twice in one of the six orders.
    let order: number[] = [];
    for (let i = 0; i < titles.length; i++) {
      if (i % 4 === 0) order = random.shuffle([0, 0, 1, 1]);
      titles[i] = order[i % 4] as number;
    }
    return titles;
  }
  let rows: number[][] = [];
  for (let i = 0; i < titles.length; i++) {
    if (i % titleCount === 0 && rows.length === 0) rows = shuffledWilliams(random, titleCount, false);
    titles[i] = (rows[0] as number[])[i % titleCount] as number;
    if (i % titleCount === titleCount - 1) rows.shift();
  }
  return titles;
}

/** Whether a frame draws Latin squares over k days (design 1 always, for day-aligned frames; design 2 with enough blocks a day). */
function latinSquares(frame: ScheduleFrame): boolean {
  if (!frame.dayAligned) return false;
  if (frame.design === 1) return true;
  const groupsPerDay = 1440 / frame.intervalMinutes / frame.titleCount;
  return groupsPerDay >= LATIN_MIN_GROUPS;
}

/** Generates the rotation schedule for [start, end): the frame, with titles drawn from the seed. */
export function generateSchedule(options: ScheduleOptions): ScheduleSlot[] {
  const designStart =
    options.designStart && options.designStart.getTime() > options.start.getTime()
      ? options.designStart
      : options.start;
  const { start } = options;
  if (!(options.end.getTime() > designStart.getTime())) {
    scheduleFrame(options); // the same checks as any schedule
    return [{ slot: 0, titleIndex: 0, startsAt: start, endsAt: options.end, kind: 'lead-in', block: null }];
  }
  const frame = scheduleFrame({ ...options, start: designStart });
  const { end, boundaries, firstBlockStart } = frame;
  const slots: ScheduleSlot[] = [];
  const push = (titleIndex: number, from: Date, to: Date, kind: SlotKind, block: number | null): void => {
    if (to.getTime() > from.getTime()) {
      slots.push({ slot: slots.length, titleIndex, startsAt: from, endsAt: to, kind, block });
    }
  };
  if (firstBlockStart < 0) {
    push(0, start, end, 'lead-in', null);
    return slots;
  }
  push(0, start, boundaries[firstBlockStart] as Date, 'lead-in', null);
  const titles = drawTitles(frame, options.seed);
  titles.forEach((title, i) =>
    push(
      title,
      boundaries[firstBlockStart + i] as Date,
      boundaries[firstBlockStart + i + 1] as Date,
      'window',
      frame.block[i] as number,
    ),
  );
  push(titles.at(-1) ?? 0, boundaries[boundaries.length - 1] as Date, end, 'tail', null);
  return slots;
}

export interface BalanceReport {
  balanced: boolean;
  completeBlocks: number;
  problems: string[];
}

/**
 * Checks the design's promise: every block holds each title equally often (once; twice in the
 * four-window blocks of two titles) and no title more often than that. The last block may be
 * incomplete (test ended).
 */
export function checkBalance(
  slots: readonly ScheduleSlot[],
  titleCount: number,
  intervalMinutes?: number,
): BalanceReport {
  const byBlock = new Map<number, number[]>();
  for (const slot of slots) {
    if (slot.kind !== 'window' || slot.block === null) continue;
    const titles = byBlock.get(slot.block) ?? [];
    titles.push(slot.titleIndex);
    byBlock.set(slot.block, titles);
  }
  // Without the interval, two titles may be in blocks of either kind.
  const pairs = intervalMinutes === undefined || blockAlignment(titleCount, intervalMinutes).kind !== 'block';
  const most = pairs ? pairedBlockLength(titleCount) / titleCount : 1;
  const problems: string[] = [];
  let completeBlocks = 0;
  for (const [block, titles] of byBlock) {
    const counts = new Array<number>(titleCount).fill(0);
    for (const title of titles) counts[title] = (counts[title] ?? 0) + 1;
    if (counts.some((count) => count > most)) {
      problems.push(`block ${block} repeats a title: ${titles.join(',')}`);
    } else if (counts.every((count) => count === counts[0] && count > 0)) {
      completeBlocks++;
    }
  }
  return { balanced: problems.length === 0, completeBlocks, problems };
}
