// One rule for the moments Titlewise shows a creator (a test's end, its first switch, when a
// verdict follows): in the creator's own time zone, which is named ("Fri, Dec 11, 8:48 AM GMT+1").
// The web app formats them in the browser's zone; what the server writes for a creator
// (notifications, e-mails, a test's reasons) uses the zone their browser last reported
// (users.time_zone), and Pacific time until one has. A day of YouTube's figures is a Pacific
// calendar day and is named as a date ("Sat, Nov 21"), not as a moment.

/** The zone the server writes in for a creator whose browser has not reported one: YouTube's. */
export const DEFAULT_MESSAGE_TIME_ZONE = 'America/Los_Angeles';

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

interface Formats {
  moment: Intl.DateTimeFormat;
  clock: Intl.DateTimeFormat;
}
const formats = new Map<string, Formats>();

function formatsFor(timeZone: string | null | undefined): Formats {
  const cached = timeZone ? formats.get(timeZone) : undefined;
  if (cached) return cached;
  // Validated only on a miss: a known zone is already in the cache.
  const zone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_MESSAGE_TIME_ZONE;
  let found = formats.get(zone);
  if (!found) {
    const clock = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: zone } as const;
    found = {
      moment: new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        ...clock,
      }),
      clock: new Intl.DateTimeFormat('en-US', clock),
    };
    // A few zones per deployment in practice; bounded all the same.
    if (formats.size > 500) formats.clear();
    formats.set(zone, found);
  }
  return found;
}

/** "Fri, Dec 11, 8:48 AM GMT+1": a moment in `timeZone` (null: Pacific), the zone named. */
export function formatMoment(at: Date, timeZone: string | null | undefined): string {
  return formatsFor(timeZone).moment.format(at);
}

/** "8:48 AM GMT+1": a time of day within the next day, the zone named. */
export function formatClock(at: Date, timeZone: string | null | undefined): string {
  return formatsFor(timeZone).clock.format(at);
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Sat, Nov 21": a calendar day ("2026-11-21"), as YouTube's daily figures are dated. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T12:00:00Z`));
}
