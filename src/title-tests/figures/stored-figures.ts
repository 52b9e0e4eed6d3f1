import { eq, inArray, sql } from 'drizzle-orm';
import { testFigures, titleTests } from '../../../db/schema';
import type { DbOrTx } from '../../db/database';
import {
  carriedWindows,
  computeTestFigures,
  verdictStillHolds,
  type CarriedWindow,
  type StoredAnalytics,
  type TestFigures,
} from './compute-test-figures';
import { dailyMetricsOfTests, latestSamplesOf, sampleCountsOf, viewSamplesOfTests } from './readings';
import { loadTestDetails } from '../records/title-test-records';
import { testAnalyticsWithVerdictSchema, titleTestSchema } from '../records/title-tests.schemas';

/*
 * Stored figures (docs/figures.md): each test's card, analytics panel and verdict are computed
 * when its data changes and kept in test_figures, so the polled read paths are lookups.
 *
 * Database triggers raise a test's `version` in the same transaction as any change to the test,
 * its titles, its schedule or its video's measurements. The jobs that make those changes call
 * refreshTestFigures in that same transaction, so the figures commit with the data. Any other
 * writer leaves the figures behind their version, and the first reader computes them
 * (figuresOfTests). A store never overwrites figures of a newer version than it read.
 */

/** Which tests to refresh: by id, or every test of the given videos (new measurements). */
export type FiguresScope = { testIds: string[] } | { videoIds: string[] };

/** True where a test's stored figures were computed from its current data. */
export const figuresAreCurrent = sql<boolean>`coalesce(${testFigures.computedVersion} = ${testFigures.version}, false)`;

/**
 * Computes the figures of the tests in scope from their data as `db` sees it and stores them:
 * a fixed number of statements however many tests. Returns them by test id.
 */
export async function refreshTestFigures(
  db: DbOrTx,
  scope: FiguresScope,
  now: Date,
  options: {
    /**
     * Only new view samples were written (the sampling job): a test whose figures were current
     * just before keeps its verdict when the samples cannot change it (verdictStillHolds), so
     * sampling costs a count rather than a new analysis every ten minutes.
     */
    onlyNewSamples?: boolean;
  } = {},
): Promise<Map<string, TestFigures>> {
  const keys = 'testIds' in scope ? scope.testIds : scope.videoIds;
  if (keys.length === 0) return new Map();
  // The version first: data read after it is at least as new, so storing under it is safe.
  const rows = await db
    .select({
      test: titleTests,
      version: testFigures.version,
      computedVersion: testFigures.computedVersion,
      analytics: testFigures.analytics,
    })
    .from(titleTests)
    .leftJoin(testFigures, eq(testFigures.testId, titleTests.id))
    .where('testIds' in scope ? inArray(titleTests.id, keys) : inArray(titleTests.videoId, keys));
  if (rows.length === 0) return new Map();
  const tests = rows.map((row) => row.test);
  const ids = tests.map((test) => test.id);
  const details = await loadTestDetails(db, ids);
  // The sampling job's own insert raised the version by one: the figures before it were current.
  const carried = new Map<string, { stored: StoredAnalytics; windows: CarriedWindow[] }>();
  if (options.onlyNewSamples) {
    for (const row of rows) {
      if (row.analytics === null || row.computedVersion === null || row.version === null) continue;
      if (row.computedVersion !== row.version - 1) continue;
      const stored = JSON.parse(row.analytics) as StoredAnalytics;
      const schedule = details.rotations.get(row.test.id) ?? [];
      if (!verdictStillHolds(stored, schedule)) continue;
      // The windows' standings go with the verdict (counted-windows.ts): the samples cannot change them.
      const windows = carriedWindows(stored, schedule);
      if (windows) carried.set(row.test.id, { stored, windows });
    }
  }
  const analysed = tests.filter((test) => !carried.has(test.id));
  const [daily, latest, samples, counts] = await Promise.all([
    dailyMetricsOfTests(db, tests, now),
    latestSamplesOf(
      db,
      tests.map((test) => test.videoId),
    ),
    viewSamplesOfTests(db, analysed),
    sampleCountsOf(db, [...carried.keys()]),
  ]);
  const computed = new Map<string, TestFigures>();
  for (const test of tests) {
    const stored = carried.get(test.id);
    computed.set(
      test.id,
      computeTestFigures(
        {
          test,
          variants: details.variants.get(test.id) ?? [],
          rotations: details.rotations.get(test.id) ?? [],
          daily: daily.get(test.id) ?? [],
          latestSample: latest.get(test.videoId) ?? null,
          ...(stored
            ? {
                samples: { count: counts.get(test.id) ?? 0, windows: stored.windows },
                verdict: stored.stored.body.verdict,
              }
            : { samples: samples.get(test.id) ?? [] }),
        },
        now,
      ),
    );
  }
  // Rows in id order, as the triggers lock them, so two writers never wait on each other in a cycle.
  const ordered = [...rows].sort((a, b) => (a.test.id < b.test.id ? -1 : a.test.id > b.test.id ? 1 : 0));
  await db
    .insert(testFigures)
    .values(
      ordered.map(({ test, version }) => {
        const figures = computed.get(test.id)!;
        return {
          testId: test.id,
          version: version ?? 0,
          computedVersion: version ?? 0,
          // Checked against the response schemas here, once, so readers can send them as stored.
          card: JSON.stringify(titleTestSchema.parse(figures.card)),
          analytics: JSON.stringify({
            ...figures.analytics,
            body: testAnalyticsWithVerdictSchema.parse(figures.analytics.body),
          }),
          totalViews: figures.totalViews,
          averageCtrPercent: figures.averageCtrPercent,
          computedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: testFigures.testId,
      set: {
        computedVersion: sql`excluded.computed_version`,
        card: sql`excluded.card`,
        analytics: sql`excluded.analytics`,
        totalViews: sql`excluded.total_views`,
        averageCtrPercent: sql`excluded.average_ctr_percent`,
        computedAt: sql`excluded.computed_at`,
      },
      // Figures computed from older data never replace newer ones.
      setWhere: sql`${testFigures.version} = excluded.computed_version`,
    });
  return computed;
}

/** Refreshes in progress per database, so concurrent readers of the same test wait for one computation. */
const inFlight = new WeakMap<object, Map<string, Promise<TestFigures | undefined>>>();

/**
 * The current figures of tests whose stored ones are behind (or missing): computed once per
 * test however many requests ask at the same moment, and stored for the next reader.
 */
export async function figuresOfTests(
  db: DbOrTx,
  testIds: string[],
  now: Date,
): Promise<Map<string, TestFigures>> {
  const running = inFlight.get(db) ?? new Map<string, Promise<TestFigures | undefined>>();
  inFlight.set(db, running);
  const missing = testIds.filter((id) => !running.has(id));
  if (missing.length > 0) {
    const refreshed = refreshTestFigures(db, { testIds: missing }, now);
    for (const id of missing) {
      const own = refreshed.then((figures) => figures.get(id));
      running.set(id, own);
      void own.then(
        () => running.delete(id),
        () => running.delete(id),
      );
    }
  }
  // Taken before waiting: a finished refresh leaves the map.
  const pending = testIds.map((id) => [id, running.get(id)!] as const);
  const result = new Map<string, TestFigures>();
  for (const [id, own] of pending) {
    const figures = await own;
    if (figures) result.set(id, figures);
  }
  return result;
}
