import { and, eq, inArray } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import { markConnectionDisconnected } from '../channels/channel-connections.service';
import { nextPacificMidnight } from '../time/pacific';
import { scheduleAdvance } from '../../jobs/title-test-queue';
import type { EngineContext } from './engine-context';
import { runningStatuses } from './state-machine';
import type { TestRecord } from './title-test-records';
import type { YouTubeFailure } from './youtube-port';

const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

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
      await markConnectionDisconnected(app.db, record.connection.id, failure.message, now);
      // Every running test on this channel stops: none of them can change titles now.
      await app.db
        .update(titleTests)
        .set({
          status: 'paused',
          statusReason:
            'YouTube access was revoked or has expired. Sign in with Google again to reconnect your channel, then resume the test.',
          updatedAt: now,
        })
        .where(
          and(
            eq(titleTests.channelConnectionId, record.connection.id),
            inArray(titleTests.status, ['scheduled', 'active']),
          ),
        );
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
