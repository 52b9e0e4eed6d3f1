import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/database';

/** What one run of jobs due at the same instant produced. */
export interface RunResult {
  label: string;
  jobs: number;
  done: number;
  /** Milliseconds after the due instant each job's work landed. */
  latenessMs: number[];
  /** Epoch ms of the first and last job's work. */
  firstAt: number;
  lastAt: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Jobs per second from the first to the last job's work (n − 1 intervals). */
export function throughput(result: RunResult): number {
  const seconds = (result.lastAt - result.firstAt) / 1000;
  return result.done > 1 && seconds > 0 ? (result.done - 1) / seconds : Number.NaN;
}

/** Smallest and largest value, without spreading a large array into arguments. */
export function bounds(values: readonly number[]): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Progress and phases go to stderr so the table on stdout stays clean. */
export function note(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/** Runs `tasks` with at most `width` in flight. */
export async function inParallel<T>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) await task(items[next++]!);
  });
  await Promise.all(lanes);
}

/** Rows of a raw query (postgres-js answers with an array, other drivers with `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
