import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { auditLog, channelConnections, titleTests, users } from '../../db/schema';
import { recordAudit } from '../audit';
import { ACCOUNT_DELETION_GRACE_DAYS } from '../shared/data-retention';
import type { ServiceContext } from '../context/service-context';
import { closeChannel } from './channel-data';

export type ErasureOutcome = 'erased' | 'waiting' | 'absent';

/**
 * Completes an account deletion once it is safe for the creator's videos: every test's original
 * title is back (the tests' jobs deleted them), or the remaining tests cannot act on YouTube any
 * more (their channel's access is lost), or the grace period is over. Then, per channel, the
 * Google grant is revoked and its data erased, and the user goes with their sessions. Safe to
 * repeat: an already erased account answers 'absent'. Google failures are thrown (job retry).
 */
export async function eraseAccountWhenReady(ctx: ServiceContext, userId: string): Promise<ErasureOutcome> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.deletionRequestedAt)));
  if (!user?.deletionRequestedAt) return 'absent';
  const graceOver =
    ctx.clock.now().getTime() - user.deletionRequestedAt.getTime() >=
    ACCOUNT_DELETION_GRACE_DAYS * 86_400_000;
  if (!graceOver) {
    const [waitingOn] = await ctx.db
      .select({ id: titleTests.id })
      .from(titleTests)
      .innerJoin(channelConnections, eq(channelConnections.id, titleTests.channelConnectionId))
      .where(and(eq(titleTests.userId, userId), eq(channelConnections.status, 'connected')))
      .limit(1);
    if (waitingOn) return 'waiting';
  }

  const connections = await ctx.db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.userId, userId));
  let tests = 0;
  for (const connection of connections) {
    tests += await closeChannel(ctx, connection);
  }
  await ctx.db.transaction(async (tx) => {
    // Audit entries about the user, or about their tests (which name the owner), go too.
    await tx
      .delete(auditLog)
      .where(
        or(
          and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)),
          and(
            eq(auditLog.targetType, 'test'),
            sql`coalesce(${auditLog.before}, ${auditLog.after})->>'ownerId' = ${userId}`,
          ),
        ),
      );
    // Sessions, any test left without a channel and demo records go with the user (cascade).
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, {
      actorUserId: null,
      action: 'account.erased',
      targetType: 'user',
      targetId: userId,
      before: null,
      after: { channels: connections.length, testsErased: tests, graceOver },
      at: ctx.clock.now(),
    });
  });
  return 'erased';
}

/** Users whose deletion was asked for before `before` and is not finished (the hourly backstop). */
export async function pendingAccountDeletions(ctx: ServiceContext, before: Date): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), lt(users.deletionRequestedAt, before)));
  return rows.map((row) => row.id);
}
