// The winner bar of a reading of a stored test (docs/statistics.md, "Looks and stopping"). A test
// is read once a day at 02:00 Pacific (src/statistics/look-schedule.ts) and stops at the first look
// that names a winner; each look's bar follows from the false-winner budget and the share of the
// planned units it sees (src/statistics/looks.ts). A reading at any other moment — the card, a
// creator completing the test early — counts as one more look at the units in by then, so it is
// held to a bar no looser than the planned looks'. Only the end (every planned unit in) spends
// what the looks left.

import { isMeasuredPerDay } from '../../shared/test-shapes';
import { dailyLookTimes, plannedLooks, unitReadyAt } from '../../statistics/look-schedule';
import { lookBars } from '../../statistics/looks';
import type { RotationRow, TitleTestRow } from '../records/title-test-records';

/** What a reading's bar needs of a test: its metric, its end, and its stored schedule. */
export interface LookedTest {
  test: Pick<TitleTestRow, 'winnerMetric' | 'endDate'>;
  rotations: readonly Pick<RotationRow, 'kind' | 'plannedStart' | 'plannedEnd'>[];
}

/** The stored design windows of every segment: the units the looks are counted in. */
function designUnits(record: LookedTest): { startsAt: Date; endsAt: Date }[] {
  return record.rotations
    .filter((rotation) => rotation.kind === 'window')
    .map((rotation) => ({ startsAt: rotation.plannedStart, endsAt: rotation.plannedEnd }));
}

/**
 * The p-value bar of a reading at `at`: the daily looks before it as planned, then this one on the
 * units ready by `at`. `final`: the test ran its whole length, so this reading spends the rest of
 * the budget.
 */
export function winnerBarAt(record: LookedTest, at: Date, final: boolean): number {
  const units = designUnits(record);
  const perDay = isMeasuredPerDay(record.test.winnerMetric);
  const looks = plannedLooks(units, record.test.endDate, perDay).filter(
    (look) => !look.final && look.at.getTime() < at.getTime(),
  );
  const ready = units.filter((unit) => unitReadyAt(unit, perDay).getTime() <= at.getTime()).length;
  const information = units.length > 0 ? ready / units.length : 0;
  const last = looks.at(-1);
  // Reading again what the last look read is no new look: it keeps that look's bar.
  if (!final && last && information <= last.information)
    return lookBars(looks, { lastIsFinal: false }).at(-1) ?? 0;
  const bars = lookBars([...looks, { information: final ? 1 : information }], { lastIsFinal: final });
  return bars.at(-1) ?? 0;
}

/** The next daily look after `after` while the test runs (before its end date), or null. */
export function nextLookAfter(record: Pick<LookedTest, 'test'>, after: Date): Date | null {
  const [next] = dailyLookTimes(after, record.test.endDate);
  return next ?? null;
}
