import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './column-types';

// Tables of the built-in YouTube simulator: Google's side of the world, kept apart from ours
// (prefix sim_) and used only when no real Google client is configured.

export const simAccounts = pgTable('sim_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  channelId: text('channel_id').notNull().unique(),
  channelTitle: text('channel_title').notNull(),
  uploadsPlaylistId: text('uploads_playlist_id').notNull(),
  /**
   * While set, this account lives at this instant instead of the deployment's clock: every answer
   * about it (tokens, counters, reports, quota day) is as of then. A demo copy's past is generated
   * this way; cleared, the account rejoins the deployment's time.
   */
  clockAt: timestamp('clock_at', { withTimezone: true }),
  /** A disposable copy of the demo channel (one per demo visitor), removed with its visitor. */
  demoCopy: boolean('demo_copy').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const simAuthCodes = pgTable('sim_auth_codes', {
  code: text('code').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => simAccounts.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  scope: text('scope').notNull(),
  codeChallenge: text('code_challenge'),
  codeChallengeMethod: text('code_challenge_method'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const simTokens = pgTable('sim_tokens', {
  token: text('token').primaryKey(),
  kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
  accountId: text('account_id')
    .notNull()
    .references(() => simAccounts.id, { onDelete: 'cascade' }),
  clientId: text('client_id').notNull(),
  scope: text('scope').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  revoked: boolean('revoked').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The simulated uploads. The snippet columns are the video's live metadata (null = the field is
 * absent, as YouTube omits it); the truth columns drive the traffic model and are never served.
 */
export const simVideos = pgTable(
  'sim_videos',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => simAccounts.id, { onDelete: 'cascade' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array(),
    categoryId: text('category_id').notNull(),
    defaultLanguage: text('default_language'),
    defaultAudioLanguage: text('default_audio_language'),
    durationSec: integer('duration_sec').notNull(),
    /** The frame's shape (a Short is vertical): the embedded player's size keeps it. */
    frameWidth: integer('frame_width').notNull().default(1920),
    frameHeight: integer('frame_height').notNull().default(1080),
    /** processingDetails.processingStatus: a Short takes a custom thumbnail only once 'succeeded'. */
    processingStatus: text('processing_status').notNull().default('succeeded'),
    thumbnailLabel: text('thumbnail_label').notNull(),
    thumbnailHue: integer('thumbnail_hue').notNull(),
    baseImpressionsPerHour: doublePrecision('base_impressions_per_hour').notNull(),
    decayHalfLifeDays: doublePrecision('decay_half_life_days').notNull(),
    dailyAmplitude: doublePrecision('daily_amplitude').notNull(),
    noise: doublePrecision('noise').notNull(),
    externalViewsPerHour: doublePrecision('external_views_per_hour').notNull(),
    likeRate: doublePrecision('like_rate').notNull(),
    commentRate: doublePrecision('comment_rate').notNull(),
    seed: text('seed').notNull(),
    snippetUpdatedAt: timestamp('snippet_updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sim_videos_account_idx').on(table.accountId, table.publishedAt)],
);

/** Every title a simulated video has shown and since when: views accrue to the title live at each moment. */
export const simTitleHistory = pgTable(
  'sim_title_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: text('video_id')
      .notNull()
      .references(() => simVideos.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (table) => [index('sim_title_history_video_idx').on(table.videoId, table.since)],
);

/** Google's own count of Data API units, per Pacific day: what the product's ledger must match. */
export const simQuotaUsage = pgTable(
  'sim_quota_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: text('day').notNull(),
    method: text('method').notNull(),
    units: integer('units').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sim_quota_usage_day_idx').on(table.day)],
);

/** Running total of units per Pacific day: one conditional upsert charges a call (no lock, no re-summing). */
export const simQuotaDays = pgTable('sim_quota_days', {
  day: text('day').primaryKey(),
  units: integer('units').notNull(),
});

/** Simulator knobs that must survive a restart (e.g. the project's daily quota). */

/**
 * Every custom thumbnail set on a simulated video through thumbnails.set, and since when: the
 * latest is the one served, and each moment's impressions click at the CTR of the image live then.
 * No row: the video's generated original.
 */
export const simThumbnails = pgTable(
  'sim_thumbnails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    videoId: text('video_id')
      .notNull()
      .references(() => simVideos.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    mimeType: text('mime_type').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [index('sim_thumbnails_video_idx').on(table.videoId, table.since)],
);

/** Ground-truth CTR multipliers set through the control API for one image on one video. */
export const simThumbnailTruths = pgTable(
  'sim_thumbnail_truths',
  {
    videoId: text('video_id')
      .notNull()
      .references(() => simVideos.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    ctrMultiplier: doublePrecision('ctr_multiplier').notNull(),
  },
  (table) => [primaryKey({ columns: [table.videoId, table.sha256] })],
);

export const simSettings = pgTable('sim_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** YouTube Reporting API jobs; their daily reports are derived from the clock and the traffic model. */
export const simReportingJobs = pgTable('sim_reporting_jobs', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => simAccounts.id, { onDelete: 'cascade' }),
  reportTypeId: text('report_type_id').notNull(),
  name: text('name').notNull(),
  createTime: timestamp('create_time', { withTimezone: true }).notNull(),
});

/**
 * The simulated clock of the whole deployment (one row): how far ahead of the system clock the
 * simulator's time runs. Every process of a simulator deployment (web nodes, workers) follows it
 * (src/simulated-clock.ts), so moving it anywhere moves it everywhere. Only ever grows.
 */
export const simClock = pgTable('sim_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
