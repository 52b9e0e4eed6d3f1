// One simulated test of a cell: schedule from the product's generator, adverse traffic, the
// lagging counter sampled every 10 minutes, daily figures where the metric needs them, then
// every reading a creator would see. A measured shape's test first gets the washout the product
// sets from an earlier test on the channel, or is refused (earlier-test.ts).

import { samplingPeriodMinutes } from '../../src/capacity/cost-model';
import { generateSchedule } from '../../src/statistics/schedule';
import { addDays, pacificDay } from '../../src/time/pacific';
import type { Cell } from './cells';
import { DAY_MS, MINUTE_MS, simulateTraffic } from './channel-traffic';
import { counterAt, sampledEvery } from './counter';
import { dailyFigures } from './daily-figures';
import type { DailyFigure } from './daily-figures';
import { measuredWashout } from './earlier-test';
import type { WashoutChoice } from './earlier-test';
import { storeTest } from './product-rows';
import { readTest } from './readings';
import type { ReadTest, TestPlan } from './readings';
import { Rng } from './rng';

/** Tests start at a random minute between 2 March and 30 November 2026 (both DST changes inside). */
const FIRST_START = Date.UTC(2026, 2, 2);
const START_SPAN_MINUTES = 273 * 24 * 60;

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
  /** A measured shape's washout (refused: the test never ran, the rest is empty); null otherwise. */
  washout: WashoutChoice | null;
}

function pacificDaysBetween(start: Date, end: Date): string[] {
  const days: string[] = [];
  const last = pacificDay(end);
  for (let day = pacificDay(start); day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A test the product refused to start: no reading, the original stays. */
function refusedOutcome(titleCount: number, washout: WashoutChoice): TestOutcome {
  const nan = { lift: Number.NaN, low: Number.NaN, high: Number.NaN };
  return {
    winnerWithLooks: null,
    finalWinner: null,
    finalVerdict: 'inconclusive',
    leftLive: 0,
    lifts: Array.from({ length: titleCount }, () => nan),
    readings: 0,
    exceptions: 0,
    finalThrew: false,
    firstError: null,
    washout,
  };
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
  const { video, from, minutes, effect, samples } = simulateTraffic({
    traffic: shape.traffic,
    lag: shape.lag,
    rng,
    start,
    end,
    slots,
    truth: cell.truth,
  });
  // Drawn after this test's traffic, from its own stream: the base shape's runs stay as they were.
  const washout = shape.earlierTest ? measuredWashout(shape, shape.earlierTest, runKey, start) : null;
  if (washout?.refused) return refusedOutcome(shape.titleCount, washout);
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
      washoutMinutes: washout?.minutes ?? null,
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
    washout,
  };
}
