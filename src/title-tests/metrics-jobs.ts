import { and, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { titleTests } from '../../db/schema';
import type { ServiceContext } from '../platform/service-context';
import { enqueueDecisionsWithFinalFigures } from './figures/final-figures';
import { heldBy } from './records/held-tests';
import { startedStatuses } from '../shared/test-states';
import { sampleViewCounts } from './engine/metrics-collection';
import { PACIFIC_TIME_ZONE } from '../time/pacific';

export const SAMPLE_VIEWS_QUEUE = 'metrics.sample-views';
export const DAILY_METRICS_QUEUE = 'metrics.daily';
/** When the daily collection runs (America/Los_Angeles), after YouTube's day has turned. */
export const DAILY_METRICS_TIME = { hour: 1, minute: 30 } as const;
export const SAMPLE_VIEWS_EVERY_MINUTES = 10;
const RECENTLY_ENDED_MS = 3 * 86_400_000;

/**
 * View counters every 10 minutes (windows are at least an hour and the washout 15 minutes);
 * YouTube's daily figures once a day, after Pacific midnight, for every test still running or
 * ended within the last 3 days (Analytics data arrives 48–72 hours late).
 */
export async function createMetricsQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(SAMPLE_VIEWS_QUEUE, { policy: 'stately' });
  await boss.createQueue(DAILY_METRICS_QUEUE, { policy: 'stately', retryLimit: 3, retryBackoff: true });
}

export interface DailyCollection {
  /** Tests whose figures were collected. */
  collected: number;
  /** Tests waiting for their final figures that now have them all: their decision is enqueued. */
  decisionsDue: string[];
}

/**
 * The daily handler: pulls YouTube's daily figures (Analytics and reach reports) for every test
 * running, ended within the last 3 days, or still waiting for its final figures, then enqueues
 * the decision of each test whose final figures are now all in. One test's failure does not
 * hold up the others; the job fails afterwards, so pg-boss runs it again (collecting twice is
 * harmless).
 */
export async function collectDailyMetrics(ctx: ServiceContext): Promise<DailyCollection> {
  const failures: unknown[] = [];
  let collected = 0;
  if (ctx.collectDaily) {
    const cutoff = new Date(ctx.clock.now().getTime() - RECENTLY_ENDED_MS);
    const tests = await ctx.db
      .select({ id: titleTests.id, endedAt: titleTests.endedAt, dueAt: titleTests.finalFiguresDueAt })
      .from(titleTests)
      .where(and(inArray(titleTests.status, startedStatuses), heldBy(ctx.holding)));
    for (const test of tests) {
      if (test.endedAt && test.endedAt < cutoff && !test.dueAt) continue;
      try {
        await ctx.collectDaily(test.id);
        collected += 1;
      } catch (error) {
        ctx.log.warn({ err: error, testId: test.id }, 'Collecting daily figures failed');
        failures.push(error);
      }
    }
  }
  const decisionsDue = await enqueueDecisionsWithFinalFigures(ctx, ctx.holding);
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1)
    throw new AggregateError(failures, `Collecting daily figures failed for ${failures.length} tests.`);
  return { collected, decisionsDue };
}

export async function startMetricsWorkers(boss: PgBoss, ctx: ServiceContext): Promise<void> {
  const { hour, minute } = DAILY_METRICS_TIME;
  await boss.schedule(SAMPLE_VIEWS_QUEUE, `*/${SAMPLE_VIEWS_EVERY_MINUTES} * * * *`, {}, { tz: 'UTC' });
  await boss.schedule(DAILY_METRICS_QUEUE, `${minute} ${hour} * * *`, {}, { tz: PACIFIC_TIME_ZONE });
  await boss.work(SAMPLE_VIEWS_QUEUE, async () => {
    await sampleViewCounts(ctx);
  });
  await boss.work(DAILY_METRICS_QUEUE, async () => {
    await collectDailyMetrics(ctx);
  });
}
