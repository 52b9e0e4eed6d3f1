import type { AppContext } from '../app-context';
import { analyzeTest, type TestVerdict } from '../statistics';
import type { TestRecord } from './title-test-records';
import { observationsOf } from './verdict-inputs';

/**
 * The statistics engine's verdict on a test from what has been measured so far (STATISTICS.md).
 * `isFinal` at the end of the test, when "preferred" becomes possible. Seeded by the test's
 * schedule seed, so the same data always gives the same verdict.
 */
export async function computeVerdict(
  app: AppContext,
  record: TestRecord,
  isFinal: boolean,
): Promise<TestVerdict> {
  return analyzeTest({
    windows: await observationsOf(app, record),
    titleCount: record.variants.length,
    metric: record.test.winnerMetric,
    intervalMinutes: record.test.rotationIntervalMinutes,
    isFinal,
    seed: record.test.scheduleSeed,
  });
}

/** What the product puts live at the end: the winner or preferred title, else the original title. */
export function finalTitleFor(record: TestRecord, verdict: TestVerdict): string {
  if (
    (verdict.verdict === 'winner' || verdict.verdict === 'preferred') &&
    verdict.winnerTitleIndex !== null
  ) {
    return record.variants[verdict.winnerTitleIndex]!.title;
  }
  return record.test.originalTitle;
}
