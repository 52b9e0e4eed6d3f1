// Validation study of the statistics engine (STATISTICS.md §5, issue 7 item 5).
//   npx tsx bench/stats.ts [--runs 500] [--draws 4000] [--workers N] [--write-readme] [--readme README.md]
// Prints a Markdown table comparing the engine with naive per-title averaging on simulated tests
// with known truths; --write-readme replaces the README block between the stats-study markers.

import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { format, resolveConfig } from 'prettier';
import { DESIGNS, runTest, SCENARIOS, TITLE_COUNTS } from './stats-simulation';
import type { Design, Outcome, Scenario } from './stats-simulation';

interface Cell {
  design: Design;
  titleCount: number;
  scenario: Scenario;
}
const CELLS: Cell[] = DESIGNS.flatMap((design) =>
  TITLE_COUNTS.flatMap((titleCount) => SCENARIOS.map((scenario) => ({ design, titleCount, scenario }))),
);

interface Job {
  cell: number;
  runs: number;
  draws: number;
  seed: string;
}
interface WorkerInput {
  role: 'stats-study-worker';
}

function runCell({ cell, runs, draws, seed }: Job): Outcome[] {
  const { design, titleCount, scenario } = CELLS[cell] as Cell;
  return Array.from({ length: runs }, (_, r) =>
    runTest(
      design,
      titleCount,
      scenario,
      `${seed}/${design.intervalMinutes}/${titleCount}/${scenario.label}/${r}`,
      draws,
    ),
  );
}

function readArgs() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '500' },
      draws: { type: 'string', default: '4000' },
      workers: { type: 'string', default: String(Math.min(availableParallelism(), 4)) },
      seed: { type: 'string', default: 'stats-study' },
      'write-readme': { type: 'boolean', default: false },
      readme: { type: 'string', default: 'README.md' },
    },
  });
  const runs = Number(values.runs);
  const draws = Number(values.draws);
  const workers = Math.max(1, Math.floor(Number(values.workers)));
  if (!(runs >= 1) || !(draws >= 100) || !Number.isFinite(workers)) {
    throw new Error('--runs must be ≥ 1, --draws ≥ 100, --workers a number');
  }
  return {
    runs,
    draws,
    workers,
    seed: values.seed,
    writeReadme: values['write-readme'],
    readme: values.readme,
  };
}

/** Runs every cell on a pool of worker threads; each run is seeded, so results do not depend on the pool. */
async function runAll(job: Omit<Job, 'cell'>, workerCount: number): Promise<Outcome[][]> {
  const results: Outcome[][] = new Array<Outcome[]>(CELLS.length);
  let next = 0;
  const workers = Array.from(
    { length: Math.min(workerCount, CELLS.length) },
    () =>
      new Worker(new URL(import.meta.url), {
        workerData: { role: 'stats-study-worker' } satisfies WorkerInput,
      }),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = (): void => {
            if (next >= CELLS.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            worker.postMessage({ ...job, cell: next++ } satisfies Job);
          };
          worker.on('message', ({ cell, outcomes }: { cell: number; outcomes: Outcome[] }) => {
            results[cell] = outcomes;
            const { design, titleCount, scenario } = CELLS[cell] as Cell;
            process.stderr.write(
              `${design.label}, ${titleCount} titles, ${scenario.label} (${scenario.metric})\n`,
            );
            feed();
          });
          worker.on('error', reject);
          feed();
        }),
    ),
  );
  return results;
}

const pct = (share: number): string => `${(100 * share).toFixed(1)}%`;
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)}%`;

/** Row cells: for identical titles any winner is false; otherwise title 2 is the right answer. */
function summarise(outcomes: Outcome[], scenario: Scenario): string[] {
  const share = (pick: (o: Outcome) => boolean): string =>
    pct(outcomes.filter(pick).length / outcomes.length);
  const rate = (winner: (o: Outcome) => number | null): string =>
    scenario.lift === 0
      ? `— / ${share((o) => winner(o) !== null)} (${share((o) => (winner(o) ?? 0) > 0)})`
      : `${share((o) => winner(o) === 1)} / ${share((o) => winner(o) !== null && winner(o) !== 1)}`;
  const meanLift = (lift: (o: Outcome) => number): string => {
    const values = outcomes.map(lift).filter(Number.isFinite);
    return signed(values.reduce((a, b) => a + b, 0) / values.length);
  };
  return [
    rate((o) => o.winner),
    share((o) => o.verdict === 'preferred'),
    share((o) => o.verdict === 'no_difference'),
    meanLift((o) => o.lift),
    rate((o) => o.winnerWithoutMinimums),
    rate((o) => o.naiveWinner),
    meanLift((o) => o.naiveLift),
  ];
}

const HEADER = [
  'Windows',
  'Titles',
  'Truth',
  'Metric',
  'Engine winner: right / wrong',
  'Preferred',
  'No difference',
  'Engine mean lift',
  'Rule without minimums: right / wrong',
  'Naive winner: right / wrong',
  'Naive mean lift',
];

function report(results: Outcome[][], args: ReturnType<typeof readArgs>): string {
  const rows = CELLS.map(({ design, titleCount, scenario }, i) => {
    const truth = scenario.lift === 0 ? 'identical' : scenario.label;
    const cells = [
      design.label,
      titleCount,
      truth,
      scenario.metric,
      ...summarise(results[i] ?? [], scenario),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  return [
    `Validation study of the winner engine: \`npm run bench:stats\` (\`npx tsx bench/stats.ts --write-readme\`) regenerates this block (${args.runs} simulated tests per row, seed "${args.seed}"). Title 2 carries the true lift; the others equal the original.`,
    '',
    `- Engine: the schedule generator, washout, the window model and ${args.draws.toLocaleString('en-US')} posterior draws (the product uses 20,000; two titles with df ≥ 30 use the closed form). Checked at each day boundary from day 3 (a winner then needs P(best) ≥ 0.999), final verdict at the end (P(best) ≥ 0.95, or "preferred" at 0.8). Its lift is title 2's estimate from all windows.`,
    '- Identical titles: any winner is false; in brackets the harmful part, a challenger declared winner.',
    '- Rule without minimums: the end-of-test winner rule applied without the minimum sample (daily tests cannot reach 8 windows per title in 14 days).',
    '- Naive: pooled counts per title at the end, winner at ≥ 95% chance to be best assuming Poisson/binomial noise.',
    '- Traffic: the simulator model (decay, Pacific daily cycle, log-normal hourly noise partly persistent over 6 h, 15 min carryover after each switch). Hourly CTR uses per-window impressions, which YouTube reports only per day (idealised).',
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...rows,
  ].join('\n');
}

function writeReadme(path: string, block: string): void {
  const text = readFileSync(path, 'utf8');
  const startMarker = '<!-- stats-study:start -->';
  const endMarker = '<!-- stats-study:end -->';
  const from = text.indexOf(startMarker);
  const to = text.indexOf(endMarker);
  if (from < 0 || to < from) throw new Error(`${path} has no ${startMarker} … ${endMarker} block`);
  writeFileSync(path, `${text.slice(0, from + startMarker.length)}\n${block}\n${text.slice(to)}`);
  process.stderr.write(`updated ${path}\n`);
}

async function main(): Promise<void> {
  const args = readArgs();
  const started = performance.now();
  const results = await runAll({ runs: args.runs, draws: args.draws, seed: args.seed }, args.workers);
  // Formatted as `npm run format` would, so regenerating the README leaves it format-clean.
  const block = (
    await format(report(results, args), { ...(await resolveConfig(args.readme)), parser: 'markdown' })
  ).trimEnd();
  process.stdout.write(`${block}\n`);
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s on ${args.workers} workers\n`);
  if (args.writeReadme) writeReadme(args.readme, block);
}

if (isMainThread) {
  await main();
} else if ((workerData as WorkerInput | undefined)?.role === 'stats-study-worker') {
  parentPort?.on('message', (job: Job) =>
    parentPort?.postMessage({ cell: job.cell, outcomes: runCell(job) }),
  );
}
