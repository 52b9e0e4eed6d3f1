import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

/**
 * The project's root folder (the one holding package.json), found once from this module's place:
 * src/platform/ when the TypeScript runs as is (tsx, vitest), dist/server/ when it runs as the built bundle
 * (`npm start`). Files the server reads at run time (db/migrations, dist/web) are resolved from it.
 */
export const projectRoot = findRoot(dirname(fileURLToPath(import.meta.url)));
