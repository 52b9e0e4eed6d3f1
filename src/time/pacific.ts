// US Pacific wall-clock time, in one place: YouTube cuts its daily data (Analytics, Reporting)
// and resets its quota at Pacific midnight, so the statistics engine's windows, the quota ledger
// and the daily figures all count Pacific days (docs/statistics.md, "Schedule").

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const PACIFIC_TIME_ZONE = 'America/Los_Angeles';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

// Pacific offsets only change on whole UTC hours, so one lookup per hour is exact. Intl is
// slow next to the engine's arithmetic, hence the cache; it is bounded for long-lived servers.
const offsetByHour = new Map<number, number>();
const MAX_CACHED_HOURS = 200_000;

/** Minutes to add to UTC to get Pacific wall-clock time at `date` (−480 or −420). */
export function pacificOffsetMinutes(date: Date | number): number {
  const ms = typeof date === 'number' ? date : date.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const instant = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = Math.round((wallClockAsUtc - instant) / 60_000);
  if (offsetByHour.size >= MAX_CACHED_HOURS) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** Pacific wall-clock time of an instant, as milliseconds on a zone-less time line. */
function wallClockMs(ms: number): number {
  return ms + pacificOffsetMinutes(ms) * 60_000;
}

export interface PacificParts {
  /** Days since 1970-01-01 of the Pacific calendar date: consecutive dates differ by 1. */
  dayNumber: number;
  hour: number;
  minute: number;
}

export function pacificParts(date: Date | number): PacificParts {
  const local = wallClockMs(typeof date === 'number' ? date : date.getTime());
  const dayNumber = Math.floor(local / DAY_MS);
  const intoDay = local - dayNumber * DAY_MS;
  return { dayNumber, hour: Math.floor(intoDay / HOUR_MS), minute: Math.floor((intoDay % HOUR_MS) / 60_000) };
}

/** Which window of the Pacific day (0 … 24h/interval − 1) an instant falls in. */
export function pacificSlotOfDay(date: Date | number, intervalMinutes: number): number {
  const { hour, minute } = pacificParts(date);
  return Math.floor((hour * 60 + minute) / intervalMinutes);
}

/**
 * Instants in [from, to] where a window of `intervalMinutes` (a divisor of 24 h, whole hours)
 * begins on the Pacific wall clock. On DST days the windows that contain the jump are an hour
 * shorter or longer (the wall-clock labels are kept: 00–02, 02–04, … and "02:00" on the spring
 * day is the instant the clock jumps to 03:00); hourly windows stay one hour long (25 on the fall day).
 */
export function pacificBoundaries(from: Date, to: Date, intervalMinutes: number): Date[] {
  if (intervalMinutes % 60 !== 0 || (24 * 60) % intervalMinutes !== 0) {
    throw new RangeError(`window length must be whole hours dividing 24 h, got ${intervalMinutes} min`);
  }
  const boundaries: Date[] = [];
  const windowMs = intervalMinutes * 60_000;
  for (let t = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS; t <= to.getTime(); t += HOUR_MS) {
    const isBoundary =
      intervalMinutes === 60 ||
      Math.floor(wallClockMs(t) / windowMs) > Math.floor(wallClockMs(t - HOUR_MS) / windowMs);
    if (isBoundary) boundaries.push(new Date(t));
  }
  return boundaries;
}

/** The US Pacific calendar day (YYYY-MM-DD) of an instant: YouTube's quota and daily-data grain. */
export function pacificDay(at: Date): string {
  return new Date(pacificParts(at).dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** The next Pacific midnight after `at`, when YouTube's daily quota resets. */
export function nextPacificMidnight(at: Date): Date {
  return pacificDayStart(addDays(pacificDay(at), 1));
}

/** The calendar day `days` after `day` (YYYY-MM-DD; negative goes back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The instant a Pacific calendar day begins: 07:00 or 08:00 UTC, depending on daylight saving. */
export function pacificDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  for (const utcHour of [7, 8]) {
    const candidate = new Date(Date.UTC(year, month - 1, date, utcHour));
    if (pacificDay(candidate) === day && pacificDay(new Date(candidate.getTime() - 1)) !== day)
      return candidate;
  }
  throw new RangeError(`Not a calendar day: ${day}`);
}
