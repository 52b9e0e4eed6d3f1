import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '../../src/shared/notification-kinds';
import { titleTests } from './title-tests';
import { users } from './users';

/**
 * Something that happened to a creator's test, for the app's notification list and e-mail
 * (src/notifications). `eventKey` names the event itself, so an event recorded twice (a retried
 * job, a restart) is stored, and e-mailed, once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    testId: uuid('test_id').references(() => titleTests.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    eventKey: text('event_key').notNull().unique(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where the creator acts on it, a path of the app (/dashboard). */
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** pending: an e-mail job is queued; sent; off: the creator does not get this kind by e-mail; none: no mail server. */
    emailStatus: text('email_status', { enum: ['pending', 'sent', 'off', 'none', 'failed'] }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);

/** Per-user e-mail choices by notification kind; a kind not listed takes its default. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: jsonb('email').$type<Partial<Record<(typeof notificationKinds)[number], boolean>>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Messages the built-in SMTP catcher received (simulator deployments: the outbox page). */
export const simMail = pgTable(
  'sim_mail',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    envelopeFrom: text('envelope_from').notNull(),
    envelopeTo: text('envelope_to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    hasUnsubscribe: boolean('has_unsubscribe').notNull().default(false),
  },
  (table) => [index('sim_mail_received_idx').on(table.receivedAt)],
);
