import { asc, count, eq, inArray } from 'drizzle-orm';
import { channelConnections, titleTests, users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import { recordAudit } from '../audit';
import type { UserRow } from '../../db/schema/users';
import { toUserAccount } from '../auth';
import { conflict, notFound } from '../errors/app-error';
import { SUBSCRIPTION_TIER_NAMES } from '../shared/plans';
import type { AdminUser, DowngradeTier, UpgradeTier } from './admin.schemas';

type Plan = Pick<UserRow, 'subscriptionTier' | 'subscriptionStatus' | 'isLifetime'>;

/**
 * Admin tier changes (docs/product.md#roles-and-permissions): what each one sets. Downgrading to
 * cancelled ends access to paid limits.
 */
function planFor(tier: UpgradeTier | DowngradeTier): Plan {
  if (tier === 'cancelled')
    return { subscriptionTier: 'cancelled', subscriptionStatus: 'inactive', isLifetime: false };
  return { subscriptionTier: tier, subscriptionStatus: 'active', isLifetime: tier === 'lifetime' };
}

function planOf(user: UserRow): Plan {
  return {
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    isLifetime: user.isLifetime,
  };
}

async function toAdminUsers(ctx: ServiceContext, rows: UserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((user) => user.id);
  if (ids.length === 0) return [];
  const [connections, running] = await Promise.all([
    ctx.db
      .select({ userId: channelConnections.userId, title: channelConnections.title })
      .from(channelConnections)
      .where(inArray(channelConnections.userId, ids))
      .orderBy(asc(channelConnections.createdAt)),
    ctx.db
      .select({ userId: titleTests.userId, value: count() })
      .from(titleTests)
      .where(inArray(titleTests.status, ['scheduled', 'active', 'paused']))
      .groupBy(titleTests.userId),
  ]);
  const channelOf = new Map<string, string>();
  for (const connection of connections)
    if (!channelOf.has(connection.userId)) channelOf.set(connection.userId, connection.title);
  const runningOf = new Map(running.map((row) => [row.userId, Number(row.value)]));
  return rows.map((user) => ({
    ...toUserAccount(ctx.config, user),
    youtubeChannelTitle: channelOf.get(user.id) ?? null,
    runningTests: runningOf.get(user.id) ?? 0,
    hasStripeSubscription: user.stripeSubscriptionId !== null,
  }));
}

/** Every user, oldest first, with their plan, channel and running tests. */
export async function listUsersForAdmin(ctx: ServiceContext): Promise<AdminUser[]> {
  return toAdminUsers(ctx, await ctx.db.select().from(users).orderBy(asc(users.createdAt)));
}

/**
 * Upgrade (pro, authority, lifetime) or downgrade (pro, cancelled) a user's plan. The change and
 * its audit row (who, what, when, before and after) commit together; a change to the plan the
 * user already has is refused. Stripe is not touched: a later Stripe event re-syncs a subscriber.
 */
export async function changeUserTier(
  ctx: ServiceContext,
  actor: UserRow,
  userId: string,
  change: { direction: 'upgrade'; tier: UpgradeTier } | { direction: 'downgrade'; tier: DowngradeTier },
): Promise<{ message: string; user: AdminUser }> {
  const now = ctx.clock.now();
  const after = planFor(change.tier);
  const updated = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('User');
    const before = planOf(user);
    if (JSON.stringify(before) === JSON.stringify(after)) {
      throw conflict(
        `${user.email} is already on the ${SUBSCRIPTION_TIER_NAMES[after.subscriptionTier]} plan.`,
      );
    }
    const [row] = await tx
      .update(users)
      .set({ ...after, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(tx, {
      actorUserId: actor.id,
      action: `user.${change.direction}`,
      targetType: 'user',
      targetId: userId,
      before,
      after,
      at: now,
    });
    return row!;
  });
  const [view] = await toAdminUsers(ctx, [updated]);
  const verb = change.direction === 'upgrade' ? 'upgraded' : 'downgraded';
  return {
    message: `${updated.email} ${verb} to ${SUBSCRIPTION_TIER_NAMES[after.subscriptionTier]}.`,
    user: view!,
  };
}
