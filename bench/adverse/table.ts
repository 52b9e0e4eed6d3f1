// The adverse study as Markdown: one line per cell, rates with 95% Wilson intervals.

import { washoutMinutes } from '../../src/statistics/verdict';
import type { CellSummary, Rate } from './summary';

const WINDOW_WORDS: Record<number, string> = {
  60: '1 h',
  120: '2 h',
  240: '4 h',
  480: '8 h',
  720: '12 h',
  1440: '24 h',
};

const pct = (value: number, digits = 1): string => `${(100 * value).toFixed(digits)}%`;
const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${(100 * Math.abs(value)).toFixed(1)}%`;
const points = (value: number): string => `${value >= 0 ? '+' : '−'}${(100 * Math.abs(value)).toFixed(1)} pt`;

/** 2.1% [1.4–3.1] */
export function formatRate(rate: Rate | null): string {
  if (rate === null || rate.n === 0) return '—';
  return `${pct(rate.hits / rate.n)} [${(100 * rate.low).toFixed(1)}–${(100 * rate.high).toFixed(1)}]`;
}

function truthWords(summary: CellSummary): string {
  const { cell } = summary;
  if (cell.scenario === 'same') return 'identical';
  if (summary.plan && !Number.isFinite(summary.plan.median)) return 'no plan: refused as unable to decide';
  if (summary.plan)
    return `V2 at the plan's lift: ${signed(summary.plan.median)} (${signed(summary.plan.low)} to ${signed(summary.plan.high)})`;
  return cell.truth
    .slice(1)
    .map((lift, i) => `${cell.truth.length > 2 ? `T${i + 2} ` : ''}${signed(lift)}`)
    .join(', ');
}

function liftWords(summary: CellSummary): string {
  return summary.challengers
    .map((c) => {
      const label = summary.challengers.length > 1 ? `T${c.titleIndex + 1} ` : '';
      if (c.estimated === 0) return `${label}—`;
      const missing = c.estimated < summary.runs ? ` (${c.estimated} est.)` : '';
      return `${label}${signed(c.median)} (${points(c.bias)})${missing}`;
    })
    .join('; ');
}

/**
 * The default rule's washout, or a measured shape's: "50 min (40–50); lag read 81.0% (median
 * 45 min); refused 0.5% [0.1–1.8]".
 */
function washoutWords(summary: CellSummary): string {
  const { washout } = summary;
  if (!washout) return `${washoutMinutes(summary.cell.shape.intervalMinutes)} min`;
  const minutes = summary.runs > 0 ? `${washout.median} min (${washout.low}–${washout.high})` : '—';
  const lag = washout.lagRead.hits > 0 ? ` (median ${washout.medianLag.toFixed(0)} min)` : '';
  return `${minutes}; lag read ${pct(washout.lagRead.hits / washout.lagRead.n)}${lag}; refused ${formatRate(washout.refused)}`;
}

const HEADER = [
  'Cell',
  'Metric',
  'Windows',
  'Days',
  'Washout',
  'Truth',
  'Runs',
  'False/wrong winner, with looks',
  'False/wrong winner, final',
  'Power (looks)',
  'Median lift (bias)',
  '95% interval covers truth',
  'Same',
  'Left live worse than original',
  'Gain kept',
  'Verdicts',
  'Days to verdict (median)',
  'Units per verdict',
  'Engine exceptions (any / final)',
  's per 1,000 tests',
];

function row(summary: CellSummary): string {
  const { cell } = summary;
  const cells = [
    `\`${cell.id}\``,
    cell.shape.metric,
    WINDOW_WORDS[cell.shape.intervalMinutes] ?? `${cell.shape.intervalMinutes} min`,
    String(cell.shape.days),
    washoutWords(summary),
    truthWords(summary),
    summary.runs === summary.simulated ? String(summary.runs) : `${summary.runs} of ${summary.simulated}`,
    formatRate(summary.wrongWinnerWithLooks),
    formatRate(summary.wrongWinnerFinal),
    formatRate(summary.power),
    liftWords(summary),
    summary.challengers
      .map((c) => `${summary.challengers.length > 1 ? `T${c.titleIndex + 1} ` : ''}${formatRate(c.coverage)}`)
      .join('; '),
    formatRate(summary.same),
    formatRate(summary.worseLeftLive),
    summary.gainKept === null ? '—' : pct(summary.gainKept, 0),
    formatRate(summary.verdicts),
    Number.isFinite(summary.medianDaysToVerdict) ? summary.medianDaysToVerdict.toFixed(1) : '—',
    Number.isFinite(summary.unitsPerVerdict)
      ? Math.round(summary.unitsPerVerdict).toLocaleString('en-US')
      : '—',
    `${summary.exceptionTests} / ${summary.finalExceptions}`,
    // ms per test = s per 1,000 tests (refused ones included: their earlier test was read)
    summary.simulated > 0 ? (summary.ms / summary.simulated).toFixed(0) : '—',
  ];
  return `| ${cells.join(' | ')} |`;
}

export function markdownTable(summaries: readonly CellSummary[]): string {
  return [`| ${HEADER.join(' | ')} |`, `|${HEADER.map(() => '---').join('|')}|`, ...summaries.map(row)].join(
    '\n',
  );
}

/** The traffic model of each shape in the table, once per shape. */
export function shapeList(summaries: readonly CellSummary[]): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { cell } of summaries) {
    if (seen.has(cell.shape.id)) continue;
    seen.add(cell.shape.id);
    const titles = cell.shape.titleCount > 2 ? `, ${cell.shape.titleCount} titles` : '';
    lines.push(`- \`${cell.shape.id}\`${titles}: ${cell.shape.words}.`);
  }
  return lines.join('\n');
}

/** The plan promises a verdict 8 times in 10 at its lift. */
const PROMISED_POWER = 0.8;

/** Decided ÷ promised: the promise is kept within 0.9–1.1. */
const promiseRatio = (rate: Rate): number => rate.hits / rate.n / PROMISED_POWER;

/** "video 92%, assumed 8%": where the cell's plans took their noise from. */
function sourceWords(sources: { channel: number; video: number; assumed: number }): string {
  const total = sources.channel + sources.video + sources.assumed;
  return (['channel', 'video', 'assumed'] as const)
    .filter((source) => sources[source] > 0)
    .map((source) => `${source} ${pct(sources[source] / total, 0)}`)
    .join(', ');
}

/** Each 'plan' cell against the plan's promise, with what the plan was given. */
export function planList(summaries: readonly CellSummary[]): string {
  const lines = summaries.flatMap(({ cell, plan, medianDaysToVerdict }) => {
    if (!plan) return [];
    const noise =
      plan.channelNoise.hits === 0 ? '' : ` Measured noise: median ${plan.medianNoise.toFixed(3)} a unit.`;
    if (!Number.isFinite(plan.median))
      return [
        `- \`${cell.id}\`: refused at creation in every run: the plan says this shape cannot decide in its days (refused ${formatRate(plan.refused)}).`,
      ];
    const ratio = plan.power.n === 0 ? null : promiseRatio(plan.power);
    const verdict = ratio === null ? 'no test ran' : ratio >= 0.9 && ratio <= 1.1 ? 'kept' : '**not kept**';
    return [
      `- \`${cell.id}\`: promised ${signed(plan.median)} (10th–90th percentile ${signed(plan.low)} to ${signed(plan.high)}) 8 times in 10; decided for V2 ${formatRate(plan.power)}, ${ratio === null ? '—' : ratio.toFixed(2)} of the promise: ${verdict}. Days to a verdict: promised ${Number.isFinite(plan.promisedDays) ? plan.promisedDays.toFixed(1) : '—'}, median ${Number.isFinite(medianDaysToVerdict) ? medianDaysToVerdict.toFixed(1) : '—'}. Noise from: ${sourceWords(plan.sources)}.${noise} Views a day given to the plan ÷ the video's traffic at the start: ${plan.viewsRatio.toFixed(2)} (median); refused as unable to decide: ${formatRate(plan.refused)}.`,
    ];
  });
  return lines.length > 0
    ? [
        "The plan's promise (`plan` rows: Variant 2 better by the lift the product's plan promises for that test when it first switches — from the video read before the first switch, else assumed — or in `plan-channel` rows from the noise of the channel's earlier finished test of the shape; kept when decided ÷ promised lies within 0.9–1.1):",
        '',
        ...lines,
      ].join('\n')
    : '';
}

/** The distinct engine errors met, per cell. */
export function errorList(summaries: readonly CellSummary[]): string {
  const lines = summaries
    .filter((s) => s.errors.length > 0)
    .map((s) => `- \`${s.cell.id}\`: ${s.errors.map((e) => `“${e}”`).join('; ')}`);
  return lines.length > 0
    ? ['Engine errors (first message per test, up to three per cell):', '', ...lines].join('\n')
    : '';
}

/** One line per shape: its false winners, its power and wrong winners at its lift, its plans' promise. */
export function shapeSummaryTable(summaries: readonly CellSummary[]): string {
  const header = [
    'Shape',
    'Variants',
    'Metric',
    'Identical: false winner (looks)',
    'Lift: best named / wrong winner',
    'Plan: promised lift → decided (80% promised)',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  const shapes = [...new Set(summaries.map((summary) => summary.cell.shape))];
  for (const shape of shapes) {
    const of = (scenario: string) =>
      summaries.find((s) => s.cell.shape === shape && s.cell.scenario === scenario);
    const same = of('same');
    const lift = of('lift');
    const plans = summaries.filter((s) => s.cell.shape === shape && s.plan);
    lines.push(
      `| \`${shape.id}\` | ${shape.titleCount} ${shape.kind === 'package' ? 'packages' : 'thumbnails'} | ${shape.metric} | ${same ? `${formatRate(same.wrongWinnerWithLooks)} (n = ${same.runs})` : '—'} | ${lift ? `${formatRate(lift.power)} / ${formatRate(lift.wrongWinnerWithLooks)}` : '—'} | ${
        plans
          .map(
            (s) =>
              `${s.cell.scenario === 'plan-channel' ? 'channel noise: ' : ''}${signed(s.plan!.median)} → ${formatRate(s.plan!.power)} (${s.plan!.power.n > 0 ? promiseRatio(s.plan!.power).toFixed(2) : '—'})`,
          )
          .join('; ') || '—'
      } |`,
    );
  }
  return lines.join('\n');
}
