import { and, desc, eq } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import type { AppContext } from '../app-context';
import type { UserRow } from '../auth/session.service';
import { estimateWindowNoise, minimumDetectableEffect, type WindowObservation } from '../statistics';
import { computeVerdictInputs } from './verdict-inputs';
import type { TestPlan, TestPlanInput } from './title-tests.schemas';

/**
 * Before a test starts: how small a difference it can detect (STATISTICS.md §4 MDE), using the
 * noise of the creator's own finished tests at this interval when there are any.
 */
export async function planTest(app: AppContext, user: UserRow, input: TestPlanInput): Promise<TestPlan> {
  const past = await app.db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(
      and(
        eq(titleTests.userId, user.id),
        eq(titleTests.status, 'completed'),
        eq(titleTests.rotationIntervalMinutes, input.rotationIntervalMinutes),
      ),
    )
    .orderBy(desc(titleTests.createdAt))
    .limit(3);
  const history: WindowObservation[] = [];
  for (const test of past) history.push(...(await computeVerdictInputs(app, test.id)));
  const channelNoise =
    history.length > 0 ? estimateWindowNoise(history, input.rotationIntervalMinutes) : null;
  const mde = minimumDetectableEffect({
    intervalMinutes: input.rotationIntervalMinutes,
    durationDays: input.durationDays,
    titleCount: input.titleCount,
    windowNoise: channelNoise,
  });
  const detectable = Number.isFinite(mde.lift) ? Math.round(mde.lift * 1000) / 10 : null;
  return {
    windowsPerTitle: mde.windowsPerTitle,
    minimumDetectableLiftPercent: detectable,
    noiseSource: channelNoise === null ? 'typical' : 'channel',
    summary:
      detectable === null
        ? 'This test is too short for every title to get a full window.'
        : `With ${mde.windowsPerTitle} windows per title, this test can reliably detect a difference of about ${detectable}% in views or more${channelNoise === null ? ' (from typical channel noise; your own tests will refine this)' : ' (from the noise of your recent tests)'}. Smaller differences will likely end as "no clear winner".`,
  };
}
