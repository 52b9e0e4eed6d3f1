import { formatMoment } from '../shared/moments';
import { isMeasuredPerDay } from '../shared/test-shapes';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../errors/app-error';
import { findOwnTest } from './create-test.service';
import { simulatedTimeOf } from './simulation/simulated-time';
import type { TimeControlContext } from './simulation/simulated-time';
import { FINAL_FIGURES_WAIT_MS, finalFiguresStatus } from './figures/final-figures-status';
import type { FastForwardSpan } from './records/title-tests.schemas';

const DAY = 86_400_000;
/** Past the end (or the final figures' deadline), so the end-of-test job and the winner land. */
const SETTLE_MS = 3_600_000;

/**
 * Founder tool, simulator only: moves the deployment's simulated clock a day, or past the test's
 * end (and, for a CTR or watch-time test, past the wait for YouTube's final daily figures), and
 * runs every job due on the way through the real handlers: rotations, view samples, daily figures
 * with their lag, the verdict and the winner put live. It moves time for the whole deployment,
 * except for a demo visitor, whose own copy alone moves (TimeControlContext.sandboxTime).
 */
export async function fastForwardTest(
  ctx: TimeControlContext,
  user: UserRow,
  testId: string,
  span: FastForwardSpan,
): Promise<string> {
  // A demo visitor's own copy moves alone; anyone else's move is the deployment's.
  const sandbox = (await ctx.sandboxTime?.(ctx, user)) ?? null;
  const time = simulatedTimeOf(ctx);
  if (!time) throw conflict('Fast-forward is a simulator tool: this server runs on real time.');
  const test = await findOwnTest(ctx, user, testId);
  const waiting = finalFiguresStatus(test);
  const running = test.status === 'scheduled' || test.status === 'active' || test.status === 'paused';
  if (!running && !waiting.awaiting)
    throw conflict(`The test has already ${test.status === 'cancelled' ? 'been cancelled' : 'ended'}.`);
  const now = ctx.clock.now().getTime();
  const finalWait = isMeasuredPerDay(test.winnerMetric) ? FINAL_FIGURES_WAIT_MS : 0;
  const end = waiting.dueBy?.getTime() ?? test.endDate.getTime() + finalWait;
  const target = span === 'day' ? now + DAY : Math.max(now, end) + SETTLE_MS;
  const failedOf = (failures: number) =>
    failures > 0 ? ` ${failures} job runs failed and were logged.` : '';
  if (sandbox) {
    const { movedDays, failures } = await sandbox.moveTo(new Date(target));
    const lived = `${movedDays} more ${movedDays === 1 ? 'day' : 'days'}`;
    // A copy moves in whole days: "to the end" says it reached the end, not just the days it took.
    return span === 'end'
      ? `Your demo test ran to its end: your channel lived ${lived} (a demo moves a whole day at a time); nobody else's clock moved.${failedOf(failures)}`
      : `Your demo channel lived ${lived}; nobody else's clock moved.${failedOf(failures)}`;
  }
  const moved = await time.moveTo(new Date(target));
  const failed = failedOf(moved.failures);
  return `The simulated clock is now ${formatMoment(moved.now, user.timeZone)} (${moved.steps} steps).${failed}`;
}
