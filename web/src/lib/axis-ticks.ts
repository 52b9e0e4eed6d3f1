/**
 * Chart axes (issue 12, item 3): a few round ticks from 0 to at least the largest value, and short
 * labels for them. Counts get whole-number ticks (never "1, 1, 1, 0, 0" for a maximum of 1),
 * large values read 1.5K / 2M, small fractions keep the decimals their step needs.
 */

/** Step sizes tried within each power of ten; 2.5 only where a fraction is allowed. */
const STEPS = [1, 2, 2.5, 5, 10];
const TARGET_INTERVALS = 4;

/** How many decimals a step needs to be written exactly (0.25 → 2, 5 → 0). */
function decimalsOf(step: number): number {
  for (let decimals = 0; decimals < 8; decimals += 1) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return decimals;
  }
  return 8;
}

/** Ticks from 0 up to the first round value ≥ the largest value; `integer` for counts. */
export function axisTicks(values: readonly number[], { integer }: { integer: boolean }): number[] {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  if (largest === 0) return [0, 1];
  const rough = largest / TARGET_INTERVALS;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const candidates = STEPS.map((factor) => factor * magnitude).filter(
    (step) => !integer || Number.isInteger(step),
  );
  const step = integer
    ? Math.max(1, candidates.find((each) => each >= rough) ?? 1)
    : candidates.find((each) => each >= rough)!;
  const decimals = decimalsOf(step);
  const intervals = Math.ceil(largest / step - 1e-9);
  return Array.from({ length: intervals + 1 }, (_, index) => Number((index * step).toFixed(decimals)));
}

function trimmed(value: number, decimals: number): string {
  return String(Number(value.toFixed(decimals)));
}

/** An axis label: 0, 250, 1.5K, 2.25K, 1M, 0.05. */
export function formatAxisNumber(value: number): string {
  const size = Math.abs(value);
  if (size >= 1_000_000) return `${trimmed(value / 1_000_000, 2)}M`;
  if (size >= 1_000) return `${trimmed(value / 1_000, 2)}K`;
  return trimmed(value, 4);
}
