import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { dailyMetrics, metricSamples } from '../../db/schema';
import type { AppContext } from '../app-context';
import type { WindowObservation } from '../statistics';
import { pacificDay } from '../time/pacific';
import { loadTestRecord, type TestRecord } from './title-test-records';
import { windowObservations } from './window-observations';

/** A test's measured windows, ready for the statistics engine. */
export async function observationsOf(app: AppContext, record: TestRecord): Promise<WindowObservation[]> {
  const { test } = record;
  const until = test.endedAt ?? app.clock.now();
  const [samples, daily] = await Promise.all([
    app.db
      .select()
      .from(metricSamples)
      .where(
        and(
          eq(metricSamples.videoId, test.videoId),
          gte(metricSamples.sampledAt, test.startDate),
          lte(metricSamples.sampledAt, until),
        ),
      )
      .orderBy(asc(metricSamples.sampledAt)),
    app.db
      .select()
      .from(dailyMetrics)
      .where(
        and(
          eq(dailyMetrics.videoId, test.videoId),
          gte(dailyMetrics.day, pacificDay(test.startDate)),
          lte(dailyMetrics.day, pacificDay(until)),
        ),
      ),
  ]);
  return windowObservations({
    rotations: record.rotations,
    variants: record.variants,
    samples,
    daily,
    intervalMinutes: test.rotationIntervalMinutes,
  });
}

export async function computeVerdictInputs(app: AppContext, testId: string): Promise<WindowObservation[]> {
  const record = await loadTestRecord(app.db, testId);
  return record ? observationsOf(app, record) : [];
}
