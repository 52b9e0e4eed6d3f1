/**
 * The sum of the samples of `name` whose labels include `labels`, read from Prometheus's text
 * format (what /metrics answers); null when none is present.
 */
export function sampleOf(text: string, name: string, labels: Record<string, string> = {}): number | null {
  let total: number | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map<string, string>(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1]!, pair[2]!]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value))
      total = (total ?? 0) + Number(match[3]);
  }
  return total;
}
