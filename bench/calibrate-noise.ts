// Calibrates the plan's typical traffic noise (src/statistics/typical-noise.ts) against the
// validation study: for each interval and metric, the noise per unit at which the plan's promise
// holds on the study's default channel — simulated two-title tests with a true lift equal to the
// plan's detectable lift are decided 8 times in 10, averaged over the study's mix of videos
// (bisection on the noise, common random numbers across steps). Prints the table to paste.
//   npx tsx bench/calibrate-noise.ts [--runs 300]

import { parseArgs } from 'node:util';
import { defaultDurationDaysFor, intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import { planShape, TYPICAL_VIEWS_PER_DAY } from '../src/statistics/plan';
import { RESPONSE_OF } from '../src/statistics/window-analysis';
import { runTest } from './stats-simulation';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '300' } } });
const runs = Number(values.runs);
const start = new Date(Date.UTC(2026, 1, 2, 17, 20));

const table: Record<string, number> = {};
for (const metric of WINNER_METRICS) {
  for (const intervalMinutes of intervalsFor(metric)) {
    const days = defaultDurationDaysFor(metric) + (intervalMinutes === 1440 && metric === 'views' ? 7 : 0);
    const shape = { intervalMinutes, metric, titleCount: 2, days };
    const powerAt = (noise: number): number => {
      const plan = planShape(
        { ...shape, durationDays: days, start },
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
