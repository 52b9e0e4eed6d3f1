// Words for the instants the server gives for what is still to come (the first rotation, a
// pending figure, the verdict): the clock time in the viewer's zone and how far away it is, by
// the viewer's own clock, so stored figures never carry a stale "in 2 days".

import { formatMoment } from '#shared/moments';
import { BROWSER_TIME_ZONE } from './time-zone';

const MINUTE_MS = 60_000;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The instant on the viewer's clock, its zone named as the server's messages name it: "Thu, Nov 26,
 * 1:30 AM GMT+1" (src/shared/moments.ts).
 */
export function formatClockTime(at: Date): string {
  return formatMoment(at, BROWSER_TIME_ZONE);
}

/** A duration in words: minutes under 90 min, hours (and minutes under 12 h) under 36 h, else days. */
function formatSpan(minutes: number): string {
  if (minutes < 90) return plural(minutes, 'minute');
  if (minutes < 12 * 60) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
  }
  if (minutes < 36 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / (24 * 60)), 'day');
}

/** How far `at` is from `now`: "in 2 days", "in 2 hours 24 minutes", "in under a minute", "3 hours ago". */
export function formatRelative(at: Date, now: Date): string {
  const ms = at.getTime() - now.getTime();
  const minutes = Math.round(Math.abs(ms) / MINUTE_MS);
  if (minutes < 1) return ms >= 0 ? 'in under a minute' : 'just now';
  return ms >= 0 ? `in ${formatSpan(minutes)}` : `${formatSpan(minutes)} ago`;
}

/**
 * An expected instant in words: "Thu, Nov 26, 1:30 AM (in 2 days)"; once it has passed without the
 * thing arriving, "(due 3 hours ago)".
 */
export function formatExpected(at: Date, now: Date): string {
  const relative = formatRelative(at, now);
  return `${formatClockTime(at)} (${at.getTime() >= now.getTime() ? relative : `due ${relative}`})`;
}
