// Minimum sample before any verdict (STATISTICS.md §4). Early windows are few and the
// decay/daily-cycle effects are poorly pinned down, so a verdict before these would be noise.

import type { WindowObservation, WinnerMetric } from './window-analysis';
import { usableWindows } from './window-analysis';

export const MINIMUMS = {
  balanceCycles: 2,
  days: 3,
  windowsPerTitle: 8,
  residualDf: 10,
  viewsPerTitle: 100,
  clicksPerTitle: 40,
} as const;

export type ProgressKey = keyof typeof MINIMUMS;

export interface ProgressItem {
  key: ProgressKey;
  label: string;
  current: number;
  required: number;
  met: boolean;
}

export interface Progress {
  items: ProgressItem[];
  /** 0 … 1: the least advanced requirement, for a progress bar. */
  fraction: number;
  met: boolean;
}

const HOUR_MS = 3_600_000;

function perTitle(
  windows: readonly WindowObservation[],
  titleCount: number,
  value: (w: WindowObservation) => number,
) {
  const totals = new Array<number>(titleCount).fill(0);
  for (const w of windows) totals[w.titleIndex] = (totals[w.titleIndex] ?? 0) + value(w);
  return Math.min(...totals);
}

/**
 * Progress of a test towards the minimums. A balance cycle is one block of the schedule, in
 * which every title holds one window, so complete cycles = the fewest analysable windows any
 * title has (a missing window leaves its cycle incomplete). `residualDf` comes from the fit.
 */
export function measureProgress(
  windows: readonly WindowObservation[],
  titleCount: number,
  metric: WinnerMetric,
  residualDf: number,
): Progress {
  // CTR counts only windows with impressions; views and combined count every measured window.
  const data = usableWindows(windows, metric === 'ctr' ? 'ctr' : 'views');
  const windowsPerTitle = perTitle(data, titleCount, () => 1);
  const first = Math.min(...data.map((w) => w.startsAt.getTime()));
  const last = Math.max(...data.map((w) => w.endsAt.getTime()));
  // An hour of slack so a test spanning the spring DST change still counts its third day.
  const days = data.length === 0 ? 0 : Math.floor(((last - first + HOUR_MS) / (24 * HOUR_MS)) * 100) / 100;
  const items: ProgressItem[] = [
    {
      key: 'balanceCycles',
      label: 'complete balance cycles',
      current: windowsPerTitle,
      required: MINIMUMS.balanceCycles,
      met: false,
    },
    { key: 'days', label: 'days', current: days, required: MINIMUMS.days, met: false },
    {
      key: 'windowsPerTitle',
      label: 'windows per title',
      current: windowsPerTitle,
      required: MINIMUMS.windowsPerTitle,
      met: false,
    },
    {
      key: 'residualDf',
      label: 'residual degrees of freedom',
      current: Math.max(0, residualDf),
      required: MINIMUMS.residualDf,
      met: false,
    },
    {
      key: 'viewsPerTitle',
      label: 'views per title',
      current: perTitle(data, titleCount, (w) => w.views),
      required: MINIMUMS.viewsPerTitle,
      met: false,
    },
  ];
  if (metric === 'ctr') {
    const clicks = perTitle(data, titleCount, (w) => w.clicks ?? 0);
    items.push({
      key: 'clicksPerTitle',
      label: 'clicks per title',
      current: clicks,
      required: MINIMUMS.clicksPerTitle,
      met: false,
    });
  }
  for (const item of items) item.met = item.current >= item.required;
  const fraction = Math.min(...items.map((item) => Math.min(1, Math.max(0, item.current / item.required))));
  return { items, fraction, met: items.every((item) => item.met) };
}

/** "2 of 3 days, 5 of 8 windows per title" — the requirements still missing. */
export function describeMissing(progress: Progress): string {
  const format = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  return progress.items
    .filter((item) => !item.met)
    .map((item) => `${format(item.current)} of ${item.required} ${item.label}`)
    .join(', ');
}
