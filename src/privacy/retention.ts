import { and, eq, isNull, lt } from 'drizzle-orm';
import { channelConnections, users } from '../../db/schema';
import { GRANT_MAX_AGE_DAYS, GRANT_RECHECK_AFTER_DAYS } from '../shared/data-retention';
import { pauseChannelTestsForLostAccess, type EngineContext } from '../title-tests';
import { confirmGrant } from '../youtube/gateway/grant';
import { closeChannel } from './channel-data';
import { eraseAccountWhenReady, pendingAccountDeletions } from './erase-account';

export interface RetentionReport {
  accountsErased: number;
  grantsConfirmed: number;
  grantsLost: number;
  channelsErased: number;
  testsErased: number;
  /** Steps that failed (Google unreachable): they are tried again on the next run. */
  failures: number;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * The data-retention pass (hourly, docs/data-retention.md), on the product's clock:
 * 1. account deletions still pending are finished when they can be;
 * 2. a connected channel whose grant Google last accepted GRANT_RECHECK_AFTER_DAYS ago is checked
 *    again; a grant Google refuses pauses the channel's tests and tells the creator;
 * 3. a disconnected channel whose grant is older than GRANT_MAX_AGE_DAYS is erased: the grant is
 *    revoked, and its tests, figures and measurements are deleted. The account stays.
 * Every step is idempotent, and one failing channel never stops the others.
 */
export async function runRetention(ctx: EngineContext): Promise<RetentionReport> {
  const report: RetentionReport = {
    accountsErased: 0,
    grantsConfirmed: 0,
    grantsLost: 0,
    channelsErased: 0,
    testsErased: 0,
    failures: 0,
  };
  const attempt = async (what: string, id: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      report.failures += 1;
      ctx.log.warn({ err: error, id }, `Data retention: ${what} failed; it is tried again on the next run`);
    }
  };
  const now = ctx.clock.now();

  for (const userId of await pendingAccountDeletions(ctx, now)) {
    await attempt('finishing an account deletion', userId, async () => {
      if ((await eraseAccountWhenReady(ctx, userId)) === 'erased') report.accountsErased += 1;
    });
  }

  const ageing = await ctx.db
    .select({ connection: channelConnections })
    .from(channelConnections)
    .innerJoin(users, eq(users.id, channelConnections.userId))
    .where(
      and(
        eq(channelConnections.status, 'connected'),
        lt(channelConnections.authorizedAt, daysAgo(now, GRANT_RECHECK_AFTER_DAYS)),
        isNull(users.deletionRequestedAt),
      ),
    );
  for (const { connection } of ageing) {
    await attempt('re-checking a Google grant', connection.id, async () => {
      if ((await confirmGrant(ctx, connection)) === 'confirmed') {
        report.grantsConfirmed += 1;
        return;
      }
      report.grantsLost += 1;
      await pauseChannelTestsForLostAccess(
        ctx,
        connection.id,
        'Google no longer accepts Titlewise’s access to this channel; sign in again.',
      );
    });
  }

  const expired = await ctx.db
    .select()
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.status, 'disconnected'),
        lt(channelConnections.authorizedAt, daysAgo(now, GRANT_MAX_AGE_DAYS)),
      ),
    );
  for (const connection of expired) {
    await attempt('erasing a channel whose access expired', connection.id, async () => {
      report.testsErased += await closeChannel(ctx, connection);
      report.channelsErased += 1;
    });
  }
  return report;
}
