// Progress of a test towards a verdict. The minimums keep the card from showing lifts computed
// from a handful of views ("Not enough data" rather than a number). The views floor also holds the
// false-winner rate where counts are small: lowered, identical titles on a small video name a
// winner past the budget, daily looks included (measured in docs/decisions/0055).

import type { MissingCount, ProgressKey, ProgressUnits } from '../shared/verdict-words';
import { outcomeOf } from './baseline';
import type { Response, WindowObservation } from './window-analysis';
import { usableWindows } from './window-analysis';

export const MINIMUMS = {
  /** Measured units (windows, or days for daily figures) per title. */
  unitsPerTitle: 2,
  /**
   * Views (clicks for CTR) per title: below this a lift is mostly the luck of single viewers, and
   * identical titles on a small video name a winner too often (10: 6.4%, 20: 5.1%, 30: 2.4% of
   * five-title tests of 2-hour windows on 50 views a day). The plan counts it (views-floor-forecast.ts).
   */
  eventsPerTitle: 30,
  /**
   * Units beyond the baseline's own levels, per title and two more: the video's day-and-hour
   * pattern must leave something to compare the titles on (a t reference needed 3 residual degrees
   * of freedom; this is the same count).
   */
  spareUnits: 2,
} as const satisfies Record<Exclude<ProgressKey, 'planned'>, number>;

/** One count against its minimum (or the plan); its words are src/shared/verdict-words.ts's. */
export interface ProgressItem {
  key: ProgressKey;
  current: number;
  required: number;
  met: boolean;
}

export interface Progress extends ProgressUnits {
  items: ProgressItem[];
  /** 0 … 1: share of the planned units measured, all titles' together (or of the minimums, without a plan). */
  fraction: number;
  /** The minimums are met: a verdict other than "inconclusive" is possible. */
  met: boolean;
}

const EVENTS: Record<Response, ProgressUnits['event']> = { views: 'views', ctr: 'clicks', watch: 'views' };

/**
 * Units per title carrying the response (windows for views, days for CTR and watch time), and the
 * views (clicks) in them, against the minimums and, when known, the planned units per title.
 */
export function measureProgress(
  windows: readonly WindowObservation[],
  titleCount: number,
  response: Response,
  plannedUnitsPerTitle?: number,
  /** Units left once the baseline's levels are fitted (baseline.ts); unknown = not checked. */
  spareUnits?: number,
): Progress {
  const unit = response === 'views' ? 'windows' : 'days';
  const event = EVENTS[response];
  const counts = new Array<number>(titleCount).fill(0);
  const events = new Array<number>(titleCount).fill(0);
  for (const w of usableWindows(windows, response)) {
    if (w.titleIndex < 0 || w.titleIndex >= titleCount) continue;
    counts[w.titleIndex] = (counts[w.titleIndex] ?? 0) + 1;
    const event = response === 'watch' ? w.views : outcomeOf(w, response);
    events[w.titleIndex] = (events[w.titleIndex] ?? 0) + event;
  }
  const perTitle = Math.min(...counts);
  const eventsPerTitle = Math.floor(Math.min(...events));
  const items: ProgressItem[] = [
    {
      key: 'unitsPerTitle',
      current: perTitle,
      required: MINIMUMS.unitsPerTitle,
      met: perTitle >= MINIMUMS.unitsPerTitle,
    },
    {
      key: 'eventsPerTitle',
      current: eventsPerTitle,
      required: MINIMUMS.eventsPerTitle,
      met: eventsPerTitle >= MINIMUMS.eventsPerTitle,
    },
  ];
  if (spareUnits !== undefined) {
    const required = titleCount + MINIMUMS.spareUnits;
    items.push({
      key: 'spareUnits',
      current: Math.max(0, spareUnits),
      required,
      met: spareUnits >= required,
    });
  }
  const met = items.every((item) => item.met);
  let fraction = Math.min(...items.map((item) => Math.min(1, item.current / item.required)));
  if (plannedUnitsPerTitle !== undefined && plannedUnitsPerTitle > 0) {
    items.push({
      key: 'planned',
      current: perTitle,
      required: plannedUnitsPerTitle,
      met: perTitle >= plannedUnitsPerTitle,
    });
    // The share of all planned units measured, so the card's "N of M days measured" counts the
    // days that are (a title still without one shows in the unitsPerTitle item), not the fewest
    // any one title has.
    const measured = counts.reduce((total, count) => total + Math.min(count, plannedUnitsPerTitle), 0);
    fraction = Math.min(1, measured / (plannedUnitsPerTitle * titleCount));
  }
  return { items, fraction, met, unit, event };
}

/** The minimums still missing (the plan is no minimum), for the words "1 of 2 measured days per title". */
export function missingCounts(progress: Progress): MissingCount[] {
  return progress.items
    .filter((item) => !item.met && item.key !== 'planned')
    .map(({ key, current, required }) => ({ key, current, required }));
}
