/**
 * `npm start` (`node scripts/build-stale.ts web server`) and `npm run worker` (`… server`) run
 * this first: it builds dist/web and/or dist/server when stale, in one short process, and the
 * server then runs from dist/server with plain node. One process rather than one per bundle:
 * each Node start that strips TypeScript types costs about 0.15 s of `npm start`.
 */
import type * as WebBuild from './web-build';
import type * as ServerBuild from './server-build';

// Node runs these files as they are, which needs the .ts extension in an import; TypeScript's
// settings here do not allow one in a static import, so they are imported by URL, typed above.
const sibling = (file: string): Promise<unknown> => import(new URL(file, import.meta.url).href);
const web = (await sibling('web-build.ts')) as typeof WebBuild;
const server = (await sibling('server-build.ts')) as typeof ServerBuild;

const root = process.cwd();
const targets = process.argv.slice(2);
for (const target of targets) {
  if (!['web', 'server'].includes(target)) throw new Error(`Unknown build "${target}": web or server`);
}
if (targets.includes('web')) web.buildWebIfStale(root);
if (targets.includes('server')) {
  try {
    await server.buildServerIfStale(root);
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
