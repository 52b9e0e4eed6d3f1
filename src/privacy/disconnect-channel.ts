import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { channelConnections, titleTests } from '../../db/schema';
import { recordAudit } from '../audit';
import type { UserRow } from '../../db/schema/users';
import { defineJob } from '../context/job';
import type { ServiceContext } from '../context/service-context';
import { ACCOUNT_DELETION_GRACE_DAYS, GRANT_MAX_AGE_DAYS } from '../shared/data-retention';
import { applyTestAction, type EngineContext } from '../title-tests';
import { runningStatuses } from '../shared/test-states';
import { revokeGrant } from '../youtube/gateway/grant';
import { type Channel, findOwnChannel, listChannels } from '../channels';

/** How long a disconnection waits before looking again for its tests' original titles. */
const RETRY_SECONDS = 60;

export const DISCONNECTED_REASON = `You disconnected this channel. Its tests and figures are deleted ${GRANT_MAX_AGE_DAYS} days after its last Google sign-in unless you connect it again.`;

/**
 * The owner disconnects one channel. At once: its running tests are cancelled, so each test's
 * job puts the original title back. Then the disconnection job revokes the channel's Google grant
 * (finishDisconnectWhenReady). The channel's finished tests and figures stay, under the retention
 * rules of a disconnected channel (docs/data-retention.md). Asking again changes nothing.
 */
export async function requestChannelDisconnect(
  ctx: EngineContext,
  user: UserRow,
  channelId: string,
): Promise<{ message: string; channel: Channel }> {
  const connection = await findOwnChannel(ctx.db, user, channelId);
  const now = ctx.clock.now();
  const marked = await ctx.db
    .update(channelConnections)
    .set({ disconnectRequestedAt: now, updatedAt: now })
    .where(and(eq(channelConnections.id, connection.id), isNull(channelConnections.disconnectRequestedAt)))
    .returning({ id: channelConnections.id });
  if (marked.length > 0) {
    const running = await ctx.db
      .select()
      .from(titleTests)
      .where(
        and(
          eq(titleTests.channelConnectionId, connection.id),
          inArray(titleTests.status, [...runningStatuses]),
        ),
      );
    for (const test of running) await applyTestAction(ctx, test, 'cancel');
    await recordAudit(ctx.db, {
      actorUserId: user.id,
      action: 'channel.disconnect',
      targetType: 'channel',
      targetId: connection.id,
      before: { title: connection.title, runningTests: running.length },
      after: null,
      at: now,
    });
    await disconnectJob.send(ctx, { connectionId: connection.id });
  }
  const { channels } = await listChannels(ctx, user);
  const channel = channels.find((entry) => entry.id === connection.id)!;
  return {
    message:
      channel.status === 'disconnected'
        ? `${connection.title} is disconnected.`
        : `Disconnecting ${connection.title}: running tests stop and their original titles go back on YouTube first, then Titlewise's access to the channel is revoked.`,
    channel,
  };
}

/**
 * Revokes a disconnecting channel's grant once it is safe for its videos: no test of the channel
 * is running or still owes YouTube its final title, or the channel's access is already lost, or
 * the grace period is over. Safe to repeat.
 */
export async function finishDisconnectWhenReady(
  ctx: ServiceContext,
  connectionId: string,
): Promise<'done' | 'waiting'> {
  const [connection] = await ctx.db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.id, connectionId));
  if (!connection?.disconnectRequestedAt) return 'done';
  const graceOver =
    ctx.clock.now().getTime() - connection.disconnectRequestedAt.getTime() >=
    ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
  if (connection.status === 'connected' && !graceOver) {
    const [waitingOn] = await ctx.db
      .select({ id: titleTests.id })
      .from(titleTests)
      .where(
        and(
          eq(titleTests.channelConnectionId, connectionId),
          or(inArray(titleTests.status, [...runningStatuses]), isNull(titleTests.appliedTitle)),
        ),
      )
      .limit(1);
    if (waitingOn) return 'waiting';
  }
  await revokeGrant(ctx, connection);
  const now = ctx.clock.now();
  await ctx.db
    .update(channelConnections)
    .set({ status: 'disconnected', statusReason: DISCONNECTED_REASON, updatedAt: now })
    .where(eq(channelConnections.id, connectionId));
  return 'done';
}

/** Finishes one channel's disconnection: keyed by channel; looks again a minute later while titles go back. */
export const disconnectJob = defineJob({
  name: 'channels.disconnect',
  payload: z.object({ connectionId: z.uuid() }),
  queue: { policy: 'stately', retryLimit: 10, retryDelay: 60, retryBackoff: true },
  key: (payload) => payload.connectionId,
  async handler(ctx, payload): Promise<void> {
    if ((await finishDisconnectWhenReady(ctx, payload.connectionId)) === 'waiting')
      await disconnectJob.send(ctx, payload, { startAfter: RETRY_SECONDS });
  },
});
