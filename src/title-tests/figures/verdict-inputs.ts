import type { dailyMetrics, metricSamples } from '../../../db/schema';
import type { ServiceContext } from '../../context/service-context';
import type { WindowObservation } from '../../statistics';
import { dailyMetricsOfTest, viewSamplesOfTest } from './measurements';
import { loadTestRecord, type TestRecord } from '../records/title-test-records';
import { windowObservations } from './window-observations';

/**
 * The schedule's segments (one per draw: the start, then each extension), with the exact start and
 * end each was drawn for, for an engine that redraws each segment's schedule with fresh seeds.
 */
export { scheduleSegmentsOf, segmentSeed } from '../records/schedule-segments';

/** A test's measured windows, ready for the statistics engine. */
export async function observationsOf(ctx: ServiceContext, record: TestRecord): Promise<WindowObservation[]> {
  const { test } = record;
  const until = test.endedAt ?? ctx.clock.now();
  const [samples, daily] = await Promise.all([
    viewSamplesOfTest(ctx.db, test, until),
    dailyMetricsOfTest(ctx.db, test, until),
  ]);
  return observationsFrom(record, samples, daily);
}

/** The windows from samples and daily figures already loaded (from the test's start to its end or now). */
export function observationsFrom(
  record: Pick<TestRecord, 'test' | 'variants' | 'rotations'>,
  samples: (typeof metricSamples.$inferSelect)[],
  daily: (typeof dailyMetrics.$inferSelect)[],
): WindowObservation[] {
  return windowObservations({
    rotations: record.rotations,
    variants: record.variants,
    samples,
    daily,
    intervalMinutes: record.test.rotationIntervalMinutes,
    winnerMetric: record.test.winnerMetric,
    washoutMinutes: record.test.washoutMinutes,
  });
}

export async function computeVerdictInputs(
  ctx: ServiceContext,
  testId: string,
): Promise<WindowObservation[]> {
  const record = await loadTestRecord(ctx.db, testId);
  return record ? observationsOf(ctx, record) : [];
}
