import type { AppContext } from '../app-context';
import { analyzeTest, type TestVerdict, type WindowObservation } from '../statistics';
import type { TestRecord } from './title-test-records';
import { observationsOf } from './verdict-inputs';

/**
 * The statistics engine's verdict on a test from what has been measured so far (docs/statistics.md).
 * `isFinal` once the test has run to its planned end (the final winner bar). Seeded by the test's
 * schedule seed, so the same data always gives the same verdict.
 */
export async function computeVerdict(
  app: AppContext,
  record: TestRecord,
  isFinal: boolean,
  windows?: WindowObservation[],
): Promise<TestVerdict> {
  return verdictOf(record, isFinal, windows ?? (await observationsOf(app, record)));
}

/** The test as the engine needs it: its row, titles and stored schedule. */
export type TestSchedule = Pick<TestRecord, 'test' | 'variants' | 'rotations'>;

/** The verdict on windows already measured (computeVerdict loads them). */
export function verdictOf(record: TestSchedule, isFinal: boolean, windows: WindowObservation[]): TestVerdict {
  return analyzeTest({
    windows,
    titleCount: record.variants.length,
    metric: record.test.winnerMetric,
    intervalMinutes: record.test.rotationIntervalMinutes,
    isFinal,
    seed: record.test.scheduleSeed,
    plannedUnitsPerTitle: plannedUnitsPerTitle(record),
  });
}

/** Full windows per title in the stored schedule (the units a views test plans; days for daily metrics). */
export function plannedUnitsPerTitle(record: TestSchedule): number {
  const counts = new Map<string, number>();
  for (const rotation of record.rotations) {
    if (rotation.kind === 'window') counts.set(rotation.variantId, (counts.get(rotation.variantId) ?? 0) + 1);
  }
  return Math.min(...record.variants.map((variant) => counts.get(variant.id) ?? 0));
}
