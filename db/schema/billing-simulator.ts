import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in simulated Stripe (no STRIPE_SECRET_KEY): Stripe's side of the world, kept apart
 * from ours like the YouTube simulator's sim_* tables. Each row is one Stripe-shaped object
 * (customer, checkout.session, subscription, invoice, billing_portal.session) by its id.
 */
export const simStripeObjects = pgTable('sim_stripe_objects', {
  id: text('id').primaryKey(),
  object: text('object').notNull(),
  data: jsonb('data').notNull(),
  /** Stripe's Idempotency-Key: a retried create answers the object the first attempt made. */
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
