import { and, eq, inArray } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import { markConnectionDisconnected } from '../../channels';
import { nextPacificMidnight } from '../../time/pacific';
import { formatMoment } from '../../shared/moments';
import { messageTimeZoneOf } from '../../auth';
import { scheduleAdvance } from './title-tests.jobs';
import { notifyQuotaDeferred, notifyTestFailed, notifyTestPaused } from '../../notifications';
import type { EngineContext } from './engine-context';
import { GRANT_MAX_AGE_DAYS } from '../../shared/data-retention';
import { runningStatuses } from '../../shared/test-states';
import { endLiveWindows, type TestRecord } from '../records/title-test-records';
import type { YouTubeFailure } from './youtube-port';
import { RECONNECT_INSTRUCTIONS } from '../../shared/reconnect';

export const LOST_ACCESS_REASON = `YouTube access was revoked or has expired. ${RECONNECT_INSTRUCTIONS}, then resume the test. Without a new sign-in within ${GRANT_MAX_AGE_DAYS} days, this channel's tests and figures are deleted.`;

/**
 * Google refused the channel's grant (revoked or expired): the connection is marked disconnected
 * and every running test on the channel pauses, since none of them can change titles now. The
 * creator is told how to fix it, and how long the channel's data is kept meanwhile.
 */
export async function pauseChannelTestsForLostAccess(
  ctx: EngineContext,
  connectionId: string,
  reason: string,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await markConnectionDisconnected(tx, connectionId, reason, now);
    const paused = await tx
      .update(titleTests)
      .set({
        status: 'paused',
        statusReason: LOST_ACCESS_REASON,
        updatedAt: now,
      })
      .where(
        and(
          eq(titleTests.channelConnectionId, connectionId),
          inArray(titleTests.status, ['scheduled', 'active']),
        ),
      )
      .returning();
    await endLiveWindows(
      tx,
      paused.map((test) => test.id),
      now,
    );
    for (const test of paused) await notifyTestPaused(ctx, tx, test, LOST_ACCESS_REASON, now);
  });
}

/**
 * What a YouTube failure does to a test, by its kind and the test's status:
 * - `wait-for-reset`: the daily quota is spent; the test waits for the reset at midnight Pacific;
 * - `pause-channel`: the grant is gone; the channel is marked disconnected and its scheduled and
 *   active tests pause (pauseChannelTestsForLostAccess);
 * - `pause-test`: YouTube refused (the video gone, a title it will not take): `pausesTest` says
 *   whether this test pauses here (not when it has ended or waits for capacity: then the refusal
 *   is only recorded);
 * - `retry`: YouTube did not answer; the job fails and pg-boss runs it again.
 * `tellFailed`: the failure hit an ended test's final title, so the creator is told it failed
 * (a running test's creator is told it paused).
 */
export function failureResponse(
  kind: YouTubeFailure['kind'],
  status: TestRecord['test']['status'],
): {
  action: 'wait-for-reset' | 'pause-channel' | 'pause-test' | 'retry';
  pausesTest: boolean;
  tellFailed: boolean;
} {
  const ended = !runningStatuses.includes(status);
  switch (kind) {
    case 'quota':
      return { action: 'wait-for-reset', pausesTest: false, tellFailed: false };
    case 'authorization':
      return { action: 'pause-channel', pausesTest: false, tellFailed: ended };
    case 'not-found':
    case 'invalid':
      return { action: 'pause-test', pausesTest: !ended && status !== 'queued', tellFailed: ended };
    case 'transient':
      return { action: 'retry', pausesTest: false, tellFailed: false };
  }
}

/**
 * Turns a YouTube failure into what the creator sees and what happens next. Returns true when
 * the failure was handled (the job should complete), false when it should be retried.
 */
export async function handleYouTubeFailure(
  ctx: EngineContext,
  record: TestRecord,
  failure: YouTubeFailure,
  doing: string,
): Promise<boolean> {
  const now = ctx.clock.now();
  const testId = record.test.id;
  const response = failureResponse(failure.kind, record.test.status);
  switch (response.action) {
    case 'wait-for-reset': {
      const resetAt = nextPacificMidnight(now);
      const reason = `YouTube's daily API quota is used up. Titlewise will continue ${doing} after the quota resets at midnight Pacific time (${formatMoment(resetAt, await messageTimeZoneOf(ctx.db, record.test.userId))}).`;
      await ctx.db.transaction(async (tx) => {
        await tx
          .update(titleTests)
          .set({ deferredUntil: resetAt, statusReason: reason, updatedAt: now })
          .where(eq(titleTests.id, testId));
        await notifyQuotaDeferred(ctx, tx, record.test, reason, resetAt);
      });
      await scheduleAdvance(ctx, testId, resetAt);
      return true;
    }
    case 'pause-channel': {
      await pauseChannelTestsForLostAccess(ctx, record.connection.id, failure.message);
      const lastError = `Could not finish ${doing}: YouTube access was revoked or has expired. Reconnect your channel.`;
      await ctx.db.transaction(async (tx) => {
        await tx.update(titleTests).set({ lastError }).where(eq(titleTests.id, testId));
        if (response.tellFailed) await notifyTestFailed(ctx, tx, record.test, lastError, now);
      });
      return true;
    }
    case 'pause-test': {
      const statusReason = `Paused: ${failure.message}`;
      const lastError = `YouTube refused ${doing}: ${failure.message}`;
      const pausing = response.pausesTest;
      await ctx.db.transaction(async (tx) => {
        if (pausing) await endLiveWindows(tx, [testId], now);
        await tx
          .update(titleTests)
          .set({
            ...(pausing ? { status: 'paused' as const } : {}),
            // A test waiting for capacity is neither paused nor ended: the refusal is only recorded.
            ...(pausing || response.tellFailed ? { statusReason } : {}),
            lastError,
            updatedAt: now,
          })
          .where(eq(titleTests.id, testId));
        if (response.tellFailed) await notifyTestFailed(ctx, tx, record.test, lastError, now);
        else if (pausing) await notifyTestPaused(ctx, tx, record.test, statusReason, now);
      });
      return true;
    }
    case 'retry': {
      await ctx.db
        .update(titleTests)
        .set({
          lastError: `YouTube did not answer while ${doing} (${failure.message}). Retrying automatically.`,
          updatedAt: now,
        })
        .where(eq(titleTests.id, testId));
      return false;
    }
  }
}
