import { and, eq, like } from 'drizzle-orm';
import { titleTests, users } from '../../db/schema';
import type { ServiceContext } from '../../src/context/service-context';
import { isHopeless } from '../../src/shared/hopeless-test';
import { performTestAction } from '../../src/title-tests/actions.service';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';
import { getTestAnalytics } from '../../src/title-tests/views.service';
import { inParallel } from '../rotation/measure';

// Creators who take the card's offer (issue 34, item 3; `--take-stop-offers`): once a simulated
// day each creator opens the dashboard, and where a running test's card says it will very likely
// end Inconclusive (src/shared/hopeless-test.ts, the card's own rule on the analytics the card
// reads), stops it with the original back, as the notice's button does (the card's Cancel).

/** Cards read at once, as that many creators looking at their dashboards. */
const READ_LANES = 4;

export function createStopOffers(ctx: ServiceContext & EngineContext) {
  let stopped = 0;
  return {
    /** Tests stopped so far on the card's offer. */
    get stopped() {
      return stopped;
    },
    /** Every running test's owner reads its card; returns how many tests were stopped. */
    async look(): Promise<number> {
      const running = await ctx.db
        .select({ testId: titleTests.id, owner: users })
        .from(titleTests)
        .innerJoin(users, eq(users.id, titleTests.userId))
        .where(and(eq(titleTests.status, 'active'), like(users.email, 'capacity-%')));
      let stoppedNow = 0;
      await inParallel(running, READ_LANES, async ({ testId, owner }) => {
        const { verdict } = await getTestAnalytics(ctx, owner, testId);
        if (
          verdict.stage === 'running' &&
          verdict.chanceOfWinner !== null &&
          isHopeless(verdict.chanceOfWinner, verdict.progress.fraction)
        ) {
          await performTestAction(ctx, owner, testId, 'cancel', owner);
          stoppedNow += 1;
        }
      });
      stopped += stoppedNow;
      return stoppedNow;
    },
  };
}
