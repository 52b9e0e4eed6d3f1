/**
 * `npm start` (`node scripts/build-stale.ts web server`) and `npm run worker` (`… server`) run
 * this first: it builds dist/web and/or dist/server when stale, in one short process, and the
 * server then runs from dist/server with plain node. One process rather than one per bundle:
 * each Node start that strips TypeScript types costs about 0.15 s of `npm start`.
 */
// Node runs these files as they are, which needs the .ts extension in an import.
import { buildWebIfStale } from './web-build.ts';
import { buildServerIfStale } from './server-build.ts';

const root = process.cwd();
const targets = process.argv.slice(2);
for (const target of targets) {
  if (!['web', 'server'].includes(target)) throw new Error(`Unknown build "${target}": web or server`);
}
if (targets.includes('web')) buildWebIfStale(root);
if (targets.includes('server')) {
  try {
    await buildServerIfStale(root);
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
