import { describe, expect, it } from 'vitest';
import { runSimulatedTest, simulationPlan } from './forecast-simulation';
import { designRow, liftFor, TABLE_SIGMA } from './forecast-table';
import type { Grain } from './forecast-table';

// The table is a surrogate for simulating each test afresh: checked here against the simulation it
// was made from, on seeds of their own (bench/forecast-table.ts regenerates it; the studies check the
// promise end to end on the simulator's and on independent traffic).

const START = new Date('2026-01-05T08:00:00Z');
const DAY = 86_400_000;

function decidedAtTableLift(grain: Grain, intervalMinutes: number, titleCount: number, days: number): number {
  const row = designRow(grain, titleCount, days)!;
  const c80 = liftFor(row, 0.8)!;
  const metric = grain.startsWith('views') ? 'views' : 'ctr';
  // Another noise level than the table's: the rows are in units of σ.
  const sigma = 2 * TABLE_SIGMA;
  const plan = simulationPlan(
    { metric, intervalMinutes, titleCount, start: START, end: new Date(START.getTime() + days * DAY) },
    { viewsPerDay: 1e9, halfLifeDays: Number.POSITIVE_INFINITY, unitNoise: sigma, washoutMinutes: 15 },
    120,
    { seed: 'table-check' },
  );
  let decided = 0;
  for (let run = 0; run < plan.runs.length; run++)
    if (runSimulatedTest(plan, run, Math.expm1(c80 * sigma)).winner === 1) decided++;
  return decided / plan.runs.length;
}

describe('the forecast table', () => {
  it('has every grain, variant count and length the dialog offers', () => {
    for (const titleCount of [2, 3, 4, 5]) {
      expect(designRow('views:60', titleCount, 7)).not.toBeNull();
      expect(designRow('daily:1440', titleCount, 14)).not.toBeNull();
      expect(designRow('views:720', titleCount, 60)).not.toBeNull();
    }
  });

  it.each([
    ['daily:1440', 1440, 3, 14],
    ['views:240', 240, 2, 7],
  ] as const)(
    'keeps its word against the simulation: %s, %s-minute windows, %s variants, %s days',
    (grain, interval, titles, days) => {
      const decided = decidedAtTableLift(grain, interval, titles, days);
      // 120 tests: a standard error of about 3.7 points around 80%.
      expect(decided).toBeGreaterThan(0.68);
      expect(decided).toBeLessThan(0.92);
    },
  );
});
