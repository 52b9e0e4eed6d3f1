import { and, eq, inArray } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import { markConnectionDisconnected } from '../channels/channel-connections.service';
import { nextPacificMidnight } from '../time/pacific';
import { scheduleAdvance } from '../../jobs/title-test-queue';
import type { EngineContext } from './engine-context';
import { GRANT_MAX_AGE_DAYS } from '../shared/data-retention';
import { runningStatuses } from './state-machine';
import type { TestRecord } from './title-test-records';
import type { YouTubeFailure } from './youtube-port';

export const LOST_ACCESS_REASON = `YouTube access was revoked or has expired. Sign in with Google again to reconnect your channel, then resume the test. Without a new sign-in within ${GRANT_MAX_AGE_DAYS} days, this channel's tests and figures are deleted.`;

const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

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
  const { app } = ctx;
  const now = app.clock.now();
  await markConnectionDisconnected(app.db, connectionId, reason, now);
  await app.db
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
    );
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
  const { app } = ctx;
  const now = app.clock.now();
  const testId = record.test.id;
  switch (failure.kind) {
    case 'quota': {
      const resetAt = nextPacificMidnight(now);
      await app.db
        .update(titleTests)
        .set({
          deferredUntil: resetAt,
          statusReason: `YouTube's daily API quota is used up. Titlewise will continue ${doing} after the quota resets at ${pacificTime.format(resetAt)}.`,
          updatedAt: now,
        })
        .where(eq(titleTests.id, testId));
      await scheduleAdvance(app, testId, resetAt);
      return true;
    }
    case 'authorization': {
      await pauseChannelTestsForLostAccess(ctx, record.connection.id, failure.message);
      await app.db
        .update(titleTests)
        .set({
          lastError: `Could not finish ${doing}: YouTube access was revoked or has expired. Reconnect your channel.`,
        })
        .where(eq(titleTests.id, testId));
      return true;
    }
    case 'not-found':
    case 'invalid': {
      await app.db
        .update(titleTests)
        .set({
          ...(runningStatuses.includes(record.test.status) ? { status: 'paused' as const } : {}),
          statusReason: `Paused: ${failure.message}`,
          lastError: `YouTube refused ${doing}: ${failure.message}`,
          updatedAt: now,
        })
        .where(eq(titleTests.id, testId));
      return true;
    }
    case 'transient': {
      await app.db
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
