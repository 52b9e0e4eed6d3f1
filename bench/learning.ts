// The learning study (docs/learning.md#the-study): does "What works here" find a channel's true
// feature effects, with honest intervals, and name nothing where there is nothing? Many channels
// each run a series of 2-title daily CTR tests; on half of them a number in the title truly lifts
// CTR (the other features do nothing anywhere), and each test's challenger differs from the
// original in a random handful of features. Every test is simulated and read by the engine as the
// product reads it (the stored schedule, YouTube's daily figures 2–3 days late, the daily looks),
// its estimate stored as the product stores it, and the channel's finished tests pooled by the
// product's own whatWorks. Two traffic models: the simulator's (bench/stats-simulation.ts), whose
// titles' true CTRs are the simulator's own title habits (src/youtube-simulator/title-habits.ts:
// Noor's channel, where a number adds 8%, and Leo's, where nothing matters; each title with a pull
// of its own), and the adverse generator written apart from it (bench/adverse), where a number
// adds 8% ± 2% from test to test.
//
//   npx tsx bench/learning.ts [--channels 200] [--tests 4,8,12,16,24] [--traffic simulator,adverse] [--seed S] [--write-readme]

import { parseArgs } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { FEATURE_WORDS, TITLE_FEATURES, type TitleFeature } from '../src/shared/learning-features';
import { Random } from '../src/statistics/random';
import { titleFeatures } from '../src/learning/title-features';
import { whatWorks, type FinishedTest } from '../src/learning/what-works';
import { runTest } from './stats-simulation';
import { simulateTest } from './adverse/simulate';
import { PROMISE_SHAPES } from './adverse/promise-shapes';
import { UNCHANGED } from './adverse/variant-effects';
import type { Cell } from './adverse/cells';
import { replaceMarkedBlock } from './readme-block';
import { habitTitleTruth, NOTHING_MATTERS, NUMBERS_HELP } from '../src/youtube-simulator/title-habits';

/** The true effect of a number in the title on the channels that have one (log scale: +8% CTR). */
const NUMBER_EFFECT = Math.log(NUMBERS_HELP.cues[0]!.ctrMultiplier);
/** Test-to-test spread of a feature's true effect on a channel (another video, another audience). */
const BETWEEN_TESTS_SD = 0.02;
/** Chance that a challenger differs from its original in each feature; a number more often. */
const FLIP_CHANCE: Record<TitleFeature, number> = {
  number: 0.5,
  brackets: 0.25,
  question: 0.25,
  viewer: 0.25,
  allCaps: 0.2,
  emoji: 0.15,
  split: 0.25,
  long: 0.2,
};

/** A title with exactly the features asked for (checked against the product's reading). */
function titleWith(features: Record<TitleFeature, boolean>): string {
  let words = ['Crispy', 'Potatoes'];
  if (features.viewer) words = ['Your', ...words];
  if (features.number) words.splice(1, 0, '3');
  if (features.allCaps) words.push('FAST');
  let title = words.join(' ');
  if (features.split) title = `${title}: Oven Style`;
  if (features.long) title = `${title} With the Tray Trick Nobody Talks About Enough`;
  if (features.brackets) title = `${title} (Easy)`;
  if (features.emoji) title = `${title} 🔥`;
  if (features.question) title = `${title}?`;
  const read = titleFeatures(title);
  for (const feature of TITLE_FEATURES)
    if (read[feature] !== features[feature])
      throw new Error(`"${title}" reads ${feature} as ${read[feature]}`);
  return title;
}

type Traffic = 'simulator' | 'adverse';

const ADVERSE_SHAPE = PROMISE_SHAPES.find((shape) => shape.id === 'promise-ctr-2')!;

/**
 * The challenger's true log lift. On the simulator: the ratio of the two titles' true CTRs under
 * the channel's habit, on a video of the test's own (a fresh draw of each title's own pull). On the
 * adverse generator: the number's effect where the channel has one, with a test-to-test spread.
 */
function trueLogLift(
  traffic: Traffic,
  hasEffect: boolean,
  titles: readonly [string, string],
  original: Record<TitleFeature, boolean>,
  challenger: Record<TitleFeature, boolean>,
  run: string,
): number {
  if (traffic === 'simulator') {
    const habit = hasEffect ? NUMBERS_HELP : NOTHING_MATTERS;
    const [a, b] = titles.map((title) => habitTitleTruth(habit, title, `bench-video/${run}`, 600).ctr);
    return Math.log(b! / a!);
  }
  const random = new Random(`${run}/between-tests`);
  const numberDifference = Number(challenger.number) - Number(original.number);
  return hasEffect ? numberDifference * (NUMBER_EFFECT + BETWEEN_TESTS_SD * random.normal()) : 0;
}

/** One test: the challenger's true log lift; returns its estimate as the product stores it. */
function runOne(traffic: Traffic, logLift: number, run: string) {
  const lift = Math.expm1(logLift);
  if (traffic === 'simulator') {
    const outcome = runTest(
      { metric: 'ctr', intervalMinutes: 1440, titleCount: 2, days: 14 },
      { lift },
      'default',
      run,
      999,
    );
    return { lift: outcome.lift, low: outcome.liftLow, high: outcome.liftHigh };
  }
  const cell: Cell = {
    id: 'learning',
    shape: { ...ADVERSE_SHAPE, scenarios: ['lift'] },
    scenario: 'lift',
    truth: [0, lift],
    effects: [UNCHANGED, { ctr: 1 + lift, duration: 1 }],
  };
  const [, second] = simulateTest(cell, run).lifts;
  return {
    lift: second?.lift ?? Number.NaN,
    low: second?.low ?? Number.NaN,
    high: second?.high ?? Number.NaN,
  };
}

interface ChannelResult {
  hasEffect: boolean;
  /** Per number of finished tests: the number feature's pooled interval (log), and null features named. */
  byTests: Map<
    number,
    { number: { low: number; high: number; verdict: string } | null; nullNamed: number; nullPooled: number }
  >;
}

function simulateChannel(
  traffic: Traffic,
  channel: number,
  testCounts: number[],
  seed: string,
): ChannelResult {
  const random = new Random(`${seed}/${traffic}/channel/${channel}`);
  const hasEffect = channel % 2 === 0;
  const tests: FinishedTest[] = [];
  const byTests: ChannelResult['byTests'] = new Map();
  const most = Math.max(...testCounts);
  for (let t = 0; t < most; t++) {
    const original = Object.fromEntries(TITLE_FEATURES.map((f) => [f, random.uniform() < 0.5])) as Record<
      TitleFeature,
      boolean
    >;
    const challenger = { ...original };
    for (const feature of TITLE_FEATURES)
      if (random.uniform() < FLIP_CHANCE[feature]) challenger[feature] = !challenger[feature];
    const titles = [titleWith(original), titleWith(challenger)] as const;
    const run = `${seed}/${traffic}/${channel}/${t}`;
    const estimate = runOne(traffic, trueLogLift(traffic, hasEffect, titles, original, challenger, run), run);
    tests.push({
      id: `${channel}/${t}`,
      metric: 'ctr',
      variants: [
        { title: titles[0], look: null },
        { title: titles[1], look: null },
      ],
      estimates: [
        {
          titleIndex: 1,
          logEffect: Math.log1p(estimate.lift),
          liftLow: estimate.low,
          liftHigh: estimate.high,
        },
      ],
    });
    if (testCounts.includes(t + 1)) {
      const findings = whatWorks(tests)[0]?.features ?? [];
      const number = findings.find((item) => item.feature === 'number');
      const nulls = findings.filter((item) => item.feature !== 'number' && item.verdict !== 'too-few');
      byTests.set(t + 1, {
        number:
          number && number.liftLow !== null && number.liftHigh !== null
            ? { low: Math.log1p(number.liftLow), high: Math.log1p(number.liftHigh), verdict: number.verdict }
            : null,
        nullNamed: nulls.filter((item) => item.verdict === 'helps' || item.verdict === 'hurts').length,
        nullPooled: nulls.length,
      });
    }
  }
  return { hasEffect, byTests };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function main() {
  const { values } = parseArgs({
    options: {
      channels: { type: 'string', default: '200' },
      tests: { type: 'string', default: '4,8,12,16,24' },
      traffic: { type: 'string', default: 'simulator,adverse' },
      seed: { type: 'string', default: 'learning-study' },
      'write-readme': { type: 'boolean', default: false },
    },
  });
  const channels = Number(values.channels);
  const testCounts = values.tests.split(',').map(Number);
  const traffics = values.traffic.split(',') as Traffic[];
  const rows: string[] = [];
  const started = performance.now();
  for (const traffic of traffics) {
    const results = Array.from({ length: channels }, (_, c) => {
      if (c % 20 === 0) process.stderr.write(`${traffic}: channel ${c}/${channels}\n`);
      return simulateChannel(traffic, c, testCounts, values.seed);
    });
    for (const count of testCounts) {
      const effect = results.filter((r) => r.hasEffect).map((r) => r.byTests.get(count)!);
      const none = results.filter((r) => !r.hasEffect).map((r) => r.byTests.get(count)!);
      const pooled = (list: typeof effect) => list.filter((r) => r.number !== null);
      const covers = (list: typeof effect, truth: number) =>
        pooled(list).filter((r) => r.number!.low <= truth && truth <= r.number!.high).length /
        Math.max(1, pooled(list).length);
      const named =
        pooled(effect).filter((r) => r.number!.verdict === 'helps').length / Math.max(1, effect.length);
      const falseNumber =
        pooled(none).filter((r) => r.number!.verdict === 'helps' || r.number!.verdict === 'hurts').length /
        Math.max(1, pooled(none).length);
      const nullPools = [...effect, ...none].reduce((s, r) => s + r.nullPooled, 0);
      const nullNamed = [...effect, ...none].reduce((s, r) => s + r.nullNamed, 0);
      rows.push(
        `| ${traffic} | ${count} | ${pct(pooled(effect).length / effect.length)} | ${pct(covers(effect, NUMBER_EFFECT))} | ${pct(covers(none, 0))} | ${pct(named)} | ${pct(falseNumber)} | ${pct(nullNamed / Math.max(1, nullPools))} (of ${nullPools}) |`,
      );
    }
  }
  const text = [
    `Learning study: \`npx tsx bench/learning.ts --channels ${channels} --tests ${values.tests} --traffic ${values.traffic}\`, seed "${values.seed}". Each channel runs 2-title daily CTR tests (14 days, read as the product reads them, stopping at the first daily Winner); each challenger differs from its original in a random handful of title features. On half the channels ${FEATURE_WORDS.number.toLowerCase()} lifts CTR by +8%: on the simulator as its ground truth has it (Noor's habit; Leo's for the other half, where nothing matters; each title also has a pull of its own, ${(100 * NUMBERS_HELP.titleSpread).toFixed(0)}% on the log scale), on the adverse generator ±2% from test to test; no other feature does anything anywhere. After N finished tests the channel's tests are pooled by the product's whatWorks (a random-effects meta-regression of every feature varied in at least 3 tests, fitted jointly; Hartung–Knapp interval on the tests' degrees of freedom). A channel counts as pooled for the number once its interval exists; named: the interval wholly above zero (helps) or below (hurts).`,
    '',
    '| Traffic | Finished tests | Number pooled (effect channels) | Interval covers +8% | Interval covers 0 (no-effect channels) | +8% named "helps" | Number named on no-effect channels | Other features named (false) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
  return { text, seconds: (performance.now() - started) / 1000 };
}

const { text, seconds } = main();
const block = (await format(text, { ...(await resolveConfig('README.md')), parser: 'markdown' })).trimEnd();
process.stdout.write(`${block}\n`);
process.stderr.write(`${seconds.toFixed(0)} s\n`);
if (process.argv.includes('--write-readme'))
  replaceMarkedBlock(
    'README.md',
    { start: '<!-- bench:learning -->', end: '<!-- /bench:learning -->' },
    block,
  );
