// Adverse-traffic study (issue 24): the engine's verdicts on traffic the product's simulator never
// modelled, read as a creator reads a test. See bench/adverse/ and docs/statistics.md.
//   nice -n 19 npm run bench:adverse -- [--runs 1000] [--same-runs N] [--cells a,b] [--workers 1] [--seed S] [--write-docs]
// --cells takes cell ids, shape ids, a kind of test (title, thumbnail, package) or kind/scenario
// (thumbnail/same); --write-docs rewrites only the blocks of the parts that ran (titles; thumbnails
// and packages).

import { readOptions, USAGE } from './adverse/options';
import { runTasks } from './adverse/pool';
import type { Task } from './adverse/pool';
import { partOf, reportBlock, STUDY_PARTS, writeDocsBlock } from './adverse/report';
import type { TestOutcome } from './adverse/simulate';
import { summarise } from './adverse/summary';
import { shapeSummaryTable } from './adverse/table';

const RUNS_PER_TASK = 25;

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (options.list) {
    process.stdout.write(`${options.cells.map((cell) => cell.id).join('\n')}\n${USAGE}\n`);
    return;
  }
  const runsOf = new Map(
    options.cells.map((cell) => [cell.id, cell.scenario === 'same' ? options.sameRuns : options.runs]),
  );
  const tasks: Task[] = [];
  for (const cell of options.cells) {
    const runs = runsOf.get(cell.id) as number;
    for (let from = 0; from < runs; from += RUNS_PER_TASK)
      tasks.push({
        index: tasks.length,
        cellId: cell.id,
        seed: options.seed,
        planViews: options.planViews,
        from,
        to: Math.min(runs, from + RUNS_PER_TASK),
      });
  }
  const outcomes = new Map<string, TestOutcome[][]>(options.cells.map((cell) => [cell.id, []]));
  const cpu = new Map<string, number>();
  const done = new Map<string, number>();
  const started = performance.now();
  let cpuTimed = true;
  await runTasks(tasks, options.workers, (result) => {
    const task = tasks[result.index] as Task;
    outcomes.get(task.cellId)?.push(result.outcomes);
    cpu.set(task.cellId, (cpu.get(task.cellId) ?? 0) + result.ms);
    cpuTimed &&= result.cpu;
    const runs = (done.get(task.cellId) ?? 0) + result.outcomes.length;
    done.set(task.cellId, runs);
    if (runs === runsOf.get(task.cellId))
      process.stderr.write(
        `${task.cellId}: ${runs} tests, ${((cpu.get(task.cellId) ?? 0) / 1000).toFixed(1)} s ${result.cpu ? 'CPU' : 'wall'}\n`,
      );
  });
  const summaries = options.cells.map((cell) =>
    summarise(cell, (outcomes.get(cell.id) ?? []).flat(), cpu.get(cell.id) ?? 0),
  );
  const args = process.argv.slice(2).join(' ');
  const command = `npm run bench:adverse${args ? ` -- ${args}` : ''}`;
  const blocks = [];
  for (const part of STUDY_PARTS) {
    const inPart = summaries.filter((summary) => partOf(summary.cell) === part);
    if (inPart.length === 0) continue;
    const block = await reportBlock(
      inPart,
      { runs: options.runs, sameRuns: options.sameRuns, seed: options.seed, command, cpuTimed },
      options.docs,
      part,
    );
    blocks.push({ part, block });
    process.stdout.write(`${block}\n\n`);
  }
  const variants = summaries.filter((summary) => partOf(summary.cell) === 'variants');
  // The README's short form of the thumbnail and package rows.
  if (variants.length > 0) process.stdout.write(`${shapeSummaryTable(variants)}\n`);
  process.stderr.write(
    `${((performance.now() - started) / 1000).toFixed(0)} s wall on ${options.workers} worker(s)\n`,
  );
  if (options.writeDocs) for (const { part, block } of blocks) writeDocsBlock(options.docs, block, part);
}

await main();
