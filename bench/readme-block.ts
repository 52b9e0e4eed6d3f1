import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Replaces what stands between two marker comments in a Markdown file (the README's generated
 * blocks), keeping the markers, then formats the file as `npm run format` would (the tables a
 * bench prints are not column-aligned, and CI checks the format). Throws when the file lacks the
 * markers, so a missing block is noticed.
 */
export function replaceMarkedBlock(
  path: string,
  markers: { start: string; end: string },
  block: string,
): void {
  const text = readFileSync(path, 'utf8');
  const from = text.indexOf(markers.start);
  const to = text.indexOf(markers.end);
  if (from < 0 || to < from) throw new Error(`${path} has no ${markers.start} … ${markers.end} block`);
  writeFileSync(path, `${text.slice(0, from + markers.start.length)}\n\n${block}\n\n${text.slice(to)}`);
  const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
  execFileSync(process.execPath, [prettier, '--log-level', 'warn', '--write', path], { stdio: 'inherit' });
  process.stderr.write(`updated ${path}\n`);
}
