import { and, eq, inArray } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import type { EngineContext } from './engine-context';
import { runningStatuses } from '../../shared/test-states';
import { formatMoment } from '../../shared/moments';
import { messageTimeZoneOf } from '../../auth';
import { computeVerdict } from '../figures/worded-verdict';
import { nextLookAfter } from '../figures/look-bars';
import { loadTestRecord, setTestFields, type TestRecord } from '../records/title-test-records';
import { finishTest, type FinishOutcome } from './finish-test';
import { admissionJob } from './title-tests.jobs';

// The daily look at a running test (docs/statistics.md, "Looks and stopping"): at 02:00 Pacific,
// after the daily import, the engine reads the test with the bar of that look. A test whose look
// names a winner ends there by default: the verdict is stored as decided, the winner goes live
// (finish-test.ts) and the test's quota is free for the tests in line. A creator who chose to run
// the test to its end sees the same reading on the card, and the test goes on.

export type LookOutcome = 'not-due' | 'looked' | FinishOutcome;

const DAY_MS = 86_400_000;

/** Whether a look is due: the test is active and its next look has come. */
export function lookDue(record: TestRecord, now: Date): boolean {
  const { test } = record;
  return test.status === 'active' && test.nextLookAt !== null && test.nextLookAt <= now;
}

/** "8 days before its planned end": how early the answer came, in the creator's words. */
export function earlier(end: Date, now: Date): string {
  const days = Math.round((end.getTime() - now.getTime()) / DAY_MS);
  if (days <= 0) return 'on its last day';
  return `${days} ${days === 1 ? 'day' : 'days'} before its planned end`;
}

/**
 * Reads the test as its daily look does. A winner at a test that stops on its answer ends it now,
 * with that verdict, and puts the winner live; otherwise the next look is set. Conditional on the
 * test still running, so a look and a creator's action never both end it.
 */
export async function lookAtTest(ctx: EngineContext, record: TestRecord): Promise<LookOutcome> {
  const now = ctx.clock.now();
  if (!lookDue(record, now)) return 'not-due';
  const { test } = record;
  const verdict = await computeVerdict(ctx, record, false);
  if (verdict.verdict === 'winner' && test.stopAtVerdict) {
    const reason = `${verdict.reason} The test stopped at the daily look of ${formatMoment(now, await messageTimeZoneOf(ctx.db, test.userId))}, ${earlier(test.endDate, now)}: its answer was in.`;
    const [ended] = await ctx.db
      .update(titleTests)
      .set({
        status: 'completed',
        endedAt: now,
        updatedAt: now,
        verdict: { ...verdict, reason },
        decidedAt: now,
        nextLookAt: null,
        statusReason: reason,
      })
      .where(and(eq(titleTests.id, test.id), inArray(titleTests.status, [...runningStatuses])))
      .returning({ id: titleTests.id });
    if (!ended) return 'looked';
    // Its units are free again: a queued test may start.
    if (!ctx.holding) await admissionJob.send(ctx, {});
    const reloaded = await loadTestRecord(ctx.db, test.id);
    return reloaded ? finishTest(ctx, reloaded) : 'finished';
  }
  await setTestFields(ctx.db, test.id, { nextLookAt: nextLookAfter(record, now), updatedAt: now });
  return 'looked';
}
