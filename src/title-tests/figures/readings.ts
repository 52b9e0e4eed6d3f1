import { and, asc, count, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { dailyMetrics, metricSamples, titleTests } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';
import { pacificDay } from '../../time/pacific';
import type { TitleTestRow } from '../records/title-test-records';

/*
 * What the read paths (test list, dashboard figures, analytics, admin views) need from the
 * measurements, loaded for many tests at once: each function is one SQL statement however many
 * tests, rotations and samples there are.
 */

export type DailyRow = typeof dailyMetrics.$inferSelect;

export interface LatestSample {
  sampledAt: Date;
  viewCount: number;
}

type TestSpan = Pick<TitleTestRow, 'id' | 'videoId' | 'startDate' | 'endedAt'>;

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * YouTube's daily figures of each test's video over the Pacific days from its start to its end
 * (or `now` while it runs), by day: what `dailyMetricsOfTest` gives one test. One statement over
 * the widest span; each test keeps its own days.
 */
export async function dailyMetricsOfTests(
  db: DbOrTx,
  tests: TestSpan[],
  now: Date,
): Promise<Map<string, DailyRow[]>> {
  const spans = tests.map((test) => ({
    test,
    from: pacificDay(test.startDate),
    to: pacificDay(test.endedAt ?? now),
  }));
  const byTest = new Map<string, DailyRow[]>(tests.map((test) => [test.id, []]));
  if (spans.length === 0) return byTest;
  const from = spans.map((span) => span.from).sort()[0]!;
  const to = spans
    .map((span) => span.to)
    .sort()
    .at(-1)!;
  const rows = await db
    .select()
    .from(dailyMetrics)
    .where(
      and(
        inArray(dailyMetrics.videoId, unique(tests.map((test) => test.videoId))),
        gte(dailyMetrics.day, from),
        lte(dailyMetrics.day, to),
      ),
    )
    .orderBy(asc(dailyMetrics.videoId), asc(dailyMetrics.day));
  const byVideo = new Map<string, DailyRow[]>();
  for (const row of rows) {
    const own = byVideo.get(row.videoId);
    if (own) own.push(row);
    else byVideo.set(row.videoId, [row]);
  }
  for (const span of spans) {
    byTest.set(
      span.test.id,
      (byVideo.get(span.test.videoId) ?? []).filter((row) => row.day >= span.from && row.day <= span.to),
    );
  }
  return byTest;
}

/** The newest view sample of each video, keyed by video id (one DISTINCT ON statement). */
export async function latestSamplesOf(db: DbOrTx, videoIds: string[]): Promise<Map<string, LatestSample>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([metricSamples.videoId], {
      videoId: metricSamples.videoId,
      sampledAt: metricSamples.sampledAt,
      viewCount: metricSamples.viewCount,
    })
    .from(metricSamples)
    .where(inArray(metricSamples.videoId, unique(videoIds)))
    .orderBy(asc(metricSamples.videoId), desc(metricSamples.sampledAt));
  return new Map(rows.map(({ videoId, sampledAt, viewCount }) => [videoId, { sampledAt, viewCount }]));
}

export type SampleRow = typeof metricSamples.$inferSelect;

/**
 * The view samples of each test's video from the test's start on, oldest first (one statement
 * from the earliest start): the verdict's windows take those up to the test's end, the card
 * counts them all.
 */
export async function viewSamplesOfTests(db: DbOrTx, tests: TestSpan[]): Promise<Map<string, SampleRow[]>> {
  const byTest = new Map<string, SampleRow[]>(tests.map((test) => [test.id, []]));
  if (tests.length === 0) return byTest;
  const from = new Date(Math.min(...tests.map((test) => test.startDate.getTime())));
  const rows = await db
    .select()
    .from(metricSamples)
    .where(
      and(
        inArray(metricSamples.videoId, unique(tests.map((test) => test.videoId))),
        gte(metricSamples.sampledAt, from),
      ),
    )
    .orderBy(asc(metricSamples.videoId), asc(metricSamples.sampledAt));
  const byVideo = new Map<string, SampleRow[]>();
  for (const row of rows) {
    const own = byVideo.get(row.videoId);
    if (own) own.push(row);
    else byVideo.set(row.videoId, [row]);
  }
  for (const test of tests) {
    byTest.set(
      test.id,
      (byVideo.get(test.videoId) ?? []).filter((row) => row.sampledAt >= test.startDate),
    );
  }
  return byTest;
}

/** How many view samples each test's video has from the test's start on, keyed by test id (one GROUP BY). */
export async function sampleCountsOf(db: DbOrTx, testIds: string[]): Promise<Map<string, number>> {
  if (testIds.length === 0) return new Map();
  const rows = await db
    .select({ testId: titleTests.id, value: count() })
    .from(titleTests)
    .innerJoin(
      metricSamples,
      and(eq(metricSamples.videoId, titleTests.videoId), gte(metricSamples.sampledAt, titleTests.startDate)),
    )
    .where(inArray(titleTests.id, testIds))
    .groupBy(titleTests.id);
  return new Map(rows.map((row) => [row.testId, Number(row.value)]));
}
