import { inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { titleTests } from '../db/schema';
import type { EngineContext } from '../src/title-tests/engine-context';
import { sampleViewCounts } from '../src/title-tests/metrics-collection';

export const SAMPLE_VIEWS_QUEUE = 'metrics.sample-views';
export const DAILY_METRICS_QUEUE = 'metrics.daily';

/**
 * View counters every 10 minutes (windows are at least an hour and the washout 15 minutes);
 * YouTube's daily figures once a day, after Pacific midnight, for every test still running or
 * ended within the last 3 days (Analytics data arrives 48–72 hours late).
 */
export async function createMetricsQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(SAMPLE_VIEWS_QUEUE, { policy: 'stately' });
  await boss.createQueue(DAILY_METRICS_QUEUE, { policy: 'stately', retryLimit: 3, retryBackoff: true });
}

export async function registerMetricsJobs(boss: PgBoss, ctx: EngineContext): Promise<void> {
  await boss.schedule(SAMPLE_VIEWS_QUEUE, '*/10 * * * *', {}, { tz: 'UTC' });
  await boss.schedule(DAILY_METRICS_QUEUE, '30 1 * * *', {}, { tz: 'America/Los_Angeles' });
  await boss.work(SAMPLE_VIEWS_QUEUE, async () => {
    await sampleViewCounts(ctx);
  });
  await boss.work(DAILY_METRICS_QUEUE, async () => {
    if (!ctx.collectDaily) return;
    const cutoff = new Date(ctx.app.clock.now().getTime() - 3 * 86_400_000);
    const tests = await ctx.app.db
      .select({ id: titleTests.id, endedAt: titleTests.endedAt })
      .from(titleTests)
      .where(inArray(titleTests.status, ['active', 'paused', 'completed', 'cancelled']));
    for (const test of tests) {
      if (test.endedAt && test.endedAt < cutoff) continue;
      await ctx.collectDaily(test.id);
    }
  });
}
