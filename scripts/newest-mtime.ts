import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtimeOf(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtimeOf(join(path, entry))),
    stats.mtimeMs,
  );
}

/**
 * The newest modification time among `inputs` (paths under `root`, folders walked whole; missing
 * ones skipped): a bundle older than this is stale. Used by web-build.ts and server-build.ts.
 */
export function newestMtime(root: string, inputs: readonly string[]): number {
  return Math.max(
    ...inputs
      .filter((input) => existsSync(join(root, input)))
      .map((input) => newestMtimeOf(join(root, input))),
  );
}
