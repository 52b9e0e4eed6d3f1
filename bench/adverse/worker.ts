// A study worker: runs the simulated tests of one task (a cell and a range of runs) and posts
// their outcomes with the time they took: this thread's CPU time where Node reports it (22.17+ /
// 23.9+), else wall time, which a busy machine inflates.

import { parentPort } from 'node:worker_threads';
import { allCells } from './cells';
import { simulateTest } from './simulate';
import type { Task, TaskResult } from './pool';

const cells = new Map(allCells().map((cell) => [cell.id, cell]));

/** Milliseconds of this thread's CPU (user + system), or of the wall clock. */
function clock(): { ms: number; cpu: boolean } {
  if (typeof process.threadCpuUsage === 'function') {
    const { user, system } = process.threadCpuUsage();
    return { ms: (user + system) / 1000, cpu: true };
  }
  return { ms: performance.now(), cpu: false };
}

parentPort?.on('message', (task: Task) => {
  const cell = cells.get(task.cellId);
  if (!cell) throw new Error(`unknown cell ${task.cellId}`);
  const started = clock();
  const outcomes = [];
  // Keyed by shape, not scenario: a shape's scenarios share videos, start times and schedules
  // (and a measured shape's with its base shape's, so only the washout differs).
  const shapeKey = cell.shape.runsLike ?? cell.shape.id;
  for (let run = task.from; run < task.to; run++)
    outcomes.push(simulateTest(cell, `${task.seed}/${shapeKey}/${run}`, task.planViews));
  const ended = clock();
  const result: TaskResult = { index: task.index, outcomes, ms: ended.ms - started.ms, cpu: ended.cpu };
  parentPort?.postMessage(result);
});
