// Calibrates the plan against the validation study, so that its promise — a test with a true lift
// equal to the plan's detectable lift is decided 8 times in 10 — holds on average over the study's
// mix of videos (common random numbers across steps):
// - the typical traffic noise per unit for each interval and metric (src/statistics/typical-noise.ts),
//   on the default channel, by bisection on the noise;
// - the typical half-life of a video's traffic (TYPICAL_HALF_LIFE_DAYS in src/statistics/forecast.ts), on
//   the small channel, where count noise dominates and grows as the traffic decays.
// Prints what to paste.
//   npx tsx bench/calibrate-noise.ts [--runs 300]

import { parseArgs } from 'node:util';
import { defaultDurationDaysFor, intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import { forecastShape, TYPICAL_VIEWS_PER_DAY } from '../src/statistics/forecast';
import type { ForecastNoise } from '../src/statistics/forecast';
import { RESPONSE_OF } from '../src/statistics/window-analysis';
import { PLAN_START, runTest, SMALL_CHANNEL_VIEWS_PER_DAY } from './stats-simulation';
import type { Channel, Shape } from './stats-simulation';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '300' } } });
const runs = Number(values.runs);

/** Share of simulated tests decided for Title 2 when its true lift is the plan's detectable lift. */
function powerAtPlan(shape: Shape, channel: Channel, noise: ForecastNoise): number {
  const plan = forecastShape({ ...shape, durationDays: shape.days, start: PLAN_START }, noise);
  const lift = plan.minimumDetectableLift ?? Number.NaN;
  let decided = 0;
  for (let r = 0; r < runs; r++) {
    const run = `calibrate/${shape.metric}/${shape.intervalMinutes}/${channel}/${r}`;
    if (runTest(shape, { lift }, channel, run, 1000).winner === 1) decided++;
  }
  return decided / runs;
}

const table: Record<string, number> = {};
for (const metric of WINNER_METRICS) {
  for (const intervalMinutes of intervalsFor(metric)) {
    const days = defaultDurationDaysFor(metric) + (intervalMinutes === 1440 && metric === 'views' ? 7 : 0);
    const shape = { intervalMinutes, metric, titleCount: 2, days };
    const powerAt = (noise: number): number => {
      const plan = forecastShape(
        { ...shape, durationDays: days, start: PLAN_START },
        { viewsPerDay: TYPICAL_VIEWS_PER_DAY, trafficNoise: noise },
      );
      const lift = plan.minimumDetectableLift ?? Number.NaN;
      let decided = 0;
      for (let r = 0; r < runs; r++) {
        const outcome = runTest(
          shape,
          { lift },
          'default',
          `calibrate/${metric}/${intervalMinutes}/${r}`,
          1000,
        );
        if (outcome.winner === 1) decided++;
      }
      return decided / runs;
    };
    let low = 0.005;
    let high = 0.6;
    for (let step = 0; step < 9; step++) {
      const mid = Math.sqrt(low * high);
      if (powerAt(mid) >= 0.8) high = mid;
      else low = mid;
    }
    const noise = Number(Math.sqrt(low * high).toFixed(4));
    table[`${intervalMinutes}:${RESPONSE_OF[metric]}`] = noise;
    process.stderr.write(`${metric} ${intervalMinutes} min (${days} days): ${noise}\n`);
  }
}
process.stdout.write(`${JSON.stringify(table, null, 2)}\n`);

// The half-life: mean power at the plan's lift over small-channel shapes, closest to 80%.
const smallShapes: Shape[] = [
  { intervalMinutes: 60, metric: 'views', titleCount: 2, days: 7 },
  { intervalMinutes: 240, metric: 'views', titleCount: 2, days: 7 },
  { intervalMinutes: 1440, metric: 'ctr', titleCount: 2, days: 14 },
  { intervalMinutes: 1440, metric: 'combined', titleCount: 2, days: 14 },
];
let best = { halfLifeDays: Number.NaN, gap: Number.POSITIVE_INFINITY };
for (const halfLifeDays of [3, 4, 5, 6, 8, 10, 14]) {
  const powers = smallShapes.map((shape) =>
    powerAtPlan(shape, 'small', {
      viewsPerDay: SMALL_CHANNEL_VIEWS_PER_DAY,
      trafficNoise: table[`${shape.intervalMinutes}:${RESPONSE_OF[shape.metric]}`],
      halfLifeDays,
    }),
  );
  const mean = powers.reduce((a, b) => a + b, 0) / powers.length;
  process.stderr.write(
    `half-life ${halfLifeDays} days: power at the plan's lift ${powers.map((p) => p.toFixed(2)).join(', ')} (mean ${mean.toFixed(2)})\n`,
  );
  if (Math.abs(mean - 0.8) < best.gap) best = { halfLifeDays, gap: Math.abs(mean - 0.8) };
}
process.stdout.write(`TYPICAL_HALF_LIFE_DAYS = ${best.halfLifeDays}\n`);
