// The public view counter as the product samples it: each view is counted some minutes after it
// happens (a fixed lag, or a per-view uniform lag), and the counter is read every 10 minutes.

import { multinomial } from './counts';
import type { Rng } from './rng';
import { BIN_MINUTES, BIN_MS } from './traffic';

export type CounterLag =
  { kind: 'none' } | { kind: 'fixed'; minutes: number } | { kind: 'uniform'; maxMinutes: number };

export interface CounterSample {
  sampledAt: Date;
  viewCount: number;
}

/**
 * P(a view that happens uniformly inside a bin is counted s bins later), s = 0, 1, …: the view
 * at offset u ∈ (0, 10) min is counted at u + lag, in bin floor((u + lag) / 10).
 */
export function lagShiftProbabilities(lag: CounterLag): number[] {
  if (lag.kind === 'none') return [1];
  const maxLag = lag.kind === 'fixed' ? lag.minutes : lag.maxMinutes;
  const lagCdf = (x: number): number =>
    lag.kind === 'fixed' ? (x >= lag.minutes ? 1 : 0) : Math.min(1, Math.max(0, x / lag.maxMinutes));
  const shifts = Math.floor((BIN_MINUTES + maxLag) / BIN_MINUTES) + 1;
  const steps = 2000;
  const out = new Array<number>(shifts).fill(0);
  for (let i = 0; i < steps; i++) {
    const u = ((i + 0.5) / steps) * BIN_MINUTES;
    for (let s = 0; s < shifts; s++) {
      const low = s * BIN_MINUTES - u;
      const high = (s + 1) * BIN_MINUTES - u;
      out[s] = (out[s] as number) + (lagCdf(high) - lagCdf(low)) / steps;
    }
  }
  const total = out.reduce((a, b) => a + b, 0);
  return out.map((p) => p / total);
}

/** Views counted in each bin: every bin's views spread over the later bins by the lag. */
export function applyLag(counts: Int32Array, lag: CounterLag, rng: Rng): Int32Array {
  if (lag.kind === 'none') return Int32Array.from(counts);
  const probabilities = lagShiftProbabilities(lag);
  const counted = new Int32Array(counts.length);
  counts.forEach((count, b) => {
    if (count === 0) return;
    multinomial(rng, count, probabilities).forEach((n, s) => {
      if (b + s < counted.length) counted[b + s] = (counted[b + s] as number) + n;
    });
  });
  return counted;
}

/** The counter read at every bin boundary from `from`: `initial` plus the views counted before it. */
export function counterSamples(counted: Int32Array, from: number, initial: number): CounterSample[] {
  const samples: CounterSample[] = [{ sampledAt: new Date(from), viewCount: initial }];
  let total = initial;
  counted.forEach((n, b) => {
    total += n;
    samples.push({ sampledAt: new Date(from + (b + 1) * BIN_MS), viewCount: total });
  });
  return samples;
}

/** The counter at any instant from the samples at every bin boundary (`counterSamples`), rounded. */
export function counterAt(samples: readonly CounterSample[], at: number): number {
  const first = samples[0];
  if (!first) return 0;
  const position = (at - first.sampledAt.getTime()) / BIN_MS;
  const index = Math.min(samples.length - 1, Math.max(0, Math.floor(position)));
  const before = samples[index] as CounterSample;
  const after = samples[Math.min(samples.length - 1, index + 1)] as CounterSample;
  const share = Math.min(1, Math.max(0, position - index));
  return Math.round(before.viewCount + share * (after.viewCount - before.viewCount));
}

/** The samples a sampling pass every `periodMinutes` (passes on the UTC clock) would take. */
export function sampledEvery(samples: readonly CounterSample[], periodMinutes: number): CounterSample[] {
  const every = Math.max(1, Math.round(periodMinutes / BIN_MINUTES));
  return samples.filter((sample) => Math.round(sample.sampledAt.getTime() / BIN_MS) % every === 0);
}
