/**
 * Bundles the server (src/main.ts, src/worker.ts and everything they import from src/, jobs/ and db/schema) into dist/server/*.js with esbuild, only when the bundle is stale: missing, or older
 * than any of its inputs. `npm start` and `npm run worker` run it through scripts/build-stale.ts
 * and then the bundle with plain node, so a start does not transpile TypeScript
 * (docs/decisions/0011-server-bundle.md). Packages load from node_modules (except drizzle-orm,
 * bundled in), and the database drivers stay lazily imported.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'esbuild';
// With its .ts extension: Node runs these scripts as they are (type stripping, no resolver).
import { newestMtime } from './newest-mtime.ts';

export const SERVER_ENTRIES = ['src/main.ts', 'src/worker.ts', 'src/demo-prepare.ts'];
/** Everything the bundle is made from (and how it is made); a change to any means a rebuild. */
export const SERVER_INPUTS = [
  'src',
  'jobs',
  'db/schema',
  'tsconfig.json',
  'package-lock.json',
  'scripts/server-build.ts',
];
export const SERVER_OUT_DIR = 'dist/server';
/**
 * Packages bundled in rather than loaded from node_modules (the lock file is an input: a new
 * version means a rebuild). drizzle-orm is about 170 small modules under one 180 kB package.json;
 * Node's ESM loader spent most of the 0.55 s they took to load in its package.json reader.
 */
export const BUNDLED_PACKAGES = ['drizzle-orm'];

/** Marks every bare import (a package) external except the listed packages and their subpaths. */
function externalPackagesExcept(bundled: string[]): Plugin {
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.path
          .split('/')
          .slice(0, args.path.startsWith('@') ? 2 : 1)
          .join('/');
        return bundled.includes(name) ? undefined : { path: args.path, external: true };
      });
    },
  };
}

/** True when every entry's bundle exists and is newer than every server input. */
export function serverBuildIsCurrent(root: string): boolean {
  const outputs = SERVER_ENTRIES.map((entry) => join(root, SERVER_OUT_DIR, `${entryName(entry)}.js`));
  if (!outputs.every((output) => existsSync(output))) return false;
  return Math.min(...outputs.map((output) => statSync(output).mtimeMs)) > newestMtime(root, SERVER_INPUTS);
}

function entryName(entry: string): string {
  return entry.replace(/^.*\//, '').replace(/\.ts$/, '');
}

/** Bundles the server when it is stale; returns whether it built. */
export async function buildServerIfStale(
  root: string,
  log: (line: string) => void = console.log,
): Promise<boolean> {
  if (serverBuildIsCurrent(root)) {
    log('server: dist/server is up to date');
    return false;
  }
  log('server: building dist/server');
  // Loaded only when building (a devDependency, the same version tsx and vite use).
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: SERVER_OUT_DIR,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Packages load from node_modules at run time, except BUNDLED_PACKAGES. Split chunks keep the
    // database drivers' dynamic imports lazy (and with them PGlite and postgres.js).
    plugins: [externalPackagesExcept(BUNDLED_PACKAGES)],
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: 'linked',
    // Stack traces need the mappings, not the sources: a map without them is a third of the size,
    // and less to hold for a process run with --enable-source-maps (decision 0050).
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  // Each file is written whole and renamed into place, so a process starting meanwhile (a worker
  // next to `npm start`) never reads half a bundle.
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  // Chunks of earlier builds (their names carry a content hash) are no longer referenced.
  const written = new Set(result.outputFiles.map((file) => file.path));
  const chunks = join(root, SERVER_OUT_DIR, 'chunks');
  for (const entry of readdirSync(chunks)) {
    if (!written.has(join(chunks, entry))) rmSync(join(chunks, entry), { force: true });
  }
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildServerIfStale(process.cwd());
  } catch {
    // esbuild has printed the errors.
    process.exit(1);
  }
}
