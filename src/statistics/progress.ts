// Progress of a test towards a verdict. The only hard minimum is what the model needs to be
// estimable with an honest noise estimate: two units per title and three residual degrees of
// freedom (a t reference with fewer has no finite variance). Small samples are otherwise handled
// by the t reference itself, and the validation study (bench/stats.ts) checks that every shape
// keeps false winners at or under 5% with these minimums.

import type { Response, WindowObservation } from './window-analysis';
import { usableWindows } from './window-analysis';

export const MINIMUMS = {
  unitsPerTitle: 2,
  residualDf: 3,
} as const;

export type ProgressKey = keyof typeof MINIMUMS | 'planned';

export interface ProgressItem {
  key: ProgressKey;
  label: string;
  current: number;
  required: number;
  met: boolean;
}

export interface Progress {
  items: ProgressItem[];
  /** 0 … 1: share of the planned units measured (or of the minimums, without a plan). */
  fraction: number;
  /** The minimums are met: a verdict other than "inconclusive" is possible. */
  met: boolean;
}

/**
 * Units per title carrying the response (windows for views, days for CTR and watch time), against
 * the minimums and, when known, the planned number of units per title.
 */
export function measureProgress(
  windows: readonly WindowObservation[],
  titleCount: number,
  response: Response,
  residualDf: number,
  plannedUnitsPerTitle?: number,
): Progress {
  const unit = response === 'views' ? 'windows' : 'days';
  const counts = new Array<number>(titleCount).fill(0);
  for (const w of usableWindows(windows, response)) counts[w.titleIndex] = (counts[w.titleIndex] ?? 0) + 1;
  const perTitle = Math.min(...counts);
  const items: ProgressItem[] = [
    {
      key: 'unitsPerTitle',
      label: `measured ${unit} per title`,
      current: perTitle,
      required: MINIMUMS.unitsPerTitle,
      met: perTitle >= MINIMUMS.unitsPerTitle,
    },
    {
      key: 'residualDf',
      label: 'degrees of freedom for the noise',
      current: Math.max(0, residualDf),
      required: MINIMUMS.residualDf,
      met: residualDf >= MINIMUMS.residualDf,
    },
  ];
  const met = items.every((item) => item.met);
  let fraction = Math.min(...items.map((item) => Math.min(1, item.current / item.required)));
  if (plannedUnitsPerTitle !== undefined && plannedUnitsPerTitle > 0) {
    items.push({
      key: 'planned',
      label: `planned ${unit} per title`,
      current: perTitle,
      required: plannedUnitsPerTitle,
      met: perTitle >= plannedUnitsPerTitle,
    });
    fraction = Math.min(1, perTitle / plannedUnitsPerTitle);
  }
  return { items, fraction, met };
}

/** "1 of 2 measured days per title" — the minimums still missing. */
export function describeMissing(progress: Progress): string {
  return progress.items
    .filter((item) => !item.met && item.key !== 'planned')
    .map((item) => `${item.current} of ${item.required} ${item.label}`)
    .join(', ');
}
