// Validation study of the statistics engine and the plan (docs/statistics.md):
//   npx tsx bench/stats.ts [--runs 400] [--draws 2000] [--workers N] [--seed S] [--write-readme] [--readme README.md]
//                          [--shapes views:60/240:2:2/3/4[:small]] [--lifts 0,0.05,0.1,plan]
// For every shape the create dialog offers — views at every interval, CTR and watch time per
// impression at daily windows, 2, 3 and 5 titles — on a default and a small channel, simulated
// tests with identical titles and with true lifts of +5%, +10%, +20% and the plan's own detectable
// lift, measured only as YouTube measures them. Prints a Markdown table; --write-readme replaces
// the README block between the stats-study markers.
//
// --shapes runs chosen shapes at chosen lengths instead (any length a creator may pick, not only
// the default): metric:interval minutes:titles:days[:channel], comma-separated, where any field
// may list alternatives with / (views:60/240:2:2/3/4 is six shapes). --lifts picks the true lifts
// of Title 2 (plan: the plan's detectable lift); by default 0, +5%, +10%, +20% and the plan's. It
// prints one line per shape and lift, with Monte Carlo errors and the coverage of the 95% interval.

import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { format, resolveConfig } from 'prettier';
import { defaultDurationDaysFor, intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import type { WinnerMetric } from '../src/shared/test-shapes';
import { forecastShape, suggestShape, TYPICAL_VIEWS_PER_DAY } from '../src/statistics/forecast';
import type { ForecastShape } from '../src/statistics/forecast';
import { listOption } from './cli-options';
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

const viewsPerDayOf = (channel: Channel): number =>
  channel === 'small' ? SMALL_CHANNEL_VIEWS_PER_DAY : TYPICAL_VIEWS_PER_DAY;

/** Each shape at its default length, or at the nearest length the plan says can decide. */
function buildRows(): Row[] {
  const rows: Row[] = [];
  for (const metric of WINNER_METRICS)
    for (const intervalMinutes of intervalsFor(metric))
      for (const titleCount of TITLE_COUNTS)
        for (const channel of CHANNELS) {
          const viewsPerDay = viewsPerDayOf(channel);
          const planShapeOf = (days: number): ForecastShape => ({
            intervalMinutes,
            metric,
            titleCount,
            durationDays: days,
            start: PLAN_START,
          });
          let days = defaultDurationDaysFor(metric);
          let plan = forecastShape(planShapeOf(days), { viewsPerDay });
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

/** A true lift asked for on the command line: a number, or the plan's detectable lift. */
type LiftChoice = number | 'plan';
const DEFAULT_CHOSEN_LIFTS: LiftChoice[] = [...FIXED_LIFTS, 'plan'];

function parseLift(item: string): LiftChoice {
  if (item === 'plan') return 'plan';
  const lift = Number(item);
  if (!Number.isFinite(lift) || lift <= -1)
    throw new Error('a lift is a number above −1 (0.05 = +5%) or plan');
  return lift;
}

/** metric:interval:titles:days[:channel], any field with /-separated alternatives: the shapes it names. */
function parseShapes(item: string): Array<{ shape: Shape; channel: Channel }> {
  const fields = item.split(':').map((field) => field.split('/'));
  if (fields.length < 4 || fields.length > 5)
    throw new Error('a shape is metric:interval:titles:days[:channel]');
  const [metrics, intervals, titleCounts, lengths, channels = ['default']] = fields;
  const whole = (text: string, what: string, min: number, max: number): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max)
      throw new Error(`${what} must be a whole number from ${min} to ${max}`);
    return value;
  };
  const shapes: Array<{ shape: Shape; channel: Channel }> = [];
  for (const metric of metrics!) {
    if (!(WINNER_METRICS as readonly string[]).includes(metric))
      throw new Error(`metric must be one of ${WINNER_METRICS.join(', ')}`);
    for (const intervalText of intervals!) {
      const intervalMinutes = Number(intervalText);
      if (!(intervalsFor(metric as WinnerMetric) as readonly number[]).includes(intervalMinutes))
        throw new Error(
          `${metric} switches every ${intervalsFor(metric as WinnerMetric).join(', ')} minutes`,
        );
      for (const titleText of titleCounts!)
        for (const daysText of lengths!)
          for (const channel of channels) {
            if (channel !== 'default' && channel !== 'small')
              throw new Error('channel must be default or small');
            shapes.push({
              shape: {
                metric: metric as WinnerMetric,
                intervalMinutes,
                titleCount: whole(titleText, 'titles', 2, 5),
                days: whole(daysText, 'days', 1, 60),
              },
              channel,
            });
          }
    }
  }
  return shapes;
}

/** The chosen shapes at their chosen lengths (not lengthened: what a creator who picks them gets). */
function chosenRows(shapes: Array<{ shape: Shape; channel: Channel }>, lifts: LiftChoice[]): Row[] {
  return shapes.map(({ shape, channel }) => {
    const planLift = forecastShape(
      {
        intervalMinutes: shape.intervalMinutes,
        metric: shape.metric,
        titleCount: shape.titleCount,
        durationDays: shape.days,
        start: PLAN_START,
      },
      { viewsPerDay: viewsPerDayOf(channel) },
    ).minimumDetectableLift;
    const resolved = lifts.flatMap((lift) =>
      lift !== 'plan' ? [lift] : planLift !== null && planLift < 2 ? [planLift] : [],
    );
    return { shape, channel, planLift, lengthened: false, lifts: [...new Set(resolved)] };
  });
}

interface Job {
  row: number;
  spec: Row;
  runs: number;
  draws: number;
  seed: string;
}
type RowResult = Outcome[][]; // per lift, the runs

function runRow({ spec, runs, draws, seed }: Job): RowResult {
  const { shape, channel, lifts } = spec;
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

const USAGE =
  'Usage: npx tsx bench/stats.ts [--runs 400] [--draws 2000] [--workers N] [--seed S] [--write-readme] [--readme README.md] [--shapes metric:interval:titles:days[:channel],…] [--lifts 0,0.05,plan,…]';

function readArgs() {
  const { values } = parseArgs({
    options: {
      shapes: { type: 'string' },
      lifts: { type: 'string' },
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
  const shapes = listOption('shapes', values.shapes, parseShapes, USAGE)?.flat() ?? null;
  const lifts = listOption('lifts', values.lifts, parseLift, USAGE);
  if (shapes === null && lifts !== null) throw new Error(`--lifts needs --shapes.\n${USAGE}`);
  if (shapes !== null && values['write-readme'])
    throw new Error(`--shapes prints its own table; the README block is the full study.\n${USAGE}`);
  return {
    rows: shapes === null ? buildRows() : chosenRows(shapes, lifts ?? DEFAULT_CHOSEN_LIFTS),
    chosen: shapes !== null,
    runs,
    draws,
    workers,
    seed: values.seed,
    writeReadme: values['write-readme'],
    readme: values.readme,
  };
}

/** Runs every row on a pool of worker threads; each run is seeded, so results do not depend on the pool. */
async function runAll(
  rows: Row[],
  job: Omit<Job, 'row' | 'spec'>,
  workerCount: number,
): Promise<RowResult[]> {
  const results: RowResult[] = new Array<RowResult>(rows.length);
  let next = 0;
  const workers = Array.from(
    { length: Math.min(workerCount, rows.length) },
    () => new Worker(new URL(import.meta.url), { workerData: { role: 'stats-study-worker' } }),
  );
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          const feed = (): void => {
            if (next >= rows.length) {
              void worker.terminate().then(() => resolve());
              return;
            }
            const row = next++;
            worker.postMessage({ ...job, row, spec: rows[row] as Row } satisfies Job);
          };
          worker.on('message', ({ row, result }: { row: number; result: RowResult }) => {
            results[row] = result;
            const { shape, channel } = rows[row] as Row;
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
    ...args.rows.map((row, i) => tableRow(row, results[i] ?? [])),
  ].join('\n');
}

/** A share with its Monte Carlo standard error, √(p(1−p)/n). */
function shareWithError(outcomes: Outcome[], pick: (o: Outcome) => boolean): string {
  if (outcomes.length === 0) return '—';
  const p = share(outcomes, pick);
  return `${pct(p)} ± ${(100 * Math.sqrt((p * (1 - p)) / outcomes.length)).toFixed(1)}`;
}

const CHOSEN_HEADER = [
  'Metric',
  'Windows',
  'Days',
  'Titles',
  'Channel',
  'Plan MDE',
  'True lift',
  'Runs',
  'Any winner',
  'Title 2 wins',
  'Another title wins',
  'Winners named early',
  'Same',
  '95% interval covers truth',
  'Lift bias',
];

/** One line per chosen shape and lift. */
function chosenTableRow(row: Row, lift: number, outcomes: Outcome[]): string {
  const winners = outcomes.filter((o) => o.winner !== null);
  const withInterval = outcomes.filter((o) => Number.isFinite(o.liftLow) && Number.isFinite(o.liftHigh));
  const cells = [
    row.shape.metric,
    WINDOW_WORDS[row.shape.intervalMinutes] ?? `${row.shape.intervalMinutes} min`,
    row.shape.days,
    row.shape.titleCount,
    row.channel === 'small' ? `small (${SMALL_CHANNEL_VIEWS_PER_DAY}/day)` : 'default',
    row.planLift === null ? 'cannot decide' : `+${(100 * row.planLift).toFixed(1)}%`,
    lift === 0 ? 'identical' : `${lift > 0 ? '+' : ''}${(100 * lift).toFixed(1)}%`,
    outcomes.length,
    shareWithError(outcomes, (o) => o.winner !== null),
    lift === 0 ? '—' : shareWithError(outcomes, (o) => o.winner === 1),
    lift === 0 ? '—' : shareWithError(outcomes, (o) => o.winner !== null && o.winner !== 1),
    winners.length === 0 ? '—' : pct(share(winners, (o) => o.early)),
    pct(share(outcomes, (o) => o.verdict === 'same')),
    withInterval.length === 0
      ? '—'
      : `${shareWithError(withInterval, (o) => o.liftLow <= lift && lift <= o.liftHigh)}${withInterval.length < outcomes.length ? ` (of ${withInterval.length})` : ''}`,
    liftBias(outcomes, lift),
  ];
  return `| ${cells.join(' | ')} |`;
}

function chosenReport(results: RowResult[], args: ReturnType<typeof readArgs>): string {
  return [
    `Validation study at chosen lengths: \`npx tsx bench/stats.ts ${process.argv.slice(2).join(' ')}\`, seed "${args.seed}". Title 2 carries the true lift; the others equal the original. Measured and read as in the full study.`,
    '',
    '- Any winner: with identical titles, the false-winner rate (target ≤ 5%). Title 2 wins: power. Another title wins: the wrong title named (with two titles, a winner of the wrong sign). Winners named early: share of the winners that came from a daily reading before the end date (99.95% bar). Same: “Performed the same”. Coverage: share of runs whose final 95% interval for Title 2’s lift contains the true lift (target 95%). Shares ± their Monte Carlo standard error; lift bias: median estimate minus truth, in points, ± its standard error.',
    '',
    `| ${CHOSEN_HEADER.join(' | ')} |`,
    `|${CHOSEN_HEADER.map(() => '---').join('|')}|`,
    ...args.rows.flatMap((row, i) =>
      row.lifts.map((lift, j) => chosenTableRow(row, lift, results[i]?.[j] ?? [])),
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = readArgs();
  const started = performance.now();
  const results = await runAll(
    args.rows,
    { runs: args.runs, draws: args.draws, seed: args.seed },
    args.workers,
  );
  // Formatted as `npm run format` would, so regenerating the README leaves it format-clean.
  const text = args.chosen ? chosenReport(results, args) : report(results, args);
  const block = (await format(text, { ...(await resolveConfig(args.readme)), parser: 'markdown' })).trimEnd();
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
