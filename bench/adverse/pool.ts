// Runs the study's tasks on worker threads. The worker is bundled with esbuild when it can be
// imported (tsx keeps every function's name, which slows the engine's loops by 15–30%, and by half
// when they create closures; the product itself runs a bundle), else run through tsx as it is.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PlanViews } from './plan-lift';
import type { TestOutcome } from './simulate';

export interface Task {
  index: number;
  cellId: string;
  seed: string;
  planViews: PlanViews;
  from: number;
  to: number;
}

export interface TaskResult {
  index: number;
  outcomes: TestOutcome[];
  /** Time the task took: the worker thread's CPU time, or wall time where Node cannot tell. */
  ms: number;
  cpu: boolean;
}

const WORKER_SOURCE = new URL('./worker.ts', import.meta.url);

/** The worker's entry: a bundle in a temporary folder (removed by `cleanup`), or the TypeScript source. */
async function workerEntry(): Promise<{ entry: URL | string; cleanup: () => void }> {
  try {
    const esbuild = await import('esbuild');
    const folder = mkdtempSync(join(tmpdir(), 'adverse-bench-'));
    const outfile = join(folder, 'worker.mjs');
    await esbuild.build({
      entryPoints: [fileURLToPath(WORKER_SOURCE)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outfile,
      logLevel: 'warning',
    });
    return { entry: outfile, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
  } catch (error) {
    process.stderr.write(`esbuild unavailable (${(error as Error).message}); workers run through tsx\n`);
    return { entry: WORKER_SOURCE, cleanup: () => undefined };
  }
}

/** Runs every task on `workerCount` workers; `onResult` sees each result as it arrives. */
export async function runTasks(
  tasks: readonly Task[],
  workerCount: number,
  onResult: (result: TaskResult) => void,
): Promise<void> {
  const { entry, cleanup } = await workerEntry();
  let next = 0;
  const workers = Array.from(
    { length: Math.max(1, Math.min(workerCount, tasks.length)) },
    () => new Worker(entry),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let current: Task | undefined;
            const feed = (): void => {
              current = tasks[next++];
              if (current) worker.postMessage(current);
              else resolve();
            };
            worker.on('message', (result: TaskResult) => {
              onResult(result);
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (current) reject(new Error(`a worker exited (code ${code}) during ${current.cellId}`));
            });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
    cleanup();
  }
}
