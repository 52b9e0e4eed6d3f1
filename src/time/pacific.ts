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
  const today = pacificDay(at);
  // Step forward hour by hour from a lower bound; DST makes days 23–25 hours long.
  let probe = new Date(at.getTime() + 3_600_000 * 20);
  while (pacificDay(probe) === today) probe = new Date(probe.getTime() + 3_600_000);
  let low = probe.getTime() - 3_600_000;
  let high = probe.getTime();
  while (high - low > 1000) {
    const mid = Math.floor((low + high) / 2);
    if (pacificDay(new Date(mid)) === today) low = mid;
    else high = mid;
  }
  return new Date(Math.ceil(high / 1000) * 1000);
}
