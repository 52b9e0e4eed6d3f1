// How long after a switch views still follow the previous title (docs/statistics.md, "Carryover
// and counter lag"). Feeds keep showing the old title for a while (carryover) and the public
// counter counts views late (lag): both make the first minutes of a window read the title before
// it. The washout must cover that time, or the measured lift is pulled toward zero.
//
// Read from a finished test's windows split into 10-minute bins since their switch. A window's
// late bins are its own title's level; where a bin still reads the previous title, the window's
// views there differ from its late level by the gap between the two titles. For each bin, a
// weighted least-squares fit over the windows gives the share of that gap the bin still shows:
// 1 when its views follow the previous title, 0 when they follow the current one. The lag is the
// time from which that share stays below one half. Nothing is read from a test whose titles do
// not clearly differ: with no gap between them there is nothing to see the lag by.

/** Width of a bin. */
export const LAG_BIN_MINUTES = 10;
/** The longest lag looked for; later bins of long windows only serve as their late level. */
export const MAX_LAG_SEARCH_MINUTES = 180;
/** A window's late level is the mean of its last quarter of bins (at least its last bin). */
const REFERENCE_SHARE = 0.25;
/** Titles clearly differ when their late levels are this many standard errors apart. */
const MIN_LIFT_Z = 2.5;
/** The bins' shares must be read to within this standard error (median over the bins). */
const MAX_SHARE_STANDARD_ERROR = 0.25;
/** The share of the gap a washout may leave: what remains biases a lift by at most this much of it. */
export const CLEAR_SHARE = 0.15;
/** The fall in share between neighbouring bins that a sharp switch inside the later one shows. */
const SHARP_STEP = 0.3;
/** Windows with a switch between two different titles needed to read the shares at all. */
const MIN_SWITCHES = 8;

/** One window of a finished test, as the lag is read from it. */
export interface SwitchWindow {
  /** The title live in this window (0-based, within its test). */
  titleIndex: number;
  /** The title live just before its switch; null when unknown (the window followed a pause). */
  previousTitleIndex: number | null;
  /** Views in each whole 10-minute bin since the switch, oldest first. */
  binViews: readonly number[];
}

export interface BinShare {
  /** Minutes from the switch to the bin's start. */
  fromMinute: number;
  /** Share of the gap between the previous and the current title the bin still shows (≈ 0 … 1). */
  share: number;
  standardError: number;
}

export interface LagEstimate {
  /** Minutes after a switch until views follow the new title (half of them, for a spread-out lag). */
  minutes: number;
  /**
   * The shares never fell below one half within the bins looked at: the lag is at least
   * `minutes` (the windows were too short to see its end).
   */
  atLeast: boolean;
  /**
   * Minutes after a switch until at most a tenth of the gap is left (CLEAR_SHARE): when a
   * spread-out lag (a counter 0–60 minutes late, views arriving hours after their impression) has
   * let go enough that what is left biases a lift by less than its own noise. The washout covers
   * this, not the half-way time: a window read from the half-way time still holds a quarter of
   * the previous title's gap when the lag is spread evenly.
   */
  clearMinutes: number;
  /** The shares never fell below CLEAR_SHARE within the bins looked at. */
  clearAtLeast: boolean;
  shares: BinShare[];
  /** Windows whose switch changed the title, over all tests read. */
  switches: number;
}

interface BinTerm {
  /** The bin's views less what its window's late level and the common profile predict. */
  residual: number;
  /** What the bin would show if it followed the previous title fully (late level × profile × gap). */
  full: number;
  /** The gap: exp(previous title's level − current title's) − 1. */
  gap: number;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Bins of a window searched for the lag (the rest, at least its last, is its late level). */
function searchedBins(bins: number): number {
  const reference = Math.max(1, Math.floor(bins * REFERENCE_SHARE));
  return Math.min(bins - reference, MAX_LAG_SEARCH_MINUTES / LAG_BIN_MINUTES);
}

function lateLevel(bins: readonly number[]): number {
  const late = bins.slice(bins.length - Math.max(1, Math.floor(bins.length * REFERENCE_SHARE)));
  return sum(late) / late.length;
}

/**
 * Each title's late level (mean views per late bin, log scale), when at least two titles clearly
 * differ; null otherwise (no lift to see the lag by).
 */
function titleLevels(windows: readonly SwitchWindow[]): Map<number, number> | null {
  const byTitle = new Map<number, number[]>();
  for (const window of windows) {
    const levels = byTitle.get(window.titleIndex) ?? [];
    levels.push(lateLevel(window.binViews));
    byTitle.set(window.titleIndex, levels);
  }
  const stats = [...byTitle.entries()].flatMap(([title, levels]) => {
    const mean = sum(levels) / levels.length;
    if (levels.length < 2 || !(mean > 0)) return [];
    const variance = sum(levels.map((level) => (level - mean) ** 2)) / (levels.length - 1);
    // The standard error of the log of the mean (delta method).
    return [{ title, log: Math.log(mean), se2: variance / levels.length / (mean * mean) }];
  });
  let clear = false;
  for (const a of stats)
    for (const b of stats)
      if (a.title < b.title && Math.abs(a.log - b.log) >= MIN_LIFT_Z * Math.sqrt(a.se2 + b.se2)) clear = true;
  return clear ? new Map(stats.map((stat) => [stat.title, stat.log])) : null;
}

/** One test's terms per bin (empty when its titles do not clearly differ), and its switches. */
function testTerms(windows: readonly SwitchWindow[]): { terms: BinTerm[][]; switches: number } {
  const usable = windows.filter((window) => window.binViews.length >= 2);
  const levels = titleLevels(usable);
  if (!levels) return { terms: [], switches: 0 };
  const late = usable.map((window) => lateLevel(window.binViews));
  // The common profile of a window over its bins (the daily cycle across a long window, say): a
  // bin's views over its window's late level, pooled over all windows.
  const longest = Math.max(0, ...usable.map((window) => searchedBins(window.binViews.length)));
  const profile = Array.from({ length: longest }, (_, bin) => {
    let views = 0;
    let level = 0;
    usable.forEach((window, index) => {
      if (bin >= searchedBins(window.binViews.length)) return;
      views += window.binViews[bin]!;
      level += late[index]!;
    });
    return level > 0 ? views / level : 1;
  });
  const terms: BinTerm[][] = profile.map(() => []);
  let switches = 0;
  usable.forEach((window, index) => {
    const previous = window.previousTitleIndex === null ? undefined : levels.get(window.previousTitleIndex);
    const current = levels.get(window.titleIndex);
    if (window.previousTitleIndex === window.titleIndex || previous === undefined || current === undefined)
      return;
    switches += 1;
    const gap = Math.expm1(previous - current);
    for (let bin = 0; bin < searchedBins(window.binViews.length); bin++) {
      const expected = late[index]! * profile[bin]!;
      terms[bin]!.push({ residual: window.binViews[bin]! - expected, full: expected * gap, gap });
    }
  });
  return { terms, switches };
}

/**
 * How long after a switch views still follow the previous title, from finished tests' windows
 * (one array per test: titles are compared within a test). Null when no test's titles clearly
 * differ, or the shares cannot be read precisely enough.
 */
export function estimateLag(tests: readonly (readonly SwitchWindow[])[]): LagEstimate | null {
  const pooled: BinTerm[][] = [];
  let switches = 0;
  for (const windows of tests) {
    const test = testTerms(windows);
    switches += test.switches;
    test.terms.forEach((terms, bin) => (pooled[bin] ??= []).push(...terms));
  }
  if (switches < MIN_SWITCHES) return null;
  const shares: BinShare[] = [];
  for (const [bin, terms] of pooled.entries()) {
    const information = sum(terms.map((term) => term.full * term.gap));
    if (terms.length < MIN_SWITCHES || !(information > 0)) break;
    const share = sum(terms.map((term) => term.residual * term.gap)) / information;
    // A sandwich (robust) variance: whatever the counts' dispersion.
    const spread = sum(terms.map((term) => ((term.residual - share * term.full) * term.gap) ** 2));
    shares.push({ fromMinute: bin * LAG_BIN_MINUTES, share, standardError: Math.sqrt(spread) / information });
  }
  if (shares.length === 0) return null;
  if (median(shares.map((bin) => bin.standardError)) > MAX_SHARE_STANDARD_ERROR) return null;
  const halfWay = lagFromShares(shares, 0.5);
  const clear = clearFromShares(shares, halfWay);
  return {
    ...halfWay,
    clearMinutes: clear.minutes,
    clearAtLeast: clear.atLeast,
    shares,
    switches,
  };
}

/**
 * When the share falls through `threshold` for good, between the bins' centres (for a sharp switch
 * at t, the bin around t reads the part of it before t, so the half-way crossing is t itself).
 * Before the first bin the share is 1: the previous title was live. A bin still follows the
 * previous title when its share is above the threshold and clearly above none (two standard
 * errors): a spike in one window moves a bin's share, but its robust standard error grows with it.
 */
function lagFromShares(
  shares: readonly BinShare[],
  threshold: number,
): { minutes: number; atLeast: boolean } {
  const centre = (bin: number) => (bin + 0.5) * LAG_BIN_MINUTES;
  let last = -1;
  shares.forEach((bin, index) => {
    if (bin.share > threshold && bin.share > 2 * bin.standardError) last = index;
  });
  if (last === shares.length - 1 && !stepsInside(shares, last))
    return { minutes: shares.length * LAG_BIN_MINUTES, atLeast: true };
  const [fromTime, fromShare] = last < 0 ? [0, 1] : [centre(last), shares[last]!.share];
  // After the last bin looked at comes the window's late level: the current title's own (share 0).
  const toShare = Math.min(threshold, shares[last + 1]?.share ?? 0);
  const minutes =
    fromTime + ((centre(last + 1) - fromTime) * (fromShare - threshold)) / (fromShare - toShare);
  return { minutes: Math.max(0, minutes), atLeast: false };
}

/**
 * Whether the last bin looked at holds a sharp switch: its share is still above the threshold but
 * clearly below the bin before it (the previous title's level before the first bin). A 45-minute
 * lag read from hourly windows reads about half a gap in its 40–50 bin and the previous title's
 * in the bins before: the views follow the new title from within that bin, and the window's late
 * level after it is their own. A lag that runs past the bins looked at shows no such drop there.
 */
function stepsInside(shares: readonly BinShare[], last: number): boolean {
  const bin = shares[last]!;
  const before = last > 0 ? shares[last - 1]! : { share: 1, standardError: 0 };
  const drop = before.share - bin.share;
  return drop >= SHARP_STEP && drop >= 3 * Math.hypot(bin.standardError, before.standardError);
}

/**
 * When the views have let go of the previous title: the start of the first bin whose share, on a
 * non-increasing curve fitted to the bins' shares (weighted least squares, pool-adjacent-
 * violators), is at most CLEAR_SHARE. The shares of a spread-out lag's tail are small and noisy,
 * too noisy to pass the half-way rule's "clearly above none" one bin at a time; pooling neighbours
 * that break the order keeps a lone noisy bin late in the window from moving the time, while a
 * tail several bins long still counts. When no bin looked at is clear, the views let go by the
 * window's late level (read from its last bins) if the half-way time was seen, and otherwise it
 * is unknown how long they hold: at least as long as the bins looked at.
 */
function clearFromShares(
  shares: readonly BinShare[],
  halfWay: { atLeast: boolean },
): { minutes: number; atLeast: boolean } {
  const first = nonIncreasingFit(shares).findIndex((share) => share <= CLEAR_SHARE);
  if (first >= 0) return { minutes: first * LAG_BIN_MINUTES, atLeast: false };
  return { minutes: shares.length * LAG_BIN_MINUTES, atLeast: halfWay.atLeast };
}

/** Weighted least-squares fit of a non-increasing sequence to the shares (pool adjacent violators). */
function nonIncreasingFit(shares: readonly BinShare[]): number[] {
  const blocks: { value: number; weight: number; size: number }[] = [];
  for (const bin of shares) {
    blocks.push({ value: bin.share, weight: 1 / Math.max(bin.standardError ** 2, 1e-6), size: 1 });
    while (blocks.length > 1 && blocks.at(-2)!.value < blocks.at(-1)!.value) {
      const later = blocks.pop()!;
      const earlier = blocks.pop()!;
      const weight = earlier.weight + later.weight;
      blocks.push({
        value: (earlier.value * earlier.weight + later.value * later.weight) / weight,
        weight,
        size: earlier.size + later.size,
      });
    }
  }
  return blocks.flatMap((block) => Array.from({ length: block.size }, () => block.value));
}
