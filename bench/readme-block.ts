import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Replaces what stands between two marker comments in a Markdown file (the README's generated
 * blocks), keeping the markers. Throws when the file lacks them, so a missing block is noticed.
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
  process.stderr.write(`updated ${path}\n`);
}
