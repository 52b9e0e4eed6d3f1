import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

import { teamRoles } from '../../src/shared/team';

export { teamRoles, type TeamRole } from '../../src/shared/team';

/**
 * The people an Authority owner let into their workspace. A person belongs to one team at most;
 * removing the row ends their access at once (the next request no longer finds it).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberUserId: uuid('member_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: teamRoles }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('team_members_owner_idx').on(table.ownerUserId)],
);

/**
 * Invitations by e-mail. Only the SHA-256 of a link's token is kept: the token is derived from the
 * deployment's secret and the invitation's id (src/team/invitation-link.ts), so the owner can copy
 * a pending link again without it being stored. One pending invitation per address and team.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased; only a Google account with this address may accept. */
    email: text('email').notNull(),
    role: text('role', { enum: teamRoles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('team_invitations_owner_idx').on(table.ownerUserId),
    uniqueIndex('team_invitations_one_pending')
      .on(table.ownerUserId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);
