// Minimum detectable effect, shown before a test starts (STATISTICS.md §4), so a creator can
// see whether the chosen duration can find the difference they hope for.

import { fitLinearModel } from './linear-model';
import { buildDesign, usableWindows } from './window-analysis';
import type { WindowObservation } from './window-analysis';

/** 1.96 (two-sided 5%) + 0.84 (80% power). */
const MDE_MULTIPLIER = 2.8;

/**
 * Default noise of log(views per hour) in one window, after day and hour-of-day effects, when the
 * video has no usable history: about 0.3 for an hour (typical of the simulator and of small
 * channels), shrinking with longer windows but not below 0.1, because day-to-day swings do not
 * average out. A heuristic: prefer estimateWindowNoise on real history.
 */
export function defaultWindowNoise(intervalMinutes: number): number {
  return Math.max(0.1, 0.3 / Math.sqrt(intervalMinutes / 60));
}

export function windowsPerTitle(intervalMinutes: number, durationDays: number, titleCount: number): number {
  return Math.floor((durationDays * 24 * 60) / intervalMinutes / titleCount);
}

/**
 * Residual standard deviation of log(views per hour) in pre-test windows of the test's length
 * (the original title live), after day and hour-slot effects; null when there are too few windows.
 */
export function estimateWindowNoise(
  history: readonly WindowObservation[],
  intervalMinutes: number,
): number | null {
  const data = usableWindows(
    history.map((w) => ({ ...w, titleIndex: 0 })),
    'views',
  );
  if (data.length < 6) return null;
  const design = buildDesign(data, 'views', { titleCount: 1, intervalMinutes });
  const fit = fitLinearModel(design.rows, design.y);
  return fit.df >= 3 ? Math.sqrt(fit.sigma2) : null;
}

export interface MinimumDetectableEffect {
  windowsPerTitle: number;
  windowNoise: number;
  /** On the log scale. */
  logEffect: number;
  /** As a relative lift, e.g. 0.08 = +8%. Infinity when no title gets a window. */
  lift: number;
}

/** MDE ≈ 2.8 · σ_w · √(2/n), n analysable windows per title. */
export function minimumDetectableEffect(options: {
  intervalMinutes: number;
  durationDays: number;
  titleCount: number;
  windowNoise?: number | null;
}): MinimumDetectableEffect {
  const n = windowsPerTitle(options.intervalMinutes, options.durationDays, options.titleCount);
  const windowNoise = options.windowNoise ?? defaultWindowNoise(options.intervalMinutes);
  const logEffect = n > 0 ? MDE_MULTIPLIER * windowNoise * Math.sqrt(2 / n) : Number.POSITIVE_INFINITY;
  return { windowsPerTitle: n, windowNoise, logEffect, lift: Math.expm1(logEffect) };
}
