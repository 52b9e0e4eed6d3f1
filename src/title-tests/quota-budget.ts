import { quotaCosts } from '../youtube/quota-ledger';

/** Units one rotation costs: read title and views (1), read the snippet (1), write it (50), read it back (1). */
export const UNITS_PER_ROTATION = 3 * quotaCosts['videos.list'] + quotaCosts['videos.update'];
/** Restoring a title at the end costs the same; every running test keeps this in reserve. */
export const RESTORE_RESERVE_UNITS = UNITS_PER_ROTATION;
/** View-count sampling every 10 minutes shares one 1-unit call among 50 videos: a test's share, rounded up. */
export const SAMPLING_UNITS_PER_DAY = 3;

export function dailyUnitsFor(intervalMinutes: number): number {
  return (1440 / intervalMinutes) * UNITS_PER_ROTATION + SAMPLING_UNITS_PER_DAY;
}

export interface BudgetCheck {
  ok: boolean;
  needed: number;
  committed: number;
  quota: number;
  message: string | null;
}

/**
 * Would one more test with this interval fit in the daily quota, next to the running ones and
 * the reserve that restores every title? The message says what to change.
 */
export function checkQuotaBudget(input: {
  intervalMinutes: number;
  runningIntervals: number[];
  dailyQuota: number;
}): BudgetCheck {
  const needed = dailyUnitsFor(input.intervalMinutes);
  const committed = input.runningIntervals.reduce(
    (sum, interval) => sum + dailyUnitsFor(interval) + RESTORE_RESERVE_UNITS,
    0,
  );
  const ok = committed + needed + RESTORE_RESERVE_UNITS <= input.dailyQuota;
  if (ok) return { ok, needed, committed, quota: input.dailyQuota, message: null };
  const longer = [120, 240, 480, 720, 1440].find(
    (interval) =>
      interval > input.intervalMinutes &&
      committed + dailyUnitsFor(interval) + RESTORE_RESERVE_UNITS <= input.dailyQuota,
  );
  const suggestion = longer
    ? `Choose a longer rotation interval (${longer >= 1440 ? 'daily' : `every ${longer / 60} hours`} fits)`
    : 'End a running test first';
  return {
    ok,
    needed,
    committed,
    quota: input.dailyQuota,
    message: `This test would need about ${needed.toLocaleString('en-US')} YouTube API units a day, and running tests already reserve ${committed.toLocaleString('en-US')} of the daily ${input.dailyQuota.toLocaleString('en-US')}. ${suggestion}.`,
  };
}
