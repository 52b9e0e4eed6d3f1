/**
 * Builds the web app into dist/web only when it is stale: missing, or older than any of its
 * inputs. `npm start` runs it through scripts/build-stale.ts (Node's type stripping, no
 * transpiler start-up), and the e2e global setup imports it, so both use the same rule.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// With its .ts extension: Node runs these scripts as they are (type stripping, no resolver).
import { newestMtime } from './newest-mtime.ts';

/**
 * Everything the bundle is made from; a change to any of them means a rebuild. package.json maps
 * the web app's #shared/ and #server/ imports ("imports").
 */
export const WEB_INPUTS = [
  'web',
  'src/shared',
  'vite.config.ts',
  'postcss.config.cjs',
  'package.json',
  'package-lock.json',
];

/** True when dist/web/index.html exists and is newer than every web input. */
export function webBuildIsCurrent(root: string): boolean {
  const builtIndex = join(root, 'dist/web/index.html');
  if (!existsSync(builtIndex)) return false;
  return statSync(builtIndex).mtimeMs > newestMtime(root, WEB_INPUTS);
}

/** Runs `vite build` when the bundle is stale; returns whether it built. */
export function buildWebIfStale(root: string, log: (line: string) => void = console.log): boolean {
  if (webBuildIsCurrent(root)) {
    log('web app: dist/web is up to date');
    return false;
  }
  log('web app: building dist/web');
  // A separate process with NODE_ENV=production: under vitest NODE_ENV is "test", which would
  // make Vite bundle React's development build.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // eslint-disable-next-line no-restricted-properties -- the build's environment, not configuration
    { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
  );
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildWebIfStale(process.cwd());
}
