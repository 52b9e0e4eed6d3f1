import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

/**
 * Builds the web app once per e2e run when dist/web is missing or older than any web source,
 * so browser tests always run against the bundle the server would serve.
 */
const root = process.cwd();
const builtIndex = join(root, 'dist/web/index.html');
const inputs = ['web', 'src/shared', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json'];

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stats.mtimeMs,
  );
}

export default function setup() {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(
    ...inputs.filter((input) => existsSync(join(root, input))).map((input) => newestMtime(join(root, input))),
  );
  if (builtAt > sourcesAt) {
    console.log('[e2e] web app: dist/web is up to date');
    return;
  }
  console.log('[e2e] web app: building dist/web');
  // A separate process with NODE_ENV=production: vitest sets NODE_ENV=test, which would make
  // Vite bundle React's development build.
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}
