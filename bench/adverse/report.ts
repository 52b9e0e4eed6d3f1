// The study's Markdown blocks, one per part (the title cells; the thumbnail and package cells):
// how the tests were made and read, each shape's traffic, the table, the plan's promise.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { replaceMarkedBlock } from '../readme-block';
import type { Cell } from './cells';
import type { CellSummary } from './summary';
import { errorList, markdownTable, planList, shapeList } from './table';

/** The study's two tables: title tests, and thumbnail and package tests (issue 28). */
export type StudyPart = 'titles' | 'variants';
export const STUDY_PARTS: readonly StudyPart[] = ['titles', 'variants'];

export const partOf = (cell: Cell): StudyPart => (cell.shape.kind === 'title' ? 'titles' : 'variants');

export const MARKERS: Record<StudyPart, { start: string; end: string }> = {
  titles: { start: '<!-- adverse:start -->', end: '<!-- adverse:end -->' },
  variants: { start: '<!-- adverse-variants:start -->', end: '<!-- adverse-variants:end -->' },
};

const SECTIONS: Record<StudyPart, string[]> = {
  titles: [
    '### Adverse traffic',
    '',
    '`npm run bench:adverse` checks the verdicts on traffic the simulator never modelled: tiny channels, heavy overdispersion, counters that lag, carryover, delayed views, a weekly cycle, bursts, and the 3-title case of issue 24.',
  ],
  variants: [
    '#### Thumbnail and package tests',
    '',
    '`npm run bench:adverse -- --cells thumbnail,package` runs the same study on thumbnail and title + thumbnail tests.',
  ],
};

const TRAFFIC_HEADINGS: Record<StudyPart, string> = {
  titles:
    'Traffic per shape (every shape runs with identical titles and with a true +10% for Title 2, +29% and +18% for Titles 2 and 3 in the 3-title shape; `worse` rows have Title 2 at −10%):',
  variants:
    'Variants act on the audience, not on the metric: a thumbnail multiplies each impression’s click-through (lifts of ±10–30%, some images no better than the original) and changes the watch little; a package multiplies its title’s and its thumbnail’s click-through and keeps its title’s effect on the watch. The truth on the metric follows: CTR and views per hour move with the click-through, watch time per impression with click-through × view length. Impressions do not depend on the variant. `same` rows: all variants equally good; `lift` rows: the effects below; `plan` rows: Variant 2 better on the metric by the lift the product’s plan shows for that test’s video, the others as the original. Traffic per shape:',
};

/** The commit the engine was read at, marked when the working tree has changes. */
function engineVersion(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src/statistics', 'src/title-tests'], {
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} with uncommitted engine changes` : head;
  } catch {
    return 'unknown';
  }
}

export async function reportBlock(
  summaries: readonly CellSummary[],
  options: { runs: number; sameRuns: number; seed: string; command: string; cpuTimed: boolean },
  path: string,
  part: StudyPart,
): Promise<string> {
  const runs =
    options.sameRuns === options.runs
      ? `up to ${options.runs} simulated tests per cell`
      : `up to ${options.runs} simulated tests per cell, ${options.sameRuns} with identical variants`;
  const text = [
    `Adverse-traffic study: \`${options.command}\` regenerates this block — ${runs}, seed "${options.seed}", engine at ${engineVersion()}.`,
    '',
    '- Traffic from bench/adverse/traffic.ts, written apart from the simulator: per 10-minute bin, a video’s true views (power-law decay after upload, a daily cycle in the audience’s time zone, and per cell the features below); the title live (or, with carryover, the one live C minutes earlier) multiplies them. The public counter counts each view L minutes late and is read every 10 minutes; CTR tests get each Pacific day’s impressions, clicks and watch time at 01:30 Pacific three days later.',
    '- Read as the product reads a test: the stored schedule (`generateSchedule`), the product’s own `windowObservations` on the rotations, samples and days it would hold, then `analyzeTest`. Daily readings at 02:00 Pacific (a creator may complete the test at the first “Winner”), and the final reading at the end (for CTR once the last day is in). An engine exception counts, and reads as the product reads it: Inconclusive, the original stays.',
    `- False/wrong winner, with looks: identical titles, a winner at any daily reading or the final one (target ≤ 5%); with a true difference, a winner that is not the best title. Final: the final reading alone. Power: the best title named, looks included. Median lift: Title 2’s (and 3’s) final estimate, and its bias against the truth in points. Coverage: the final 95% interval contains the truth. Same: final reading “Performed the same”. Left live worse: the final recommendation is worse than the original (target ≤ 2.5%; — when no title is). Gain kept: mean of log(truth left live) ÷ log(truth of the best title). Rates with 95% Wilson intervals. Time: ${options.cpuTimed ? 'CPU seconds' : 'seconds (wall clock of a worker)'} per 1,000 tests.`,
    ...(summaries.some((summary) => summary.washout)
      ? [
          '- Measured washout (`-measured` shapes, decision 0025): each run first simulates one earlier finished test on the same channel (another video with the same traffic, counter and windows, 7 days, Title 2 +30%), stores it as the product does and reads its lag with the product’s `switchWindowsOf` and `estimateLag`; the test (the base shape’s, same videos and schedules) then runs with the washout `washoutFor` sets, or is refused when `lagProblem` refuses its windows. Washout column: the rule’s washout, or the measured one’s median (10th–90th percentile) over the tests that ran, how often the earlier test showed a lag (and the median lag it showed), and the share refused. A refused test never runs: the other columns count the tests that ran (Runs: “ran of simulated”).',
        ]
      : []),
    '',
    TRAFFIC_HEADINGS[part],
    '',
    shapeList(summaries),
    '',
    markdownTable(summaries),
    '',
    planList(summaries),
    '',
    errorList(summaries),
  ].join('\n');
  return (await format(text, { ...(await resolveConfig(path)), parser: 'markdown' })).trimEnd();
}

/** Writes the part's block into `path`, adding a section with its markers if it has none. */
export function writeDocsBlock(path: string, block: string, part: StudyPart): void {
  const markers = MARKERS[part];
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (!text.includes(markers.start)) {
    const section = [...SECTIONS[part], '', markers.start, markers.end, ''].join('\n');
    writeFileSync(path, `${text.trimEnd()}\n\n${section}`);
  }
  replaceMarkedBlock(path, markers, block);
}
