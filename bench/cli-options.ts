/** A command-line option that must be a positive integer; `fallback` when absent. */
export function positiveInteger(
  name: string,
  value: string | undefined,
  fallback: number,
  usage: string,
): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`--${name} must be a positive integer.\n${usage}`);
  return parsed;
}

/** A comma-separated command-line option, each item parsed by `parse` (which throws on a bad item); null when absent. */
export function listOption<T>(
  name: string,
  value: string | undefined,
  parse: (item: string) => T,
  usage: string,
): T[] | null {
  if (value === undefined) return null;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0) throw new Error(`--${name} needs at least one item.\n${usage}`);
  return items.map((item) => {
    try {
      return parse(item);
    } catch (error) {
      throw new Error(`--${name} ${item}: ${(error as Error).message}\n${usage}`, { cause: error });
    }
  });
}
