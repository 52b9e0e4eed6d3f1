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
