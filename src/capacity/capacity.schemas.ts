import { DEFAULT_TEST_KIND, TEST_KINDS } from '../shared/test-kinds';
import { z } from 'zod';
import { CAPACITY_PLANS } from '../shared/capacity-shares';
import { ROTATION_INTERVALS } from '../shared/title-test-rules';
import { DEFAULT_WINNER_METRIC, WINNER_METRICS } from '../shared/test-shapes';

/** GET /api/capacity: where a test of this shape would stand for the signed-in account. */
export const capacityForShapeInputSchema = z.object({
  rotationIntervalMinutes: z.coerce
    .number()
    .refine((value) => (ROTATION_INTERVALS as readonly number[]).includes(value), {
      message: `Rotation interval must be one of ${ROTATION_INTERVALS.join(', ')} minutes.`,
    }),
  winnerMetric: z
    .enum(WINNER_METRICS, { message: 'Winner metric must be ctr, views or combined.' })
    .default(DEFAULT_WINNER_METRIC),
  durationDays: z.coerce.number().min(1).max(60).default(7),
  /** What the test rotates: a thumbnail switch costs 50 units more than a read, a package's 100. */
  kind: z
    .enum(TEST_KINDS, { message: 'kind must be titles, thumbnails or packages.' })
    .default(DEFAULT_TEST_KIND),
  /**
   * The hours the test's plan reads the video before its first switch (GET /api/tests/plan,
   * calibrationHours): it holds little of the capacity meanwhile, so it may start sooner.
   */
  calibrationHours: z.coerce.number().min(0).max(72).default(0),
});
export type CapacityForShapeInput = z.infer<typeof capacityForShapeInputSchema>;

export const capacityForShapeSchema = z.object({
  plan: z.enum(CAPACITY_PLANS),
  /** The plan's share in words, e.g. "Pro: 35% of the daily YouTube capacity for tests, up to 15% for one account". */
  share: z.string(),
  /** Units a day this test reserves (its rotations, sampling and the restore at the end). */
  testUnits: z.number(),
  /** Units a day the account's running and scheduled tests reserve now, and its cap. */
  accountReservedUnits: z.number(),
  accountCapUnits: z.number(),
  /**
   * The account's running tests (queued ones included) against how many its plan allows at once;
   * null when unlimited. At the limit the decision is refuse, with the plan's words.
   */
  testLimit: z.object({ running: z.number().int(), limit: z.number().int() }).nullable(),
  /** start: it would start now; queue: it would wait (expectedStartAt, null when not yet known); refuse: it cannot run (never fits, too long, or the plan's number of tests is reached). */
  decision: z.enum(['start', 'queue', 'refuse']),
  expectedStartAt: z.iso.datetime().nullable(),
  message: z.string(),
});
export type CapacityForShape = z.infer<typeof capacityForShapeSchema>;

const planCapacitySchema = z.object({
  plan: z.enum(CAPACITY_PLANS),
  allotmentUnits: z.number(),
  reservedUnits: z.number(),
  runningTests: z.number(),
  queuedTests: z.number(),
});

/** The admin console's view of today's quota (GET /api/admin/capacity). */
export const capacityOverviewSchema = z.object({
  day: z.string(),
  quotaUnits: z.number(),
  /** The ledger today, real accounts only: jobs, and reads made on users' requests. */
  usedUnits: z.number(),
  usedByReadsUnits: z.number(),
  /** Units a day the admitted tests reserve (their daily spend and a restore each). */
  reservedUnits: z.number(),
  testsPoolUnits: z.number(),
  /** Used so far plus the admitted tests' projected spend until midnight Pacific. */
  forecastUnits: z.number(),
  forecastShare: z.number(),
  resetsAt: z.iso.datetime(),
  plans: z.array(planCapacitySchema),
  queue: z.object({
    length: z.number(),
    /** Minutes the longest-waiting test has waited; null with an empty queue. */
    oldestWaitMinutes: z.number().nullable(),
  }),
  /** A demo copy's spend: its own simulated quota, never the deployment's. */
  sandboxUsedUnits: z.number(),
});
export type CapacityOverview = z.infer<typeof capacityOverviewSchema>;
