// Validation study of the statistics engine (STATISTICS.md §5, issue 7 item 5).
//   npx tsx bench/stats.ts [--runs 500] [--draws 4000] [--write-readme] [--readme README.md]
// Simulates title tests through the simulator's traffic model with the real schedule generator
// and washout, and compares the engine with naive per-title averaging on known truths.

import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { naiveAnalysis } from '../src/statistics/naive';
import { Random } from '../src/statistics/random';
import { generateSchedule } from '../src/statistics/schedule';
import { analyzeTest, decide, washoutMinutes } from '../src/statistics/verdict';
import type { TestVerdict } from '../src/statistics/verdict';
import type { WindowObservation } from '../src/statistics/window-analysis';
import { trafficBetween } from '../src/youtube-simulator/traffic-model';
import type { TitleSpan, TitleTruth, VideoTruth } from '../src/youtube-simulator/traffic-model';

const DAY_MS = 86_400_000;

function readArgs() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '500' },
      draws: { type: 'string', default: '4000' },
      seed: { type: 'string', default: 'stats-study' },
      'write-readme': { type: 'boolean', default: false },
      readme: { type: 'string', default: 'README.md' },
    },
  });
  const runs = Number(values.runs);
  const draws = Number(values.draws);
  if (!(runs >= 1) || !(draws >= 100)) throw new Error('--runs must be ≥ 1 and --draws ≥ 100');
  return { runs, draws, seed: values.seed, writeReadme: values['write-readme'], readme: values.readme };
}

export interface Design {
  label: string;
  intervalMinutes: number;
  days: number;
}
const DESIGNS: Design[] = [
  { label: 'hourly, 7 days', intervalMinutes: 60, days: 7 },
  { label: 'daily, 14 days', intervalMinutes: 1440, days: 14 },
];
const TITLE_COUNTS = [2, 3, 5];

export interface Scenario {
  label: string;
  metric: 'views' | 'ctr';
  /** True lift of title 2 (index 1) on the metric; the other titles equal the original. */
  lift: number;
}
const SCENARIOS: Scenario[] = [
  { label: 'identical titles', metric: 'views', lift: 0 },
  { label: 'identical titles', metric: 'ctr', lift: 0 },
  { label: '+5% views', metric: 'views', lift: 0.05 },
  { label: '+10% views', metric: 'views', lift: 0.1 },
  { label: '+5% CTR', metric: 'ctr', lift: 0.05 },
  { label: '+10% CTR', metric: 'ctr', lift: 0.1 },
];

/** A plausible video: traffic level, decay, daily swing and noise drawn per run. */
function drawVideo(random: Random, start: Date, run: string): { video: VideoTruth; ctr: number } {
  const base = 1500 * Math.exp(random.uniform() * Math.log(20)); // 1,500–30,000 impressions/h
  const ctr = 0.03 + 0.05 * random.uniform();
  return {
    ctr,
    video: {
      videoId: run,
      publishedAt: new Date(start.getTime() - (0.5 + 9.5 * random.uniform()) * DAY_MS),
      baseImpressionsPerHour: base,
      decayHalfLifeDays: 2 + 12 * random.uniform(),
      dailyAmplitude: 0.2 + 0.4 * random.uniform(),
      noise: 0.15 + 0.25 * random.uniform(),
      externalViewsPerHour: base * ctr * (0.1 + 0.4 * random.uniform()),
      seed: run,
      carryoverMinutes: 15,
      persistentNoiseShare: 0.3,
    },
  };
}

/**
 * Title truths. A views lift comes from a CTR change alone: external views dilute it, so the CTR
 * change needed for views ×(1+x) is (1+x)(ctr + e) − e, with e = external views per impression.
 */
function titleTruths(scenario: Scenario, titleCount: number, video: VideoTruth, ctr: number): TitleTruth[] {
  const external = video.externalViewsPerHour / video.baseImpressionsPerHour;
  const better =
    scenario.metric === 'ctr' ? ctr * (1 + scenario.lift) : (1 + scenario.lift) * (ctr + external) - external;
  return Array.from({ length: titleCount }, (_, i) => ({
    ctr: i === 1 ? better : ctr,
    avgViewDurationSec: 300,
  }));
}

/** One simulated test: the schedule's windows, measured after the washout, as the server would. */
export function simulateTest(design: Design, titleCount: number, scenario: Scenario, run: string) {
  const random = new Random(run);
  const start = new Date(Date.UTC(2026, 1, 2) + Math.floor(random.uniform() * 60 * 24 * 60) * 60_000);
  const { video, ctr } = drawVideo(random, start, run);
  const titles = titleTruths(scenario, titleCount, video, ctr);
  const end = new Date(start.getTime() + design.days * DAY_MS);
  const slots = generateSchedule({
    seed: run,
    titleCount,
    intervalMinutes: design.intervalMinutes,
    start,
    end,
  });
  const spans: TitleSpan[] = [
    { from: video.publishedAt, to: start, title: titles[0] as TitleTruth },
    ...slots.map((slot) => ({
      from: slot.startsAt,
      to: slot.endsAt,
      title: titles[slot.titleIndex] as TitleTruth,
    })),
  ];
  const washoutMs = washoutMinutes(design.intervalMinutes) * 60_000;
  const windows: WindowObservation[] = [];
  slots.forEach((slot, i) => {
    if (slot.kind !== 'window') return;
    const from = new Date(slot.startsAt.getTime() + washoutMs);
    const traffic = trafficBetween(video, spans.slice(i, i + 2), from, slot.endsAt);
    const views = Math.round(traffic.views);
    windows.push({
      titleIndex: slot.titleIndex,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      measuredHours: (slot.endsAt.getTime() - from.getTime()) / 3_600_000,
      views,
      // Per-window impressions are exact for daily windows; for hourly ones the study idealises.
      impressions: Math.round(traffic.impressions),
      clicks: Math.round(traffic.clicks),
      avgViewDurationSec: views > 0 ? traffic.watchTimeSec / traffic.views : undefined,
    });
  });
  return { windows, start, end, publishedAt: video.publishedAt };
}

interface Outcome {
  verdict: TestVerdict['verdict'];
  winner: number | null;
  /** Winner by the §4 rule at the end, ignoring the minimum sample. */
  winnerWithoutMinimums: number | null;
  lift: number;
  naiveWinner: number | null;
  naiveLift: number;
}

/** The engine evaluated at each day boundary from day 3 (as the product would), naive at the end. */
function runTest(
  design: Design,
  titleCount: number,
  scenario: Scenario,
  run: string,
  draws: number,
): Outcome {
  const { windows, start, end, publishedAt } = simulateTest(design, titleCount, scenario, run);
  const analyse = (until: number, isFinal: boolean): TestVerdict =>
    analyzeTest({
      windows: windows.filter((w) => w.endsAt.getTime() <= until),
      titleCount,
      metric: scenario.metric,
      intervalMinutes: design.intervalMinutes,
      isFinal,
      seed: run,
      draws,
      publishedAt,
    });
  let stopped: TestVerdict | null = null;
  for (let day = 3; day < design.days && !stopped; day++) {
    const interim = analyse(start.getTime() + day * DAY_MS, false);
    if (interim.verdict === 'winner' || interim.verdict === 'no_difference') stopped = interim;
  }
  const final = analyse(end.getTime(), true);
  const decision = stopped ?? final;
  const unconstrained = decide(final.titles, { items: [], fraction: 1, met: true }, true, scenario.metric);
  const naive = naiveAnalysis(windows, titleCount, scenario.metric, { seed: run, draws });
  return {
    verdict: decision.verdict,
    winner: decision.verdict === 'winner' ? decision.winnerTitleIndex : null,
    winnerWithoutMinimums: unconstrained.verdict === 'winner' ? unconstrained.winnerTitleIndex : null,
    lift: final.titles[1]?.lift ?? Number.NaN,
    naiveWinner: naive.winnerTitleIndex,
    naiveLift: naive.titles[1]?.lift ?? Number.NaN,
  };
}

const pct = (count: number, total: number): string => `${((100 * count) / total).toFixed(1)}%`;
const signed = (value: number): string => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)}%`;

/** Row cells: for identical titles any winner is false; otherwise title 2 is the right answer. */
function summarise(outcomes: Outcome[], scenario: Scenario): string[] {
  const n = outcomes.length;
  const count = (pick: (o: Outcome) => boolean): number => outcomes.filter(pick).length;
  // Identical titles: any winner is false; in brackets the harmful part, a challenger declared winner.
  const rate = (winner: (o: Outcome) => number | null): string =>
    scenario.lift === 0
      ? `— / ${pct(
          count((o) => winner(o) !== null),
          n,
        )} (${pct(
          count((o) => (winner(o) ?? 0) > 0),
          n,
        )})`
      : `${pct(
          count((o) => winner(o) === 1),
          n,
        )} / ${pct(
          count((o) => winner(o) !== null && winner(o) !== 1),
          n,
        )}`;
  const meanOf = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;
  const finite = (values: number[]): number[] => values.filter(Number.isFinite);
  return [
    rate((o) => o.winner),
    pct(
      count((o) => o.verdict === 'preferred'),
      n,
    ),
    pct(
      count((o) => o.verdict === 'no_difference'),
      n,
    ),
    signed(meanOf(finite(outcomes.map((o) => o.lift)))),
    rate((o) => o.winnerWithoutMinimums),
    rate((o) => o.naiveWinner),
    signed(meanOf(finite(outcomes.map((o) => o.naiveLift)))),
  ];
}

function main(): void {
  const args = readArgs();
  const started = performance.now();
  const header = [
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
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const design of DESIGNS) {
    for (const titleCount of TITLE_COUNTS) {
      for (const scenario of SCENARIOS) {
        const outcomes = Array.from({ length: args.runs }, (_, r) =>
          runTest(
            design,
            titleCount,
            scenario,
            `${args.seed}/${design.intervalMinutes}/${titleCount}/${scenario.label}/${r}`,
            args.draws,
          ),
        );
        const truth = scenario.lift === 0 ? 'identical' : scenario.label;
        lines.push(
          `| ${[design.label, titleCount, truth, scenario.metric, ...summarise(outcomes, scenario)].join(' | ')} |`,
        );
        process.stderr.write(
          `${design.label}, ${titleCount} titles, ${scenario.label} (${scenario.metric}) done\n`,
        );
      }
    }
  }
  const notes = [
    `Validation study of the winner engine: \`npx tsx bench/stats.ts --write-readme\` regenerates this block (${args.runs} simulated tests per row, seed "${args.seed}"). Title 2 carries the true lift; the others equal the original.`,
    '',
    `- Engine: the schedule generator, washout, the window model and ${args.draws.toLocaleString('en-US')} posterior draws (the product uses 20,000; two titles with df ≥ 30 use the closed form). Checked at each day boundary from day 3 (a winner then needs P(best) ≥ 0.999), final verdict at the end (P(best) ≥ 0.95, or "preferred" at 0.8). Its lift is title 2's estimate from all windows.`,
    '- Identical titles: any winner is false; in brackets the harmful part, a challenger declared winner.',
    '- Rule without minimums: the end-of-test winner rule applied without the minimum sample (daily tests cannot reach 8 windows per title in 14 days).',
    '- Naive: pooled counts per title at the end, winner at ≥ 95% chance to be best assuming Poisson/binomial noise.',
    '- Traffic: the simulator model (decay, Pacific daily cycle, log-normal hourly noise partly persistent over 6 h, 15 min carryover after each switch). Hourly CTR uses per-window impressions, which YouTube reports only per day (idealised).',
  ];
  const block = [...notes, '', ...lines].join('\n');
  process.stdout.write(`${block}\n`);
  process.stderr.write(`${((performance.now() - started) / 1000).toFixed(0)} s\n`);
  if (args.writeReadme) writeReadme(args.readme, block);
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

// Runs only as a script, so the simulation can be imported by one-off explorations.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
