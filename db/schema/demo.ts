import { index, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const demoCopyStatuses = ['preparing', 'template', 'ready', 'claimed', 'failed'] as const;
export type DemoCopyStatus = (typeof demoCopyStatuses)[number];

/**
 * One demo visitor's own channel (simulator deployments only, src/demo): a simulated Google account
 * whose past days were run through the real engine. A 'template' was rehearsed ('preparing' →
 * 'template') and is never handed out; each visitor gets a clone of the newest ('claimed'), removed
 * by the cleanup job a day later. ('ready': an uncloned copy kept ahead of visitors, before
 * templates; only the cleanup still looks for it.)
 */
export const demoCopies = pgTable(
  'demo_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simAccountId: text('sim_account_id').notNull().unique(),
    /** The product user of the copy, once its Google sign-in ran. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: demoCopyStatuses }).notNull(),
    /** 0 … 1 while preparing. */
    progress: real('progress').notNull().default(0),
    error: text('error'),
    /** Where the copy's own clock stands (it joins the deployment's clock when claimed). */
    rehearsedUntil: timestamp('rehearsed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped as preparation progresses: a preparation that stopped bumping was abandoned. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Who claimed it, as a keyed hash of their address (HMAC-SHA256 with the session secret): live
     * copies are capped per address without keeping the address (src/demo/demo-copies.ts).
     */
    claimedBy: text('claimed_by'),
  },
  (table) => [index('demo_copies_status_idx').on(table.status, table.createdAt)],
);
