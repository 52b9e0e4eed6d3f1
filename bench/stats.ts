// Validation study of the statistics engine and the plan (docs/statistics.md):
//   npx tsx bench/stats.ts [--runs 400] [--draws 2000] [--workers N] [--seed S] [--write-readme] [--readme README.md]
//                          [--shapes views:60/240:2:2/3/4[:small]] [--lifts 0,0.05,0.1,plan]
// For every shape the create dialog offers — views at every interval, CTR and watch time per
// impression at daily windows, 2, 3 and 5 titles — on a default and a small channel, simulated
// tests with identical titles and with true lifts of +5%, +10%, +20% and the lift the test's own
// plan promises, measured only as YouTube measures them and read as the product reads them: daily
// looks with the winner bar of each, stopping at the first winner (stats-simulation.ts). Each
// test's plan is made as the product confirms it before the first switch, from what it read of
// the video (stats/plan.ts); the study checks that promise: decided ÷ promised within 0.9–1.1.
// Prints a Markdown table; --write-readme replaces the README block between the stats-study markers
// (--block names another, e.g. stats-shorts for the Shorts rows).
//
// --shapes runs chosen shapes at chosen lengths instead (any length a creator may pick, not only
// the default): metric:interval minutes:titles:days[:channel], comma-separated, where any field
// may list alternatives with / (views:60/240:2:2/3/4 is six shapes). --lifts picks the true lifts
// of Title 2 (plan: each test's plan's detectable lift); by default 0, +5%, +10%, +20% and the
// plan's. It prints one line per shape and lift, with Monte Carlo errors.

import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { format, resolveConfig } from 'prettier';
import { defaultDurationDaysFor, intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import type { WinnerMetric } from '../src/shared/test-shapes';
import { forecastShape } from '../src/statistics/forecast';
import { type ForecastShape, TYPICAL_VIEWS_PER_DAY } from '../src/statistics/forecast-inputs';
import { suggestShape } from '../src/statistics/shape-suggestion';
import { listOption } from './cli-options';
import { replaceMarkedBlock } from './readme-block';
import { calibrationHours, PLAN_START, runTest, SMALL_CHANNEL_VIEWS_PER_DAY } from './stats-simulation';
import type { Channel, LiftChoice, Shape } from './stats-simulation';
import { PROMISED_POWER, promiseKept, promiseRatio, summarise } from './stats/summary';
import type { CellSummary, Share } from './stats/summary';
import { CHANNELS as ALL_CHANNELS } from './stats/video';

const TITLE_COUNTS = [2, 3, 5];
const CHANNELS: Channel[] = ['default', 'small'];
const FIXED_LIFTS = [0, 0.05, 0.1, 0.2];
const DEFAULT_LIFTS: LiftChoice[] = [...FIXED_LIFTS, 'plan'];
const HOUR_MS = 3_600_000;

interface Row {
  shape: Shape;
  channel: Channel;
  /** The row's shape was lengthened to the dialog plan's suggestion because the default cannot decide. */
  lengthened: boolean;
  lifts: LiftChoice[];
}

const viewsPerDayOf = (channel: Channel): number =>
  channel === 'small' ? SMALL_CHANNEL_VIEWS_PER_DAY : TYPICAL_VIEWS_PER_DAY;

/**
 * Each shape at its default length, or at the nearest length the create dialog's plan (assumed
 * noise, the channel's typical views, the calibration read included) says can decide.
 */
function buildRows(): Row[] {
  const rows: Row[] = [];
  for (const metric of WINNER_METRICS)
    for (const intervalMinutes of intervalsFor(metric))
      for (const titleCount of TITLE_COUNTS)
        for (const channel of CHANNELS) {
          const noise = { viewsPerDay: viewsPerDayOf(channel) };
          const hours = calibrationHours({ metric, intervalMinutes, titleCount, days: 1 }, noise.viewsPerDay);
          const planShapeOf = (days: number): ForecastShape => ({
            intervalMinutes,
            metric,
            titleCount,
            durationDays: days,
            start: PLAN_START,
            designStart: hours > 0 ? new Date(PLAN_START.getTime() + hours * HOUR_MS) : undefined,
          });
          let days = defaultDurationDaysFor(metric);
          const plan = forecastShape(planShapeOf(days), noise);
          let lengthened = false;
          if (plan.minimumDetectableLift === null) {
            const suggestion = suggestShape(planShapeOf(days), plan, noise);
            if (suggestion && suggestion.shape.titleCount === titleCount) {
              days = suggestion.shape.durationDays;
              lengthened = true;
            }
          }
          rows.push({
            shape: { intervalMinutes, metric, titleCount, days },
            channel,
            lengthened,
            lifts: DEFAULT_LIFTS,
          });
        }
  return rows;
}

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
            if (!(ALL_CHANNELS as readonly string[]).includes(channel))
              throw new Error(`channel must be ${ALL_CHANNELS.join(', ')}`);
            shapes.push({
              shape: {
                metric: metric as WinnerMetric,
                intervalMinutes,
                titleCount: whole(titleText, 'titles', 2, 5),
                days: whole(daysText, 'days', 1, 60),
              },
              channel: channel as Channel,
            });
          }
    }
  }
  return shapes;
}

/** The chosen shapes at their chosen lengths (not lengthened: what a creator who picks them gets). */
function chosenRows(shapes: Array<{ shape: Shape; channel: Channel }>, lifts: LiftChoice[]): Row[] {
  return shapes.map(({ shape, channel }) => ({
    shape,
    channel,
    lengthened: false,
    lifts: [...new Set(lifts)],
  }));
}

interface Job {
  row: number;
  spec: Row;
  runs: number;
  draws: number;
  seed: string;
}
type RowResult = CellSummary[]; // per lift

function runRow({ spec, runs, draws, seed }: Job): RowResult {
  const { shape, channel, lifts } = spec;
  return lifts.map((lift, liftIndex) =>
    summarise(
      Array.from({ length: runs }, (_, r) =>
        runTest(
          shape,
          { lift },
          channel,
          `${seed}/${shape.metric}/${shape.intervalMinutes}/${shape.titleCount}/${shape.days}/${channel}/${liftIndex}/${r}`,
          draws,
        ),
      ),
    ),
  );
}

const USAGE =
  'Usage: npx tsx bench/stats.ts [--runs 400] [--draws 2000] [--workers N] [--seed S] [--write-readme] [--readme README.md] [--block stats-study] [--shapes metric:interval:titles:days[:channel],…] [--lifts 0,0.05,plan,…]';

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
      block: { type: 'string', default: 'stats-study' },
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
  return {
    rows: shapes === null ? buildRows() : chosenRows(shapes, lifts ?? DEFAULT_LIFTS),
    chosen: shapes !== null,
    runs,
    draws,
    workers,
    seed: values.seed,
    writeReadme: values['write-readme'],
    readme: values.readme,
    /** The README block --write-readme replaces: <!-- {block}:start --> … <!-- {block}:end -->. */
    block: values.block,
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

const pct = (value: number): string => `${(100 * value).toFixed(1)}%`;
const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${(100 * Math.abs(value)).toFixed(1)}%`;
const rateOf = (share: Share): number => share.hits / Math.max(1, share.n);
/** A share with its Monte Carlo standard error, √(p(1−p)/n). */
function shareWithError(share: Share): string {
  if (share.n === 0) return '—';
  const p = rateOf(share);
  return `${pct(p)} ± ${(100 * Math.sqrt((p * (1 - p)) / share.n)).toFixed(1)}`;
}
const days = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '—');
const units = (value: number): string =>
  Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '—';
/** Median estimate minus the truth, in points, ± its Monte Carlo standard error. */
const biasWords = (summary: CellSummary): string =>
  Number.isFinite(summary.bias)
    ? `${(100 * summary.bias).toFixed(1)} ± ${(100 * summary.biasError).toFixed(1)} pt`
    : '—';
const coverageWords = (summary: CellSummary): string =>
  summary.coverage.n === 0
    ? '—'
    : `${shareWithError(summary.coverage)}${summary.coverage.n < summary.ran ? ` (of ${summary.coverage.n})` : ''}`;
/** "+15.1% (+9.8 to +22.0%)": a median with its 10th and 90th percentiles; "cannot decide" without any. */
const spreadWords = (spread: CellSummary['planLift']): string =>
  Number.isFinite(spread.median)
    ? `${signed(spread.median)} (${signed(spread.low)} to ${signed(spread.high)})`
    : 'cannot decide';
/** The plans' detectable lift, and the share of tests whose plan cannot decide. */
function planLiftWords(summary: CellSummary): string {
  const { cannotDecide } = summary;
  if (cannotDecide.hits === cannotDecide.n) return 'cannot decide';
  const refused = cannotDecide.hits > 0 ? `; cannot decide ${pct(rateOf(cannotDecide))}` : '';
  return `${spreadWords(summary.planLift)}${refused}`;
}
/** "video 92%, assumed 8%": where the plans took their noise from. */
function sourceWords(summary: CellSummary): string {
  const total = summary.sources.channel + summary.sources.video + summary.sources.assumed;
  return (['channel', 'video', 'assumed'] as const)
    .filter((source) => summary.sources[source] > 0)
    .map((source) => `${source} ${((100 * summary.sources[source]) / total).toFixed(0)}%`)
    .join(', ');
}
/** "0.97 (kept)" or "0.62 (**not kept**)". */
function ratioWords(summary: CellSummary): string {
  const ratio = promiseRatio(summary);
  return ratio === null ? '—' : `${ratio.toFixed(2)} (${promiseKept(ratio) ? 'kept' : '**not kept**'})`;
}
const channelWords = (channel: Channel): string =>
  channel === 'small'
    ? `small (${SMALL_CHANNEL_VIEWS_PER_DAY}/day)`
    : channel === 'short'
      ? 'Short (feed 71–85%)'
      : 'default';
const WINDOW_WORDS: Record<number, string> = {
  60: '1 h',
  120: '2 h',
  240: '4 h',
  480: '8 h',
  720: '12 h',
  1440: '24 h',
};
const windowWords = (shape: Shape): string =>
  WINDOW_WORDS[shape.intervalMinutes] ?? `${shape.intervalMinutes} min`;

const HEADER = [
  'Metric',
  'Windows',
  'Days',
  'Titles',
  'Channel',
  'False winner (identical)',
  'Same (identical)',
  'Title 2 wins at +5% (promised)',
  'at +10% (promised)',
  'at +20% (promised)',
  'Plan lift (median, 10th–90th)',
  'Title 2 wins at the plan lift (80% promised)',
  'Decided ÷ promised',
  'Days to a verdict at the plan lift (plan’s)',
  'Units per verdict at the plan lift',
  '95% interval covers truth at +10%',
  'Lift bias at +10%',
  'Naive false winner',
];

/** "61.5% (58.0%)": Title 2 named, and the plans' mean promise at that lift. */
function powerWords(summary: CellSummary | undefined): string {
  if (!summary || summary.ran === 0) return '—';
  const promise = summary.promised === null ? '' : ` (${pct(summary.promised)})`;
  return `${pct(rateOf(summary.title2Wins))}${promise}`;
}

function tableRow(row: Row, result: RowResult): string {
  const at = (lift: LiftChoice): CellSummary | undefined => result[row.lifts.indexOf(lift)];
  const identical = at(0);
  const ten = at(0.1);
  const plan = at('plan');
  const cells = [
    row.shape.metric,
    windowWords(row.shape),
    `${row.shape.days}${row.lengthened ? '*' : ''}`,
    row.shape.titleCount,
    channelWords(row.channel),
    identical ? pct(rateOf(identical.anyWinner)) : '—',
    identical ? pct(rateOf(identical.same)) : '—',
    powerWords(at(0.05)),
    powerWords(ten),
    powerWords(at(0.2)),
    plan ? planLiftWords(plan) : '—',
    plan && plan.ran > 0 ? pct(rateOf(plan.title2Wins)) : '—',
    plan ? ratioWords(plan) : '—',
    plan && plan.ran > 0 ? `${days(plan.medianDays)} (${days(plan.promisedDays)})` : '—',
    plan ? units(plan.unitsPerVerdict) : '—',
    ten ? coverageWords(ten) : '—',
    ten ? biasWords(ten) : '—',
    row.shape.metric === 'combined' || !identical ? '—' : pct(rateOf(identical.naiveWinner)),
  ];
  return `| ${cells.join(' | ')} |`;
}

function report(results: RowResult[], args: ReturnType<typeof readArgs>): string {
  return [
    `Validation study: \`npm run bench:stats\` (\`npx tsx bench/stats.ts --write-readme\`; \`--seed\` to re-run on other seeds) regenerates this block: ${args.runs} simulated tests per cell, seed "${args.seed}". Title 2 carries the true lift; the others equal the original.`,
    '',
    ...STUDY_NOTES,
    '- Default channel: 1,500–30,000 impressions an hour at publication (median about 5,700 views a day when the test starts). Small: about 50 views a day. Days: the metric’s default length (7 for views, 14 for CTR and watch time); * marks shapes the create dialog’s plan says cannot decide at the default, run at its nearest length that can.',
    `- False winner: any winner between identical titles (target ≤ 5%). Title 2 wins: the right title named, with the plans' mean chance at that lift in brackets. Plan lift: the lift each test's plan promises to find ${pct(PROMISED_POWER)} of the time, confirmed on the video before the first switch; decided ÷ promised is kept within 0.9–1.1. Days to a verdict: median over the tests with one (a winner or "performed the same"), from the start to the reading that gave it, with the plans' median in brackets. Units per verdict: YouTube quota spent by all the tests (reads, writes, the restore, the counter's sampling) ÷ their verdicts. Lift bias: median estimate minus the truth in the verdict's reading, in points, ± its Monte Carlo standard error. Naive: pooled counts per title, winner at ≥ 95% chance to be best.`,
    '',
    `| ${HEADER.join(' | ')} |`,
    `|${HEADER.map(() => '---').join('|')}|`,
    ...args.rows.map((row, i) => tableRow(row, results[i] ?? [])),
  ].join('\n');
}

/** How the tests are measured, read and planned: shared by both reports. */
const STUDY_NOTES = [
  '- Measured as YouTube measures: views from the public counter per window (whole counts, a washout after each switch); impressions, CTR and watch time per Pacific day, in the product three days later. Read as the product reads: every day at 02:00 Pacific with the winner bar of that look, stopping at the first "Winner"; otherwise the final reading once every window (for daily metrics, every day’s figures) is in. Every test is its channel’s first: views tests with windows under a day read the video’s counter for 24 hours before the design starts (48 before 4-hour windows on a video whose traffic’s swings outweigh its counts), the original title live.',
  '- The plan each test promises is the product’s when it first switches: the video’s noise from its counter over those hours and its daily history of the 28 days before the start (for CTR and watch time, else the reach rows of 6 other videos of the channel, 5–90 days old), else the pessimistic assumption; views a day from the same reading, else lifetime views over the age. A `plan` lift puts Title 2 at that test’s own plan lift; a test whose plan says it cannot decide never runs.',
];

const CHOSEN_HEADER = [
  'Metric',
  'Windows',
  'Days',
  'Titles',
  'Channel',
  'True lift',
  'Runs',
  'Plan lift (median, 10th–90th)',
  'Plan noise from',
  'Any winner',
  'Title 2 wins',
  'Promised',
  'Decided ÷ promised',
  'Another title wins',
  'Winners named early',
  'Same',
  'Days to a verdict (plan’s)',
  'Units per verdict',
  '95% interval covers truth',
  'Lift bias',
];

/** One line per chosen shape and lift. */
function chosenTableRow(row: Row, lift: LiftChoice, summary: CellSummary | undefined): string {
  if (!summary) return '';
  const identical = lift === 0;
  const truth =
    lift === 'plan'
      ? summary.ran === 0
        ? 'plan: cannot decide'
        : `plan: ${spreadWords(summary.truth)}`
      : identical
        ? 'identical'
        : signed(lift);
  const ran = summary.ran > 0;
  const cells = [
    row.shape.metric,
    windowWords(row.shape),
    row.shape.days,
    row.shape.titleCount,
    channelWords(row.channel),
    truth,
    summary.ran === summary.simulated ? summary.ran : `${summary.ran} of ${summary.simulated}`,
    planLiftWords(summary),
    sourceWords(summary),
    ran ? shareWithError(summary.anyWinner) : '—',
    identical || !ran ? '—' : shareWithError(summary.title2Wins),
    summary.promised === null ? '—' : pct(summary.promised),
    ratioWords(summary),
    identical || !ran ? '—' : shareWithError(summary.otherWins),
    summary.early.n === 0 ? '—' : pct(rateOf(summary.early)),
    ran ? pct(rateOf(summary.same)) : '—',
    !ran
      ? '—'
      : lift === 'plan'
        ? `${days(summary.medianDays)} (${days(summary.promisedDays)})`
        : days(summary.medianDays),
    units(summary.unitsPerVerdict),
    coverageWords(summary),
    biasWords(summary),
  ];
  return `| ${cells.join(' | ')} |`;
}

function chosenReport(results: RowResult[], args: ReturnType<typeof readArgs>): string {
  return [
    `Validation study at chosen lengths: \`npx tsx bench/stats.ts ${process.argv.slice(2).join(' ')}\`, seed "${args.seed}". Title 2 carries the true lift; the others equal the original.`,
    '',
    ...STUDY_NOTES,
    `- Any winner: with identical titles, the false-winner rate with every look included (target ≤ 5%). Title 2 wins: the right title named; promised: the plans' mean chance of it at each test's true lift (${pct(PROMISED_POWER)} at the plan lift); decided ÷ promised is kept within 0.9–1.1. Another title wins: the wrong title named. Winners named early: share of the winners a daily look named before the end. Same: “Performed the same”. Days to a verdict: median over the tests with one (a winner or "performed the same"), from the start to the reading that gave it, with the plans' median days in brackets for the plan lift (the days the plan promises at its lift). Units per verdict: YouTube quota spent by all the tests (reads, writes, the restore, the counter's sampling) ÷ their verdicts. Coverage: share of tests whose verdict's 95% interval for Title 2's lift contains the truth (target 95%). Shares ± their Monte Carlo standard error; lift bias: median estimate minus truth in the verdict's reading, in points, ± its standard error.`,
    '',
    `| ${CHOSEN_HEADER.join(' | ')} |`,
    `|${CHOSEN_HEADER.map(() => '---').join('|')}|`,
    ...args.rows.flatMap((row, i) =>
      row.lifts.map((lift, j) => chosenTableRow(row, lift, results[i]?.[j])).filter((line) => line !== ''),
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
  const exceptions = results.flat().reduce((sum, summary) => sum + summary.exceptions, 0);
  if (exceptions > 0)
    process.stderr.write(`${exceptions} tests met an engine exception (read as inconclusive)\n`);
  // Formatted as `npm run format` would, so regenerating the README leaves it format-clean.
  const text = args.chosen ? chosenReport(results, args) : report(results, args);
  const block = (await format(text, { ...(await resolveConfig(args.readme)), parser: 'markdown' })).trimEnd();
  process.stdout.write(`${block}\n`);
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s on ${args.workers} workers\n`);
  if (args.writeReadme)
    replaceMarkedBlock(
      args.readme,
      { start: `<!-- ${args.block}:start -->`, end: `<!-- ${args.block}:end -->` },
      block,
    );
}

if (isMainThread) {
  await main();
} else if ((workerData as { role?: string } | undefined)?.role === 'stats-study-worker') {
  parentPort?.on('message', (job: Job) => parentPort?.postMessage({ row: job.row, result: runRow(job) }));
}
