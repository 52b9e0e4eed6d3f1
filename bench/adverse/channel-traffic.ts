// One test's traffic on the simulated channel: a video drawn for it, its true views under the
// titles the schedule puts live, and the lagging public counter read at every 10-minute boundary.

import type { ScheduleSlot } from '../../src/statistics/schedule';
import { applyLag, counterSamples } from './counter';
import type { CounterLag, CounterSample } from './counter';
import type { Rng } from './rng';
import { BIN_MS, drawVideo, simulateViews } from './traffic';
import type { TrafficFeatures, Video } from './traffic';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;
/** Traffic is simulated from two days before the start, so delayed views reach a steady state. */
const WARM_UP_MS = 2 * DAY_MS;

export interface ChannelTraffic {
  video: Video;
  /** The first simulated minute (a bin boundary, before the warm-up) and how many follow. */
  from: number;
  minutes: number;
  /** Each minute's multiplier: the true lift of the title live then. */
  effect: Float64Array;
  /** The counter at every bin boundary from `from`. */
  samples: CounterSample[];
}

/** The minutes of [from, from + minutes) each holding the multiplier of the title live then. */
export function liveEffects(
  slots: readonly ScheduleSlot[],
  multipliers: readonly number[],
  from: number,
  minutes: number,
) {
  const effect = new Float64Array(minutes).fill(multipliers[0] as number);
  const index = (at: number): number => Math.min(minutes, Math.max(0, Math.round((at - from) / MINUTE_MS)));
  for (const slot of slots)
    effect.fill(
      multipliers[slot.titleIndex] as number,
      index(slot.startsAt.getTime()),
      index(slot.endsAt.getTime()),
    );
  const last = slots.at(-1);
  if (last) effect.fill(multipliers[last.titleIndex] as number, index(last.endsAt.getTime()));
  return effect;
}

/** Draws the video, its views and its counter from `rng`, in that order. */
export function simulateTraffic(input: {
  traffic: TrafficFeatures;
  lag: CounterLag;
  rng: Rng;
  start: Date;
  end: Date;
  slots: readonly ScheduleSlot[];
  /** True lift of each title over the original on views, or how to read it from the video drawn. */
  truth: readonly number[] | ((video: Video) => readonly number[]);
}): ChannelTraffic {
  const { rng } = input;
  const video = drawVideo(input.traffic, rng, input.start.getTime());
  const truth = typeof input.truth === 'function' ? input.truth(video) : input.truth;
  const from = Math.floor((input.start.getTime() - WARM_UP_MS) / BIN_MS) * BIN_MS;
  const to = Math.ceil(input.end.getTime() / BIN_MS) * BIN_MS + BIN_MS;
  const minutes = (to - from) / MINUTE_MS;
  const multipliers = truth.map((lift) => 1 + lift);
  const effect = liveEffects(input.slots, multipliers, from, minutes);
  const views = simulateViews(input.traffic, video, rng, from, effect);
  const counted = applyLag(views.counts, input.lag, rng);
  const samples = counterSamples(counted, from, Math.floor(rng.between(1e3, 1e6)));
  return { video, from, minutes, effect, samples };
}
