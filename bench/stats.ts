// Validation study of the statistics engine and the plan (docs/statistics.md):
//   npx tsx bench/stats.ts [--runs 400] [--draws 2000] [--workers N] [--seed S] [--write-readme] [--readme README.md]
// For every shape the create dialog offers — views at every interval, CTR and watch time per
// impression at daily windows, 2, 3 and 5 titles — on a default and a small channel, simulated
// tests with identical titles and with true lifts of +5%, +10%, +20% and the plan's own detectable
// lift, measured only as YouTube measures them. Prints a Markdown table; --write-readme replaces
// the README block between the stats-study markers.

import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { format, resolveConfig } from 'prettier';
import { defaultDurationDaysFor, intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import { planShape, suggestShape, TYPICAL_VIEWS_PER_DAY } from '../src/statistics/plan';
import type { PlanShape } from '../src/statistics/plan';
import { replaceMarkedBlock } from './readme-block';
import { PLAN_START, runTest, SMALL_CHANNEL_VIEWS_PER_DAY } from './stats-simulation';
import type { Channel, Outcome, Shape } from './stats-simulation';

const TITLE_COUNTS = [2, 3, 5];
const CHANNELS: Channel[] = ['default', 'small'];
const FIXED_LIFTS = [0, 0.05, 0.1, 0.2];

interface Row {
  shape: Shape;
  channel: Channel;
  /** The plan's detectable lift for this shape and channel (null: the plan says it cannot decide). */
  planLift: number | null;
  /** The row's shape was lengthened to the plan's suggestion because the default cannot decide. */
  lengthened: boolean;
  lifts: number[];
}

/** Each shape at its default length, or at the nearest length the plan says can decide. */
function buildRows(): Row[] {
  const rows: Row[] = [];
  for (const metric of WINNER_METRICS)
    for (const intervalMinutes of intervalsFor(metric))
      for (const titleCount of TITLE_COUNTS)
        for (const channel of CHANNELS) {
          const viewsPerDay = channel === 'small' ? SMALL_CHANNEL_VIEWS_PER_DAY : TYPICAL_VIEWS_PER_DAY;
          const planShapeOf = (days: number): PlanShape => ({
            intervalMinutes,
            metric,
            titleCount,
            durationDays: days,
            start: PLAN_START,
          });
          let days = defaultDurationDaysFor(metric);
          let plan = planShape(planShapeOf(days), { viewsPerDay });
          let lengthened = false;
          if (plan.minimumDetectableLift === null) {
            const suggestion = suggestShape(planShapeOf(days), plan, { viewsPerDay });
            if (suggestion && suggestion.shape.titleCount === titleCount) {
              days = suggestion.shape.durationDays;
              plan = suggestion.plan;
              lengthened = true;
            }
          }
          const planLift = plan.minimumDetectableLift;
          rows.push({
            shape: { intervalMinutes, metric, titleCount, days },
            channel,
            planLift,
            lengthened,
            // The plan's lift, and a quarter above it, so the lift the study needs for 80% can be read.
            lifts:
              planLift !== null && planLift < 2 ? [...FIXED_LIFTS, planLift, 1.25 * planLift] : FIXED_LIFTS,
          });
        }
  return rows;
}
const ROWS = buildRows();

interface Job {
  row: number;
  runs: number;
  draws: number;
  seed: string;
}
type RowResult = Outcome[][]; // per lift, the runs

function runRow({ row, runs, draws, seed }: Job): RowResult {
  const { shape, channel, lifts } = ROWS[row] as Row;
  return lifts.map((lift, liftIndex) =>
    Array.from({ length: runs }, (_, r) =>
      runTest(
        shape,
        { lift },
        channel,
        `${seed}/${shape.metric}/${shape.intervalMinutes}/${shape.titleCount}/${shape.days}/${channel}/${liftIndex}/${r}`,
        draws,
      ),
    ),
  );
}

function readArgs() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '400' },
      draws: { type: 'string', default: '2000' },
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

/** Runs every row on a pool of worker threads; each run is seeded, so results do not depend on the pool. */
async function runAll(job: Omit<Job, 'row'>, workerCount: number): Promise<RowResult[]> {
  const results: RowResult[] = new Array<RowResult>(ROWS.length);
  let next = 0;
  const workers = Array.from(
    { length: Math.min(workerCount, ROWS.length) },
    () => new Worker(new URL(import.meta.url), { workerData: { role: 'stats-study-worker' } }),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = (): void => {
            if (next >= ROWS.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            worker.postMessage({ ...job, row: next++ } satisfies Job);
          };
          worker.on('message', ({ row, result }: { row: number; result: RowResult }) => {
            results[row] = result;
            const { shape, channel } = ROWS[row] as Row;
            process.stderr.write(
              `${shape.metric} ${shape.intervalMinutes} min × ${shape.titleCount} titles, ${shape.days} days, ${channel}\n`,
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
const share = (outcomes: Outcome[], pick: (o: Outcome) => boolean): number =>
  outcomes.filter(pick).length / Math.max(1, outcomes.length);
/**
 * The median estimated lift minus the truth, with the Monte Carlo standard error of a median
 * (1.2533·sd/√n): the engine works on the log scale, so its estimates are median-unbiased, and on
 * a small channel the spread of single estimates is wide enough that 400 runs cannot pin the
 * median closer than a point or two.
 */
function liftBias(outcomes: Outcome[], truth: number): string {
  const values = outcomes
    .map((o) => o.lift)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (values.length === 0) return '—';
  const median = values[Math.floor(values.length / 2)] as number;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
  const error = (1.2533 * sd) / Math.sqrt(values.length);
  return `${(100 * (median - truth)).toFixed(1)} ± ${(100 * error).toFixed(1)} pt`;
}
const WINDOW_WORDS: Record<number, string> = {
  60: '1 h',
  120: '2 h',
  240: '4 h',
  480: '8 h',
  720: '12 h',
  1440: '24 h',
};

const HEADER = [
  'Metric',
  'Windows',
  'Days',
  'Titles',
  'Channel',
  'False winner (identical)',
  'Same (identical)',
  'Power +5%',
  'Power +10%',
  'Power +20%',
  'Plan MDE',
  'Power at plan MDE',
  'Study’s 80% lift ÷ plan MDE',
  'Lift bias at +10%',
  'Naive false winner',
];

/**
 * The true lift at which the study decides 8 times in 10, over the plan's: interpolated between
 * the measured lifts that bracket 80% power (power grows with the lift). Null when none brackets it.
 */
function studyLiftRatio(row: Row, result: RowResult): number | null {
  if (row.planLift === null) return null;
  const points = row.lifts
    .map((lift, i) => ({ lift, power: share(result[i] ?? [], (o) => o.winner === 1) }))
    .filter((point) => point.lift > 0)
    .sort((a, b) => a.lift - b.lift);
  for (let i = 1; i < points.length; i++) {
    const below = points[i - 1]!;
    const above = points[i]!;
    if (below.power < 0.8 && above.power >= 0.8) {
      const lift =
        below.lift + ((0.8 - below.power) / (above.power - below.power)) * (above.lift - below.lift);
      return lift / row.planLift;
    }
  }
  return null;
}

function tableRow(row: Row, result: RowResult): string {
  const [identical = [], five = [], ten = [], twenty = [], atPlan] = result;
  const right = (outcomes: Outcome[]): string => pct(share(outcomes, (o) => o.winner === 1));
  const ratio = studyLiftRatio(row, result);
  const atPlanPower = atPlan ? share(atPlan, (o) => o.winner === 1) : null;
  const cells = [
    row.shape.metric,
    WINDOW_WORDS[row.shape.intervalMinutes] ?? `${row.shape.intervalMinutes} min`,
    `${row.shape.days}${row.lengthened ? '*' : ''}`,
    row.shape.titleCount,
    row.channel === 'small' ? `small (${SMALL_CHANNEL_VIEWS_PER_DAY}/day)` : 'default',
    pct(share(identical, (o) => o.winner !== null)),
    pct(share(identical, (o) => o.verdict === 'same')),
    right(five),
    right(ten),
    right(twenty),
    row.planLift === null ? 'cannot decide' : `+${(100 * row.planLift).toFixed(1)}%`,
    atPlan ? right(atPlan) : '—',
    ratio !== null ? ratio.toFixed(2) : atPlanPower !== null && atPlanPower >= 0.8 ? '≤ 1.00' : '—',
    liftBias(ten, 0.1),
    row.shape.metric === 'combined' ? '—' : pct(share(identical, (o) => o.naiveWinner !== null)),
  ];
  return `| ${cells.join(' | ')} |`;
}

function report(results: RowResult[], args: ReturnType<typeof readArgs>): string {
  return [
    `Validation study: \`npm run bench:stats\` (\`npx tsx bench/stats.ts --write-readme\`; \`--seed\` to re-run on other seeds) regenerates this block: ${args.runs} simulated tests per cell, seed "${args.seed}". Title 2 carries the true lift; the others equal the original.`,
    '',
    `- Measured as YouTube measures: views from the public counter per window (whole counts, a washout after each switch); impressions, CTR and watch time per Pacific day, arriving 2–3 days late. Tests are read every day at 02:00 Pacific and count as decided at the first "Winner" (a creator who completes the test then); daily-metric tests take their final verdict once the last day's figures are in.`,
    '- Default channel: 1,500–30,000 impressions an hour at publication (median about 5,700 views a day when the test starts). Small: about 50 views a day. Days: the metric’s default length (7 for views, 14 for CTR and watch time); * marks shapes that cannot decide at the default, run at the plan’s nearest length that can.',
    '- False winner: any winner between identical titles (target ≤ 5%). Power: the right title declared winner. Plan MDE: the lift `GET /api/tests/plan` promises to find 8 times in 10; power there should be about 80%, and the lift at which the study reaches 80% (interpolated between the plan’s lift and 1.25 times it, or the fixed lifts) within ±20% of it. Lift bias: median estimate minus the truth, in percentage points, ± its Monte Carlo standard error. Naive: pooled counts per title, winner at ≥ 95% chance to be best.',
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...ROWS.map((row, i) => tableRow(row, results[i] ?? [])),
  ].join('\n');
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
  if (args.writeReadme)
    replaceMarkedBlock(
      args.readme,
      { start: '<!-- stats-study:start -->', end: '<!-- stats-study:end -->' },
      block,
    );
}

if (isMainThread) {
  await main();
} else if ((workerData as { role?: string } | undefined)?.role === 'stats-study-worker') {
  parentPort?.on('message', (job: Job) => parentPort?.postMessage({ row: job.row, result: runRow(job) }));
}
