// The traffic noise per unit, measured: from a finished test's windows (the channel's) or a video's
// days, the residual of the engine's own baseline model less what whole counts explain.

import { fitLinearModel } from './linear-model';
import { buildDesign, RESPONSE_OF, usableWindows } from './window-analysis';
import type { WindowObservation, WinnerMetric } from './window-analysis';

/** A noise estimate and the degrees of freedom it rests on. */
export interface NoiseEstimate {
  noise: number;
  df: number;
}

/**
 * The traffic noise per unit of a test's windows (or a video's days): the residual variance of
 * the engine's baseline model with the titles, less the part whole counts explain. Null when the
 * windows are too few to say (under 5 residual degrees of freedom).
 */
export function estimateTrafficNoise(
  history: readonly WindowObservation[],
  metric: WinnerMetric,
  intervalMinutes: number,
  titleCount: number,
): NoiseEstimate | null {
  const response = RESPONSE_OF[metric];
  const data = usableWindows(history, response);
  if (data.length < 8) return null;
  const design = buildDesign(data, response, { titleCount, intervalMinutes });
  const fit = fitLinearModel(design.rows, design.y);
  if (!(fit.df >= 5)) return null;
  const counts = data.map((w) => 1 / ((response === 'ctr' ? (w.clicks ?? 0) : w.views) + 0.5));
  const countPart = counts.reduce((a, b) => a + b, 0) / counts.length;
  const noise = Math.sqrt(Math.max(fit.sigma2 - countPart, 0));
  return Number.isFinite(noise) ? { noise, df: fit.df } : null;
}
