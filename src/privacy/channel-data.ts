import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { auditLog, channelConnections, dailyMetrics, metricSamples, titleTests } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { ChannelConnection } from '../channels';
import type { DbOrTx } from '../db/database';
import { revokeGrant } from '../youtube/gateway/grant';

/**
 * Deletes the measurements Titlewise read from YouTube for `channelId` (view samples, daily
 * figures), and for `videoIds` (rows stored before measurements named their channel). Kept when
 * another connection still holds a grant for the same channel: that account may use them.
 */
export async function removeChannelMeasurements(
  db: DbOrTx,
  channelId: string,
  videoIds: string[],
  exceptConnectionId?: string,
): Promise<void> {
  const [other] = await db
    .select({ id: channelConnections.id })
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.youtubeChannelId, channelId),
        eq(channelConnections.status, 'connected'),
        ...(exceptConnectionId ? [ne(channelConnections.id, exceptConnectionId)] : []),
      ),
    )
    .limit(1);
  if (other) return;
  const ofSamples = videoIds.length
    ? or(eq(metricSamples.channelId, channelId), inArray(metricSamples.videoId, videoIds))
    : eq(metricSamples.channelId, channelId);
  const ofDays = videoIds.length
    ? or(eq(dailyMetrics.channelId, channelId), inArray(dailyMetrics.videoId, videoIds))
    : eq(dailyMetrics.channelId, channelId);
  await db.delete(metricSamples).where(ofSamples);
  await db.delete(dailyMetrics).where(ofDays);
}

/**
 * Erases one channel connection and every piece of YouTube data held through it: its tests (with
 * their titles, windows and figures), the audit entries about those tests, and the channel's
 * measurements. The grant itself must be revoked before (closeChannel does both).
 * Returns how many tests went.
 */
export async function eraseChannelConnection(db: DbOrTx, connectionId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [connection] = await tx
      .select()
      .from(channelConnections)
      .where(eq(channelConnections.id, connectionId))
      .for('update');
    if (!connection) return 0;
    const tests = await tx
      .select({ id: titleTests.id, videoId: titleTests.videoId })
      .from(titleTests)
      .where(eq(titleTests.channelConnectionId, connectionId));
    const testIds = tests.map((test) => test.id);
    if (testIds.length > 0)
      await tx
        .delete(auditLog)
        .where(and(eq(auditLog.targetType, 'test'), inArray(auditLog.targetId, testIds)));
    await removeChannelMeasurements(
      tx,
      connection.youtubeChannelId,
      [...new Set(tests.map((test) => test.videoId))],
      connectionId,
    );
    // The tests, their variants, rotations and figures go with the connection (cascade).
    await tx.delete(channelConnections).where(eq(channelConnections.id, connectionId));
    return testIds.length;
  });
}

/**
 * Closes a channel for good: its grant is revoked at Google first (a failure is thrown, so the
 * caller retries later and nothing is erased meanwhile), then its data is erased. Returns how many
 * tests went.
 */
export async function closeChannel(ctx: ServiceContext, connection: ChannelConnection): Promise<number> {
  await revokeGrant(ctx, connection);
  return eraseChannelConnection(ctx.db, connection.id);
}
