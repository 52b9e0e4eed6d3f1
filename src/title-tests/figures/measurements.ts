import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { dailyMetrics, metricSamples } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';
import { pacificDay } from '../../time/pacific';
import type { TitleTestRow } from '../records/title-test-records';

type TestSpan = Pick<TitleTestRow, 'videoId' | 'startDate'>;

/** YouTube's daily figures for the test's video over the Pacific days from its start to `until`. */
export function dailyMetricsOfTest(db: DbOrTx, test: TestSpan, until: Date) {
  return db
    .select()
    .from(dailyMetrics)
    .where(
      and(
        eq(dailyMetrics.videoId, test.videoId),
        gte(dailyMetrics.day, pacificDay(test.startDate)),
        lte(dailyMetrics.day, pacificDay(until)),
      ),
    )
    .orderBy(asc(dailyMetrics.day));
}

/** The video's sampled view counters from the test's start to `until`, oldest first. */
export function viewSamplesOfTest(db: DbOrTx, test: TestSpan, until: Date) {
  return db
    .select()
    .from(metricSamples)
    .where(
      and(
        eq(metricSamples.videoId, test.videoId),
        gte(metricSamples.sampledAt, test.startDate),
        lte(metricSamples.sampledAt, until),
      ),
    )
    .orderBy(asc(metricSamples.sampledAt));
}
