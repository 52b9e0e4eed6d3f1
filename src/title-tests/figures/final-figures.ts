import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { dailyMetrics, titleTests } from '../../../db/schema';
import type { ServiceContext } from '../../context/service-context';
import type { DbOrTx } from '../../db/database';
import { pacificDay } from '../../time/pacific';
import { heldBy } from '../records/held-tests';
import type { WinnerMetric } from '../../shared/test-shapes';
import type { DailyRow } from './readings';
import { loadTestRecord, type RotationRow, type TestRecord } from '../records/title-test-records';

/**
 * The Pacific days whose YouTube figures the verdict uses: one per analysed window (an applied
 * full window of the schedule, including the one live when the test ends, which the end closes),
 * the day its middle falls in, as the window observations read it.
 */
export function analysedDays(record: Pick<TestRecord, 'rotations'>): string[] {
  const days = new Set<string>();
  for (const rotation of record.rotations) {
    if (rotation.kind !== 'window' || rotation.status !== 'applied' || !rotation.activatedAt) continue;
    days.add(windowDay(rotation));
  }
  return [...days].sort();
}

/** The Pacific day whose YouTube figures a window of the schedule is read with: its middle's. */
export function windowDay(rotation: Pick<RotationRow, 'plannedStart' | 'plannedEnd'>): string {
  return pacificDay(new Date((rotation.plannedStart.getTime() + rotation.plannedEnd.getTime()) / 2));
}

/**
 * Whether a day's row holds what the final verdict needs: impressions and CTR (reach report),
 * and for watch time per impression also views and minutes watched (Analytics).
 */
export function hasFinalFigures(row: DailyRow | undefined, metric: WinnerMetric): boolean {
  if (!row || row.impressions === null || typeof row.impressionsCtr !== 'number') return false;
  return metric !== 'combined' || (row.views !== null && row.estimatedMinutesWatched !== null);
}

/**
 * Whether daily_metrics holds YouTube's figures for every analysed day of the test: impressions
 * and CTR (reach report), and for watch time per impression also views and minutes watched
 * (Analytics).
 */
export async function finalFiguresComplete(db: DbOrTx, record: TestRecord): Promise<boolean> {
  const days = analysedDays(record);
  if (days.length === 0) return true;
  const rows = await db
    .select()
    .from(dailyMetrics)
    .where(and(eq(dailyMetrics.videoId, record.test.videoId), inArray(dailyMetrics.day, days)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.every((day) => hasFinalFigures(byDay.get(day), record.test.winnerMetric));
}

/**
 * After a daily collection: the tests waiting for final figures whose figures are now all in
 * (only those `holding` holds, or the unheld ones for the workers). The engine enqueues their
 * decisions (src/title-tests/engine/daily-collection.ts).
 */
export async function testsWithFinalFiguresIn(ctx: ServiceContext, holding?: string): Promise<string[]> {
  const waiting = await ctx.db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(and(eq(titleTests.status, 'completed'), isNotNull(titleTests.finalFiguresDueAt), heldBy(holding)));
  const ready: string[] = [];
  for (const { id } of waiting) {
    const record = await loadTestRecord(ctx.db, id);
    if (record && (await finalFiguresComplete(ctx.db, record))) ready.push(id);
  }
  return ready;
}
