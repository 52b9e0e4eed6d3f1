import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { subscriptionTiers } from '../../src/shared/plans';

export { subscriptionTiers, type SubscriptionTier } from '../../src/shared/plans';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  username: text('username').notNull(),
  googleSubject: text('google_subject').unique(),
  subscriptionTier: text('subscription_tier', { enum: subscriptionTiers }).notNull().default('free'),
  subscriptionStatus: text('subscription_status', { enum: ['active', 'inactive'] })
    .notNull()
    .default('inactive'),
  isLifetime: boolean('is_lifetime').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  isDemo: boolean('is_demo').notNull().default(false),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  /**
   * The IANA time zone of the creator's browser (src/shared/moments.ts): what the server writes
   * for them (notifications, e-mails, a test's reasons) names moments in it. Null: Pacific time.
   */
  timeZone: text('time_zone'),
  /**
   * The creator chose "Compare with other channels" on What works here (docs/decisions/0047): their
   * finished tests join the pool of opted-in channels, and they may read that pool. Off by default;
   * turning it off takes their tests out of the pool at once (it is computed on read).
   */
  learningPoolOptIn: boolean('learning_pool_opt_in').notNull().default(false),
  /**
   * The user asked to delete their account: sessions are revoked at once, and the privacy job
   * erases everything once each test's original title is back on YouTube (src/privacy).
   */
  deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const channelConnections = pgTable(
  'channel_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    youtubeChannelId: text('youtube_channel_id').notNull(),
    title: text('title').notNull(),
    uploadsPlaylistId: text('uploads_playlist_id'),
    /** AES-256-GCM ciphertexts (see src/crypto/token-cipher.ts); never plain tokens. */
    accessTokenEncrypted: text('access_token_encrypted'),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    scopes: text('scopes').array().notNull().default([]),
    status: text('status', { enum: ['connected', 'disconnected'] })
      .notNull()
      .default('connected'),
    statusReason: text('status_reason'),
    reportingJobId: text('reporting_job_id'),
    reachDataThrough: timestamp('reach_data_through', { withTimezone: true }),
    /**
     * When Google last accepted this grant (sign-in, a token refresh, the retention job's check).
     * YouTube data of a channel is kept only while its grant is at most 30 days old (src/privacy).
     */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The owner asked to disconnect this channel: its running tests were cancelled, and once their
     * original titles are back the grant is revoked (src/channels/disconnect-channel.ts).
     */
    disconnectRequestedAt: timestamp('disconnect_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('channel_connections_user_idx').on(table.userId)],
);

/** An account as stored: what the session, the services and the operations' callers carry. */
export type UserRow = typeof users.$inferSelect;
