// Regenerates the forecast's design table (src/statistics/forecast-table.json; docs/statistics.md,
// "Forecast"): for every grain, variant count and design length the create dialog can offer, tests
// are simulated with the product's schedule, looks, bars and randomisation test
// (src/statistics/forecast-simulation.ts) on traffic whose units carry log-normal noise σ and no
// count noise, and the table keeps, in units of σ, the lift each share of them needs to name the
// better variant, with when they stopped and how many switches they made. The forecast scales it
// by the noise of the video at hand. Run after any change to the engine, the schedule, the looks or
// their bars:
//   npx tsx bench/forecast-table.ts [--runs 150] [--workers 2] [--only views:60:2]

import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { format, resolveConfig } from 'prettier';
import {
  FORECAST_TABLE_PATH,
  TABLE_GRAINS,
  TABLE_QUANTILES,
  TABLE_SIGMA,
  designDaysFor,
  grainShape,
} from '../src/statistics/forecast-table';
import type { DesignRow, ForecastTable, Grain } from '../src/statistics/forecast-table';
import {
  criticalLogLifts,
  runSimulatedTest,
  simulationPlan,
  stoppedAt,
  switchesUntil,
} from '../src/statistics/forecast-simulation';
import { sortedQuantile } from '../src/statistics/distributions';
import { washoutMinutes } from '../src/statistics/verdict';
import { LATEST_SCHEDULE_DESIGN } from '../src/statistics/schedule';

/** Monday 5 January 2026, 00:00 Pacific: a design that starts on a block boundary, no DST change. */
const TABLE_START = new Date('2026-01-05T08:00:00Z');
const DAY_MS = 86_400_000;

interface Job {
  grain: Grain;
  titleCount: number;
  days: number;
  runs: number;
}

function designRow({ grain, titleCount, days, runs }: Job): DesignRow {
  const { metric, intervalMinutes } = grainShape(grain);
  const shape = {
    metric,
    intervalMinutes,
    titleCount,
    start: TABLE_START,
    end: new Date(TABLE_START.getTime() + days * DAY_MS),
  };
  const plan = simulationPlan(
    shape,
    {
      viewsPerDay: 1e9,
      halfLifeDays: Number.POSITIVE_INFINITY,
      unitNoise: TABLE_SIGMA,
      washoutMinutes: washoutMinutes(intervalMinutes),
    },
    runs,
  );
  const critical = criticalLogLifts(plan, TABLE_SIGMA).sort((a, b) => a - b);
  const finite = critical.filter(Number.isFinite);
  const never = 1 - finite.length / critical.length;
  const q = TABLE_QUANTILES.map((p) => {
    const value = sortedQuantile(critical, p);
    return Number.isFinite(value) ? Math.round((value / TABLE_SIGMA) * 1000) / 1000 : null;
  });
  // When tests at the 80% lift stopped, and how many switches they made, against the whole design.
  const at80 = sortedQuantile(critical, 0.8);
  let stop = null as number | null;
  let switchShare = null as number | null;
  if (Number.isFinite(at80)) {
    const stops: number[] = [];
    let switched = 0;
    let all = 0;
    for (let run = 0; run < plan.runs.length; run++) {
      const outcome = runSimulatedTest(plan, run, Math.expm1(at80));
      const until = outcome.winner === null ? Number.POSITIVE_INFINITY : stoppedAt(plan, outcome.look);
      stops.push(
        Number.isFinite(until) ? (until - TABLE_START.getTime()) / DAY_MS : Number.POSITIVE_INFINITY,
      );
      switched += switchesUntil(plan, run, until);
      all += switchesUntil(plan, run, Number.POSITIVE_INFINITY);
    }
    stops.sort((a, b) => a - b);
    const median = sortedQuantile(stops, 0.5);
    stop = Number.isFinite(median) ? Math.round((median / days) * 1000) / 1000 : null;
    switchShare = all > 0 ? Math.round((switched / all) * 1000) / 1000 : null;
  }
  return {
    grain,
    titleCount,
    days,
    units: plan.units.length,
    q,
    never: Math.round(never * 1000) / 1000,
    stopShare: stop,
    switchShare,
  };
}

/** Moving average with weights 1, 2, 1 where the neighbours are known (the ends keep their value). */
function smoothed(values: (number | null)[]): (number | null)[] {
  return values.map((value, i) => {
    const before = values[i - 1];
    const after = values[i + 1];
    if (value === null || before == null || after == null) return value;
    return (before + 2 * value + after) / 4;
  });
}

/** Pool adjacent violators: the closest non-increasing sequence (nulls, at the short end, kept). */
function nonIncreasing(values: (number | null)[]): (number | null)[] {
  const blocks: { sum: number; count: number; from: number }[] = [];
  values.forEach((value, i) => {
    if (value === null) return;
    blocks.push({ sum: value, count: 1, from: i });
    while (blocks.length > 1) {
      const last = blocks[blocks.length - 1]!;
      const previous = blocks[blocks.length - 2]!;
      if (previous.sum / previous.count >= last.sum / last.count) break;
      previous.sum += last.sum;
      previous.count += last.count;
      blocks.pop();
    }
  });
  const out = [...values];
  for (const block of blocks)
    for (let i = block.from, left = block.count; left > 0; i++)
      if (out[i] !== null) {
        out[i] = block.sum / block.count;
        left--;
      }
  return out;
}

const rounded = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 1000) / 1000;

/**
 * Takes out the Monte Carlo noise between neighbouring lengths: each quantile's lift is smoothed
 * along the lengths and made non-increasing in them (a longer test never needs a larger lift), and
 * the quantiles non-decreasing within a row.
 */
function smoothRows(rows: DesignRow[]): void {
  for (const grain of TABLE_GRAINS)
    for (const titleCount of [2, 3, 4, 5]) {
      const series = rows.filter((row) => row.grain === grain && row.titleCount === titleCount);
      if (series.length < 3) continue;
      TABLE_QUANTILES.forEach((_, qi) => {
        const values = nonIncreasing(smoothed(series.map((row) => row.q[qi] ?? null)));
        series.forEach((row, i) => (row.q[qi] = rounded(values[i] ?? null)));
      });
      const stops = smoothed(series.map((row) => row.stopShare));
      const switches = smoothed(series.map((row) => row.switchShare));
      series.forEach((row, i) => {
        row.stopShare = rounded(stops[i] ?? null);
        row.switchShare = rounded(switches[i] ?? null);
        let floor = 0;
        row.q = row.q.map((value) => {
          if (value === null) return null;
          floor = Math.max(floor, value);
          return floor;
        });
      });
    }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '150' },
      workers: { type: 'string', default: String(Math.min(2, availableParallelism())) },
      only: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const only = values.only?.split(':');
  const jobs: Job[] = [];
  for (const grain of TABLE_GRAINS)
    for (const titleCount of [2, 3, 4, 5])
      for (const days of designDaysFor(grain)) {
        if (only && (`${only[0]}:${only[1]}` !== grain || (only[2] && Number(only[2]) !== titleCount)))
          continue;
        jobs.push({ grain, titleCount, days, runs });
      }
  // The longest designs first, so no worker is left with one at the end.
  jobs.sort(
    (a, b) =>
      b.days * (1440 / grainShape(b.grain).intervalMinutes) -
      a.days * (1440 / grainShape(a.grain).intervalMinutes),
  );
  const started = performance.now();
  const rows: DesignRow[] = [];
  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Number(values.workers)) },
    () => new Worker(new URL(import.meta.url), { workerData: { role: 'forecast-table-worker' } }),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = (): void => {
            if (next >= jobs.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            worker.postMessage(jobs[next++]);
          };
          worker.on('message', (row: DesignRow) => {
            rows.push(row);
            process.stderr.write(
              `${rows.length}/${jobs.length} ${row.grain} × ${row.titleCount}, ${row.days} d: c80 ${row.q[TABLE_QUANTILES.indexOf(0.8)] ?? '—'}\n`,
            );
            feed();
          });
          worker.on('error', reject);
          feed();
        }),
    ),
  );
  rows.sort(
    (a, b) =>
      TABLE_GRAINS.indexOf(a.grain) - TABLE_GRAINS.indexOf(b.grain) ||
      a.titleCount - b.titleCount ||
      a.days - b.days,
  );
  // Smooth the rows just simulated (rows kept from the table were smoothed when they were made).
  smoothRows(rows);
  // --only replaces its rows in the table as it stands.
  if (only) {
    const kept = (JSON.parse(readFileSync(FORECAST_TABLE_PATH, 'utf8')) as ForecastTable).rows.filter(
      (row) => !jobs.some((job) => job.grain === row.grain && job.titleCount === row.titleCount),
    );
    rows.push(...kept);
  }
  rows.sort(
    (a, b) =>
      TABLE_GRAINS.indexOf(a.grain) - TABLE_GRAINS.indexOf(b.grain) ||
      a.titleCount - b.titleCount ||
      a.days - b.days,
  );
  const table: ForecastTable = {
    about:
      'Generated by `npx tsx bench/forecast-table.ts`: simulated tests per design, critical lifts in units of the noise σ of one unit (docs/statistics.md, "Forecast").',
    scheduleDesign: LATEST_SCHEDULE_DESIGN,
    runs,
    sigma: TABLE_SIGMA,
    quantiles: [...TABLE_QUANTILES],
    rows,
  };
  const text = await format(JSON.stringify(table), {
    ...(await resolveConfig(FORECAST_TABLE_PATH)),
    parser: 'json',
  });
  writeFileSync(FORECAST_TABLE_PATH, text);
  process.stderr.write(`${rows.length} designs in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}

if (isMainThread) {
  await main();
} else if ((workerData as { role?: string } | undefined)?.role === 'forecast-table-worker') {
  parentPort?.on('message', (job: Job) => parentPort?.postMessage(designRow(job)));
}
