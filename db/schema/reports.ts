import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { titleTests } from './title-tests';

/**
 * Read-only report links a test's owner shares (src/reports/share-links.service.ts). Only the
 * SHA-256 of each link's token is kept; the token itself is derived from the deployment's secret
 * and the link's id, so the owner can see their live link again without it being stored. One live
 * (not revoked) link per test; a revoked link stays, so its token answers "revoked".
 */
export const reportLinks = pgTable(
  'report_links',
  {
    id: uuid('id').primaryKey(),
    testId: uuid('test_id')
      .notNull()
      .references(() => titleTests.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('report_links_test_idx').on(table.testId),
    uniqueIndex('report_links_one_live_per_test')
      .on(table.testId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
