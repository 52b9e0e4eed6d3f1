import { count, eq } from 'drizzle-orm';
import { titleTests, users } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { AdminMetrics } from './admin.schemas';
import { gatherHealthInputs } from './health-signals';
import { healthSignals, platformHealthOf } from './platform-health';

/**
 * Admin metrics (docs/product.md#entities) from real counts: users, active tests, YouTube units
 * used today (the quota ledger, Pacific day), and a platform health computed from measured signals.
 */
export async function getAdminMetrics(ctx: ServiceContext): Promise<AdminMetrics> {
  const inputs = await gatherHealthInputs(ctx);
  const [userCount] = await ctx.db.select({ value: count() }).from(users);
  const [activeCount] = await ctx.db
    .select({ value: count() })
    .from(titleTests)
    .where(eq(titleTests.status, 'active'));
  const signals = healthSignals(inputs);
  return {
    totalUsers: Number(userCount?.value ?? 0),
    activeTests: Number(activeCount?.value ?? 0),
    totalApiCalls: inputs.quota.used,
    dailyQuota: inputs.quota.limit,
    platformHealth: platformHealthOf(signals),
    healthSignals: signals,
    checkedAt: ctx.clock.now().toISOString(),
  };
}
