import type { ProgressItem, VerdictView } from '../../api/test-types';

const MINUS = '\u2212';

/** A signed percentage with one decimal and a true minus sign: "+6.2%", "−1.0%". */
export function formatSignedPercent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : MINUS}${Math.abs(rounded).toFixed(1)}%`;
}

/** Lift with its 95% interval: "+6.2% (−1.0% to +13.9%)". */
export function formatLiftWithInterval(lift: number, low: number, high: number): string {
  return `${formatSignedPercent(lift)} (${formatSignedPercent(low)} to ${formatSignedPercent(high)})`;
}

/** A 0..1 chance in whole percent that never shows a near-certainty as 100% or a long shot as 0%. */
export function formatChance(probability: number): string {
  const percent = Math.round(probability * 100);
  if (percent >= 100 && probability < 1) return '>99%';
  if (percent <= 0 && probability > 0) return '<1%';
  return `${percent}%`;
}

export function formatLoss(percent: number): string {
  return `${Math.max(0, percent).toFixed(1)}%`;
}

/** "0.4 of 3 days", as the engine words its missing requirements. */
export function formatProgressItem(item: ProgressItem): string {
  const current = Number.isInteger(item.current) ? String(item.current) : item.current.toFixed(1);
  return `${current} of ${item.required} ${item.label}`;
}

export function formatViewsPerHour(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} views/hour`;
}

/** The naive difference of one title's raw average against Title 1's, or null when either is missing. */
export function naiveDifference(value: number | null, baseline: number | null): number | null {
  if (value === null || baseline === null || baseline <= 0) return null;
  return (value / baseline - 1) * 100;
}

export function formatCtrPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

/** The verdict badge's colour per kind (its words come from the server's label). */
export const verdictColors: Record<VerdictView['verdict'], string> = {
  winner: 'teal.9',
  same: 'gray.7',
  inconclusive: 'yellow.5',
};

/** "About 3 more days would settle it", for an undecided test when the engine can tell. */
export function formatMoreDaysNeeded(days: number): string {
  const whole = Math.max(1, Math.ceil(days));
  return `About ${whole} more day${whole === 1 ? '' : 's'} would settle it`;
}
