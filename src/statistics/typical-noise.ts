// The traffic noise of one unit (log scale, after the model's baseline terms) on a typical
// channel, used by the plan when the channel has no finished test of the same shape. Calibrated
// against the validation study (bench/calibrate-noise.ts): the noise at which two-title tests of
// the study's default channel, with a true lift equal to the plan's detectable lift, are decided
// 8 times in 10 on average over the study's mix of videos. It therefore includes what the plain
// formula misses (the engine's conservative covariance, the daily reading, misfit of the decay).
// Regenerate with `npx tsx bench/calibrate-noise.ts --runs 300` after changing the engine.

import type { Response } from './window-analysis';

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

export function typicalTrafficNoise(intervalMinutes: number, response: Response): number {
  const value = TYPICAL_TRAFFIC_NOISE[`${intervalMinutes}:${response}`];
  if (value === undefined)
    throw new RangeError(`no typical noise for ${response} at ${intervalMinutes} minutes`);
  return value;
}
