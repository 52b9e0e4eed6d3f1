import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { WINNER_METRICS as winnerMetrics } from '../../src/shared/test-shapes';
import { channelConnections, users } from './users';
import { images } from './images';
import { TEST_KINDS } from '../../src/shared/test-kinds';
import { VIDEO_FORMATS } from '../../src/shared/video-format';
import { titleTestStatuses } from '../../src/shared/test-states';

export { titleTestStatuses, type TitleTestStatus } from '../../src/shared/test-states';
export { WINNER_METRICS as winnerMetrics, type WinnerMetric } from '../../src/shared/test-shapes';

export const titleTests = pgTable(
  'title_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelConnectionId: uuid('channel_connection_id')
      .notNull()
      .references(() => channelConnections.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    /** What the test rotates: titles, thumbnails, or title + thumbnail packages. */
    kind: text('kind', { enum: TEST_KINDS }).notNull().default('titles'),
    /** A long video or a Short (src/shared/video-format.ts), as read when the test was created. */
    videoFormat: text('video_format', { enum: VIDEO_FORMATS }).notNull().default('video'),
    videoTitle: text('video_title').notNull(),
    /** The title the video had before the test: restored on cancel or when no title wins. */
    originalTitle: text('original_title').notNull(),
    /**
     * Thumbnail and package tests: the video's thumbnail as YouTube served it before the test,
     * fetched at its largest size at creation; variant 1 shows it, and it goes back on cancel.
     */
    originalThumbnailImageId: uuid('original_thumbnail_image_id').references(() => images.id),
    /**
     * SHA-256 of the thumbnail YouTube served after the engine last set or confirmed one: a served
     * image that differs from it was changed by someone (src/title-tests/engine/thumbnail-switch.ts).
     */
    liveThumbnailSha256: text('live_thumbnail_sha256'),
    status: text('status', { enum: titleTestStatuses }).notNull(),
    statusReason: text('status_reason'),
    rotationIntervalMinutes: integer('rotation_interval_minutes').notNull(),
    winnerMetric: text('winner_metric', { enum: winnerMetrics }).notNull(),
    /**
     * Minutes of each window ignored after its switch, chosen at creation: the default rule
     * (washoutMinutes), or longer where the channel's finished tests showed views following the
     * previous title for longer (src/title-tests/figures/channel-lag.ts). Null: the default rule.
     */
    washoutMinutes: integer('washout_minutes'),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    scheduleSeed: text('schedule_seed').notNull(),
    /**
     * How the schedule's titles were drawn (src/statistics/schedule.ts, ScheduleDesign): the
     * randomisation test redraws schedules the same way. Tests created before design 2 keep 1.
     */
    scheduleDesign: smallint('schedule_design').notNull().default(2),
    /**
     * Whether the test ends at the first daily look that names a winner (docs/statistics.md, "Looks
     * and stopping"), putting the winner live; false when the creator chose to run it to its end.
     */
    stopAtVerdict: boolean('stop_at_verdict').notNull().default(true),
    /** The next daily look at the test's figures (02:00 Pacific), while it runs; null otherwise. */
    nextLookAt: timestamp('next_look_at', { withTimezone: true }),
    /** When the stored verdict was decided: at a look that stopped the test, or at its end. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * The forecast the test promises (src/title-tests/forecast.service.ts): the plan shown at
     * creation, then the one confirmed on the video's own traffic before its first switch.
     */
    forecast: jsonb('forecast'),
    /**
     * The slot whose title the engine put live last; null before the first rotation, and after a
     * test waiting for its final figures is extended (its end put the original title back).
     */
    currentSlot: integer('current_slot'),
    lastError: text('last_error'),
    deferredUntil: timestamp('deferred_until', { withTimezone: true }),
    verdict: jsonb('verdict'),
    appliedTitle: text('applied_title'),
    /** The thumbnail the end left live (thumbnail and package tests). */
    appliedThumbnailImageId: uuid('applied_thumbnail_image_id').references(() => images.id),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * A CTR or watch-time test that ended and waits for YouTube's daily figures of its last days
     * (2–3 days late): the original title is live meanwhile, and the verdict is decided when the
     * figures are in or at this time at the latest. Null once decided (and for views tests).
     */
    finalFiguresDueAt: timestamp('final_figures_due_at', { withTimezone: true }),
    /** An admin deleted the test: the test's job removes it once its final title is back on YouTube. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /**
     * Set while a tool runs this test on a clock of its own (the demo's history being generated,
     * src/demo): the workers, the tick and the deployment's fast-forward leave it alone, and only
     * an engine context holding the same value advances, samples or collects it.
     */
    heldBy: text('held_by'),
    /**
     * While queued: when capacity is expected to let it start, recomputed by every admission pass
     * (src/capacity). Null otherwise.
     */
    expectedStartAt: timestamp('expected_start_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('title_tests_user_idx').on(table.userId),
    // Measurement triggers find a video's tests (test_figures).
    index('title_tests_video_idx').on(table.videoId),
    // One running test per video at a time.
    uniqueIndex('title_tests_one_running_per_video')
      .on(table.videoId)
      .where(sql`${table.status} in ('queued', 'scheduled', 'active', 'paused')`),
    // The admission pass walks the queue in arrival order.
    index('title_tests_status_created_idx').on(table.status, table.createdAt),
  ],
);

export const titleVariants = pgTable(
  'title_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => titleTests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    /** The variant's thumbnail (thumbnail and package tests; variant 1's is the original). */
    thumbnailImageId: uuid('thumbnail_image_id').references(() => images.id),
    /**
     * SHA-256 of the bytes YouTube serves once this variant's image is set: YouTube may re-encode
     * an upload, so what it serves is learned at the first switch and recognised afterwards.
     */
    servedThumbnailSha256: text('served_thumbnail_sha256'),
  },
  (table) => [uniqueIndex('title_variants_test_position').on(table.testId, table.position)],
);

export const rotationStatuses = ['planned', 'applied', 'skipped', 'failed'] as const;

/** The stored schedule: one row per slot, filled in as each rotation is applied. */
export const rotations = pgTable(
  'rotations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testId: uuid('test_id')
      .notNull()
      .references(() => titleTests.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    /** lead-in | window | tail (docs/statistics.md, "Schedule"): only full windows are analysed. */
    kind: text('kind', { enum: ['lead-in', 'window', 'tail'] })
      .notNull()
      .default('window'),
    /** The balanced block this window belongs to (unique across the test's segments); null outside the design. */
    block: integer('block'),
    /**
     * Which draw of the schedule the slot belongs to (src/title-tests/records/schedule-segments.ts): 0 for
     * the schedule drawn when the test started, n for its n-th extension, drawn with the seed
     * `${scheduleSeed}/extension-${n}` from that segment's start to the new end
     * (docs/decisions/0024-extending-a-test.md).
     */
    segment: integer('segment').notNull().default(0),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => titleVariants.id, { onDelete: 'cascade' }),
    plannedStart: timestamp('planned_start', { withTimezone: true }).notNull(),
    plannedEnd: timestamp('planned_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: rotationStatuses }).notNull().default('planned'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    titleConfirmed: boolean('title_confirmed').notNull().default(false),
    viewsAtStart: bigint('views_at_start', { mode: 'number' }),
    viewsAtEnd: bigint('views_at_end', { mode: 'number' }),
    impressions: bigint('impressions', { mode: 'number' }),
    ctr: jsonb('ctr'),
    averageViewDurationSec: jsonb('average_view_duration_sec'),
    /**
     * Set, and committed, just before the slot's thumbnails.set: after a crash, a served image
     * that has changed since the last switch is this request's, and is not set again.
     */
    thumbnailRequestedAt: timestamp('thumbnail_requested_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
  },
  (table) => [uniqueIndex('rotations_test_slot').on(table.testId, table.slot)],
);

export const metricSamples = pgTable(
  'metric_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: text('video_id').notNull(),
    /** The YouTube channel the figures were read for, so its data can be erased (src/privacy). */
    channelId: text('channel_id'),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    viewCount: bigint('view_count', { mode: 'number' }).notNull(),
    likeCount: bigint('like_count', { mode: 'number' }),
    commentCount: bigint('comment_count', { mode: 'number' }),
  },
  (table) => [
    index('metric_samples_video_time_idx').on(table.videoId, table.sampledAt),
    index('metric_samples_channel_idx').on(table.channelId),
  ],
);

export const dailyMetrics = pgTable(
  'daily_metrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: text('video_id').notNull(),
    /** The YouTube channel the figures were read for, so its data can be erased (src/privacy). */
    channelId: text('channel_id'),
    /** Pacific-time calendar day, YYYY-MM-DD: the grain of YouTube's daily data. */
    day: text('day').notNull(),
    views: bigint('views', { mode: 'number' }),
    averageViewDurationSec: integer('average_view_duration_sec'),
    estimatedMinutesWatched: bigint('estimated_minutes_watched', { mode: 'number' }),
    impressions: bigint('impressions', { mode: 'number' }),
    impressionsCtr: jsonb('impressions_ctr'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('daily_metrics_video_day').on(table.videoId, table.day),
    index('daily_metrics_channel_idx').on(table.channelId),
  ],
);

/**
 * What the read paths show of a test, computed once when its data changes (docs/figures.md):
 * the dashboard card, the analytics panel with the verdict, and the two numbers the dashboard
 * totals add up. `version` is raised by triggers in the same transaction as any change to the
 * test, its schedule, its titles or its video's measurements; the figures are current when
 * `computed_version` equals it. A reader that finds them behind computes them and stores them.
 */
export const testFigures = pgTable('test_figures', {
  testId: uuid('test_id')
    .primaryKey()
    .references(() => titleTests.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  computedVersion: bigint('computed_version', { mode: 'number' }),
  /** The card as JSON text (validated against its schema when stored; sent as it is). */
  card: text('card'),
  /** The analytics panel as JSON text (StoredAnalytics in src/title-tests/figures/compute-test-figures.ts). */
  analytics: text('analytics'),
  totalViews: bigint('total_views', { mode: 'number' }),
  /** The card's average CTR in percent; null while YouTube has reported none. */
  averageCtrPercent: doublePrecision('average_ctr_percent'),
  computedAt: timestamp('computed_at', { withTimezone: true }),
});
