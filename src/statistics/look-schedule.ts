// When a test is read (docs/statistics.md, "Looks and stopping"): once a day at 02:00 Pacific,
// after the daily import of YouTube's figures at 01:30, and once more at the end. A look sees the
// units whose figures are in by then: a views window once it has ended (its counter is read at
// the switch), a day of CTR or watch time at the import three Pacific days later (YouTube's reach
// report for day d appears at 06:00 on d + 2). How much of the planned information a look holds
// decides its winner bar (looks.ts); the product and the forecast take the looks from here.

import { addDays, pacificDay, pacificDayStart } from '../time/pacific';

const HOUR_MS = 3_600_000;
/** The daily look: 02:00 Pacific, half an hour after the daily import. */
export const LOOK_HOUR = 2;
/** A Pacific day's CTR and watch time are in the product at the daily import this many days later. */
export const DAILY_FIGURES_DAYS_LATE = 3;
/** When the daily import of YouTube's figures runs, Pacific time (the metrics.daily job). */
export const DAILY_IMPORT_TIME = { hour: 1, minute: 30 } as const;
const DAILY_IMPORT_HOUR = DAILY_IMPORT_TIME.hour + DAILY_IMPORT_TIME.minute / 60;

/** The daily looks strictly after `start` and before `end`: 02:00 Pacific each day. */
export function dailyLookTimes(start: Date, end: Date): Date[] {
  const looks: Date[] = [];
  for (let day = addDays(pacificDay(start), 1); ; day = addDays(day, 1)) {
    const at = new Date(pacificDayStart(day).getTime() + LOOK_HOUR * HOUR_MS);
    if (at.getTime() >= end.getTime()) return looks;
    if (at.getTime() > start.getTime()) looks.push(at);
  }
}

/** When a unit's figures are in: a window's at its end; a day's at the import three days later. */
export function unitReadyAt(unit: { startsAt: Date; endsAt: Date }, perDay: boolean): Date {
  if (!perDay) return unit.endsAt;
  const day = pacificDay(unit.startsAt);
  return new Date(
    pacificDayStart(addDays(day, DAILY_FIGURES_DAYS_LATE)).getTime() + DAILY_IMPORT_HOUR * HOUR_MS,
  );
}

/** One reading of a planned test: when, and the share of the planned units it sees. */
export interface PlannedLook {
  at: Date;
  /** Units ready by then ÷ all planned units. */
  information: number;
  /** The last look: the test ran its length (for daily figures, the last day's are in). */
  final: boolean;
}

/**
 * The looks of a test whose design units are `units`, ending at `end`: every daily look before the
 * end that sees more units than the one before, then the final one once every unit is in (for a
 * daily metric, when the last day's figures arrive: the test waits for them without looking).
 */
export function plannedLooks(
  units: readonly { startsAt: Date; endsAt: Date }[],
  end: Date,
  perDay: boolean,
): PlannedLook[] {
  if (units.length === 0) return [];
  const ready = units.map((unit) => unitReadyAt(unit, perDay).getTime()).sort((a, b) => a - b);
  const lastReady = ready[ready.length - 1] as number;
  const finalAt = Math.max(end.getTime(), lastReady);
  const start = Math.min(...units.map((unit) => unit.startsAt.getTime()));
  const looks: PlannedLook[] = [];
  let seen = 0;
  for (const at of dailyLookTimes(new Date(start), end)) {
    let count = seen;
    while (count < ready.length && (ready[count] as number) <= at.getTime()) count++;
    if (count === seen) continue;
    seen = count;
    if (count === ready.length) break;
    looks.push({ at, information: count / ready.length, final: false });
  }
  looks.push({ at: new Date(finalAt), information: 1, final: true });
  return looks;
}
