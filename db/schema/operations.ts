import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { channelConnections, users } from './users';

/** Every Google API call with its quota cost, per Pacific-time day (quota resets at PT midnight). */
export const quotaLedger = pgTable(
  'quota_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    day: text('day').notNull(),
    method: text('method').notNull(),
    units: integer('units').notNull(),
    channelConnectionId: uuid('channel_connection_id').references(() => channelConnections.id, {
      onDelete: 'set null',
    }),
    outcome: text('outcome').notNull().default('ok'),
    /**
     * 'engine': a job's call (rotations, sampling, restoring titles, daily figures); 'user-read': a
     * read made on a user's request, charged to their share (src/youtube/user-reads.ts).
     */
    purpose: text('purpose', { enum: ['engine', 'user-read'] })
      .notNull()
      .default('engine'),
    /** A demo copy's call: it runs on a simulated quota of its own and is no real capacity (src/capacity). */
    sandbox: boolean('sandbox').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quota_ledger_day_idx').on(table.day)],
);

/** Stripe events, keyed by event id so a redelivery is applied once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_target_idx').on(table.targetType, table.targetId)],
);

/** Fixed-window counters shared by every web process (see src/api/rate-limit-store.ts). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});
