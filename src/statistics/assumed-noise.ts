// The traffic noise a forecast assumes for a video it has not read yet (docs/statistics.md,
// "Forecast"). Unknown traffic is planned for the pessimistic case: a channel twice as noisy as
// the typical one, the typical values being the noise of one unit (log scale, after the engine's
// baseline) on the validation study's default channel. Before a test's first switch the forecast
// is made again on the video's own traffic (calibration.ts), or on the channel's finished tests.

import type { Response } from './window-analysis';

/** Noise of one unit on a typical channel, by window and response. */
const TYPICAL_TRAFFIC_NOISE: Record<string, number> = {
  '60:views': 0.2723,
  '120:views': 0.2216,
  '240:views': 0.1856,
  '480:views': 0.1821,
  '720:views': 0.1277,
  '1440:views': 0.1049,
  '1440:ctr': 0.0368,
  '1440:watch': 0.0566,
};

/** How much noisier than typical a channel the forecast assumes when it knows nothing of it. */
export const PESSIMISTIC_NOISE_FACTOR = 2;

/** The traffic noise of one unit on a typical channel. */
export function typicalTrafficNoise(intervalMinutes: number, response: Response): number {
  const value = TYPICAL_TRAFFIC_NOISE[`${intervalMinutes}:${response}`];
  if (value === undefined)
    throw new RangeError(`no typical noise for ${response} at ${intervalMinutes} minutes`);
  return value;
}

export function assumedTrafficNoise(intervalMinutes: number, response: Response): number {
  return PESSIMISTIC_NOISE_FACTOR * typicalTrafficNoise(intervalMinutes, response);
}
