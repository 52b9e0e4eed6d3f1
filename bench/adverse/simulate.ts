// One simulated test of a cell: schedule from the product's generator, adverse traffic, the
// lagging counter sampled every 10 minutes, daily figures where the metric needs them, then
// every reading a creator would see.

import { samplingPeriodMinutes } from '../../src/capacity/cost-model';
import { generateSchedule } from '../../src/statistics/schedule';
import type { ScheduleSlot } from '../../src/statistics/schedule';
import { addDays, pacificDay } from '../../src/time/pacific';
import type { Cell } from './cells';
import { applyLag, counterAt, counterSamples, sampledEvery } from './counter';
import { dailyFigures } from './daily-figures';
import type { DailyFigure } from './daily-figures';
import { storeTest } from './product-rows';
import { readTest } from './readings';
import type { ReadTest, TestPlan } from './readings';
import { Rng } from './rng';
import { BIN_MS, drawVideo, simulateViews } from './traffic';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** Tests start at a random minute between 2 March and 30 November 2026 (both DST changes inside). */
const FIRST_START = Date.UTC(2026, 2, 2);
const START_SPAN_MINUTES = 273 * 24 * 60;
/** Traffic is simulated from two days before the start, so delayed views reach a steady state. */
const WARM_UP_MS = 2 * DAY_MS;

export interface TestOutcome {
  /** The creator's reading: the first daily "Winner", else the final reading's winner. */
  winnerWithLooks: number | null;
  finalWinner: number | null;
  finalVerdict: ReadTest['final']['verdict'];
  /** The title the product puts live at the end (the final reading's recommendation). */
  leftLive: number;
  /** Final lifts per title (index 0 = the original), NaN when the engine gave none. */
  lifts: { lift: number; low: number; high: number }[];
  readings: number;
  exceptions: number;
  finalThrew: boolean;
  firstError: string | null;
}

/** The minutes of [from, from + minutes) each holding the multiplier of the title live then. */
function liveEffects(
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

function pacificDaysBetween(start: Date, end: Date): string[] {
  const days: string[] = [];
  const last = pacificDay(end);
  for (let day = pacificDay(start); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

export function simulateTest(cell: Cell, runKey: string): TestOutcome {
  const { shape } = cell;
  const rng = new Rng(`${runKey}/traffic`);
  const start = new Date(FIRST_START + Math.floor(rng.uniform() * START_SPAN_MINUTES) * MINUTE_MS);
  const end = new Date(start.getTime() + shape.days * DAY_MS);
  const scheduleSeed = `${runKey}/schedule`;
  const slots = generateSchedule({
    seed: scheduleSeed,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
  });
  const video = drawVideo(shape.traffic, rng, start.getTime());
  const from = Math.floor((start.getTime() - WARM_UP_MS) / BIN_MS) * BIN_MS;
  const to = Math.ceil(end.getTime() / BIN_MS) * BIN_MS + BIN_MS;
  const minutes = (to - from) / MINUTE_MS;
  const multipliers = cell.truth.map((lift) => 1 + lift);
  const effect = liveEffects(slots, multipliers, from, minutes);
  const views = simulateViews(shape.traffic, video, rng, from, effect);
  const counted = applyLag(views.counts, shape.lag, rng);
  const samples = counterSamples(counted, from, Math.floor(rng.between(1e3, 1e6)));
  let daily: DailyFigure[] = [];
  if (shape.daily) {
    const meanEffect = (dayFrom: number, dayTo: number): number => {
      const a = Math.max(0, Math.round((dayFrom - from) / MINUTE_MS));
      const b = Math.min(minutes, Math.round((dayTo - from) / MINUTE_MS));
      let sum = 0;
      for (let m = a; m < b; m++) sum += effect[m] as number;
      return b > a ? sum / (b - a) : 1;
    };
    daily = dailyFigures({
      features: shape.daily,
      traffic: shape.traffic,
      video,
      rng,
      days: pacificDaysBetween(start, end),
      titleEffect: meanEffect,
      liftOn: shape.metric === 'combined' ? 'duration' : 'ctr',
    });
  }
  const windowsPerTitle = new Array<number>(shape.titleCount).fill(0);
  for (const slot of slots) if (slot.kind === 'window') windowsPerTitle[slot.titleIndex]! += 1;
  const plan: TestPlan = {
    stored: storeTest({
      slots,
      titleCount: shape.titleCount,
      // The product reads the counter at its shape's cadence (10 min up to 4-hour views windows).
      samples: sampledEvery(
        samples.filter((s) => s.sampledAt.getTime() >= start.getTime() - 2 * 3_600_000),
        samplingPeriodMinutes({ rotationIntervalMinutes: shape.intervalMinutes, winnerMetric: shape.metric }),
      ),
      counterAt: (at) => counterAt(samples, at),
      daily,
      intervalMinutes: shape.intervalMinutes,
      metric: shape.metric,
    }),
    metric: shape.metric,
    titleCount: shape.titleCount,
    intervalMinutes: shape.intervalMinutes,
    start,
    end,
    publishedAt: new Date(video.publishedAt),
    scheduleSeed,
    plannedUnitsPerTitle: Math.min(...windowsPerTitle),
    finalAt: Math.max(end.getTime(), ...daily.map((day) => day.availableAt)),
  };
  const { interim, final } = readTest(plan);
  const all = [...interim, final];
  const firstWinner = interim.find((reading) => reading.verdict === 'winner');
  return {
    winnerWithLooks: firstWinner ? firstWinner.winnerTitleIndex : final.winnerTitleIndex,
    finalWinner: final.winnerTitleIndex,
    finalVerdict: final.verdict,
    leftLive: final.recommendedTitleIndex,
    lifts: final.lifts,
    readings: all.length,
    exceptions: all.filter((reading) => reading.threw).length,
    finalThrew: final.threw,
    firstError: all.find((reading) => reading.error !== null)?.error ?? null,
  };
}
