import { and, inArray } from 'drizzle-orm';
import { titleTests } from '../../../db/schema';
import type { EngineContext } from './engine-context';
import { startedStatuses } from '../../shared/test-states';
import { testsWithFinalFiguresIn } from '../figures/final-figures';
import { scheduleAdvance } from './title-tests.jobs';
import { heldBy } from '../records/held-tests';

/** Tests ended longer ago than this are done with, unless they still wait for final figures (Analytics data arrives 48–72 hours late). */
const RECENTLY_ENDED_MS = 3 * 86_400_000;

export interface DailyCollection {
  /** Tests whose figures were collected. */
  collected: number;
  /** Tests waiting for their final figures that now have them all: their decision is enqueued. */
  decisionsDue: string[];
}

/** Tests that ended before this moment are done with (collectsDaily). */
export function dailyCollectionCutoff(now: Date): Date {
  return new Date(now.getTime() - RECENTLY_ENDED_MS);
}

/**
 * Whether the daily collection reads a started test's figures: while it runs, once it ended
 * within the last 3 days (before `cutoff`, dailyCollectionCutoff), and for as long as its verdict
 * waits for YouTube's final figures.
 */
export function collectsDaily(test: { endedAt: Date | null; dueAt: Date | null }, cutoff: Date): boolean {
  return !(test.endedAt && test.endedAt < cutoff && !test.dueAt);
}

/**
 * The daily handler: pulls YouTube's daily figures (Analytics and reach reports) for every test
 * running, ended within the last 3 days, or still waiting for its final figures, then enqueues
 * the decision of each test whose final figures are now all in. One test's failure does not
 * hold up the others; the job fails afterwards, so pg-boss runs it again (collecting twice is
 * harmless).
 */
export async function collectDailyMetrics(ctx: EngineContext): Promise<DailyCollection> {
  const failures: unknown[] = [];
  let collected = 0;
  if (ctx.collectDaily) {
    const cutoff = dailyCollectionCutoff(ctx.clock.now());
    const tests = await ctx.db
      .select({ id: titleTests.id, endedAt: titleTests.endedAt, dueAt: titleTests.finalFiguresDueAt })
      .from(titleTests)
      .where(and(inArray(titleTests.status, startedStatuses), heldBy(ctx.holding)));
    for (const test of tests) {
      if (!collectsDaily(test, cutoff)) continue;
      try {
        await ctx.collectDaily(test.id);
        collected += 1;
      } catch (error) {
        ctx.log.warn({ err: error, testId: test.id }, 'Collecting daily figures failed');
        failures.push(error);
      }
    }
  }
  const decisionsDue = await testsWithFinalFiguresIn(ctx, ctx.holding);
  // For the workers the test's own job decides (one at a time per test); a tool holding tests
  // decides them itself.
  if (!ctx.holding) for (const id of decisionsDue) await scheduleAdvance(ctx, id, ctx.clock.now());
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1)
    throw new AggregateError(failures, `Collecting daily figures failed for ${failures.length} tests.`);
  return { collected, decisionsDue };
}
