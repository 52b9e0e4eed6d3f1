import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of the built-in YouTube simulator: Google's side of the world, kept apart from ours
// (prefix sim_) and used only when no real Google client is configured.

export const simAccounts = pgTable('sim_accounts', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  channelId: text('channel_id').notNull().unique(),
  channelTitle: text('channel_title').notNull(),
  uploadsPlaylistId: text('uploads_playlist_id').notNull(),
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
