// A test's plan in the creator's words (the create dialog's preview and the card's promise): the
// same rounding as the server's plan summary, so the two never say different numbers.

/** "about 1 day", "about 9 days": whole days, never "about 0 days" (as the plan's summary says them). */
export function aboutDays(days: number): string {
  const whole = Math.max(1, Math.round(days));
  return `about ${whole} day${whole === 1 ? '' : 's'}`;
}

/** A count of YouTube quota units: "1,240". */
export function formatUnits(units: number): string {
  return Math.round(units).toLocaleString('en-US');
}

/** A difference the plan finds, as the server rounds it (a tenth of a percent): "12.5%", "140%". */
export function formatLift(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}
