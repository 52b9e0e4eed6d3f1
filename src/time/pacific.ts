const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The US Pacific calendar day (YYYY-MM-DD) of an instant: YouTube's quota and daily-data grain. */
export function pacificDay(at: Date): string {
  return dayFormat.format(at);
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
