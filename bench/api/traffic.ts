import type { ScheduleSlot } from '../../src/statistics';
import { pacificDay } from '../../src/time/pacific';

export const SAMPLE_EVERY_MS = 10 * 60_000;
const HOUR_MS = 3_600_000;

export interface ViewSample {
  at: Date;
  views: number;
}

export interface DailyFigures {
  day: string;
  views: number;
  impressions: number;
  ctr: number;
  averageViewDurationSec: number;
}

/** Small deterministic generator (mulberry32), so a seed gives the same history every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface TrafficShape {
  /** Views per hour at the start of the history, before the daily cycle and the title's lift. */
  viewsPerHour: number;
  /** Multiplier of each title's views (index 0 = the original). */
  titleLifts: number[];
  /** The video's public counter when the history starts. */
  startingViews: number;
  seed: number;
}

/** The title live at `at`: the slot applied then, else the original (before the first slot). */
function titleAt(slots: readonly ScheduleSlot[], at: number): number {
  for (let i = slots.length - 1; i >= 0; i--)
    if (slots[i]!.startsAt.getTime() <= at) return slots[i]!.titleIndex;
  return 0;
}

/**
 * The public view counter every 10 minutes from `from` to `until`, rising at the live title's
 * rate with a daily cycle, a slow decay and noise: monotonically increasing, like YouTube's.
 * `slots` are the applied ones only (after the last, its title stays live).
 */
export function viewSamples(
  shape: TrafficShape,
  slots: readonly ScheduleSlot[],
  from: Date,
  until: Date,
): ViewSample[] {
  const random = seededRandom(shape.seed);
  const samples: ViewSample[] = [{ at: from, views: shape.startingViews }];
  let views = shape.startingViews;
  for (let at = from.getTime() + SAMPLE_EVERY_MS; at <= until.getTime(); at += SAMPLE_EVERY_MS) {
    const hours = (at - from.getTime()) / HOUR_MS;
    const cycle = 1 + 0.35 * Math.sin((2 * Math.PI * (hours % 24)) / 24);
    const decay = Math.exp(-hours / (24 * 20));
    const lift = shape.titleLifts[titleAt(slots, at - SAMPLE_EVERY_MS)] ?? 1;
    const expected = (shape.viewsPerHour * cycle * decay * lift * SAMPLE_EVERY_MS) / HOUR_MS;
    views += Math.max(0, Math.round(expected * (0.8 + 0.4 * random())));
    samples.push({ at: new Date(at), views });
  }
  return samples;
}

/** The counter at `at` (the last sample taken by then). */
export function viewsAt(samples: readonly ViewSample[], at: Date): number {
  let found = samples[0]!.views;
  for (const sample of samples) {
    if (sample.at.getTime() > at.getTime()) break;
    found = sample.views;
  }
  return found;
}

/**
 * YouTube's daily figures per Pacific day of the samples: the day's views, with impressions, CTR
 * and average view duration around a channel-typical level.
 */
export function dailyFigures(samples: readonly ViewSample[], seed: number): DailyFigures[] {
  const random = seededRandom(seed ^ 0x5eed);
  const viewsByDay = new Map<string, number>();
  for (let i = 1; i < samples.length; i++) {
    const day = pacificDay(samples[i - 1]!.at);
    viewsByDay.set(day, (viewsByDay.get(day) ?? 0) + samples[i]!.views - samples[i - 1]!.views);
  }
  return [...viewsByDay].map(([day, views]) => {
    const ctr = 0.035 + 0.02 * random();
    return {
      day,
      views,
      ctr,
      impressions: Math.round(views / ctr),
      averageViewDurationSec: Math.round(150 + 120 * random()),
    };
  });
}
