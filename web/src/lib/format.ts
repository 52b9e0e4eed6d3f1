/** Compact numbers: K from 1,000, M from 1,000,000, one decimal. */
export function formatCompact(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (Math.abs(value) >= 1_000) return `${(value / 1_000).toFixed(1)}K`;
  return String(Math.round(value));
}

/** CTR with one decimal, e.g. "4.3%". */
export function formatCtr(percent: number): string {
  return `${percent.toFixed(1)}%`;
}

/** Seconds as m:ss (the test card's Avg Duration). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Cuts a text at `max` characters with an ellipsis (comparison tooltip: 30). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

// The server's notifications word intervals the same way.
export { formatInterval } from '#shared/test-shapes';

/** A number of days in words: "1 day", "14 days", "2.5 days". */
export function formatDays(days: number): string {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} day${rounded === 1 ? '' : 's'}`;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Went live N minutes ago" under an hour, otherwise hours (the rotation history's rows). */
export function formatWentLiveAgo(activatedAt: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - activatedAt.getTime()) / 60_000));
  if (minutes < 60) return `Went live ${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(minutes / 60);
  return `Went live ${hours} hour${hours === 1 ? '' : 's'} ago`;
}

const calendarDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A calendar day as YouTube's daily reports name it ("2026-11-27"), in words: "Nov 27". */
export function formatCalendarDay(isoDay: string): string {
  return calendarDay.format(new Date(`${isoDay}T12:00:00Z`));
}
