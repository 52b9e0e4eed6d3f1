import { and, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teamMembers, users, type TeamRole } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import { teamSeatLimits } from '../shared/plans';
import type { MembershipView } from './auth.schemas';
import type { UserRow } from '../../db/schema/users';
import type { Membership } from '../api/declare/operation';

/** How many people `user`'s plan lets onto their team (members plus pending invitations). */
export function teamSeatLimit(user: Pick<UserRow, 'subscriptionTier' | 'isLifetime'>): number {
  return teamSeatLimits[user.isLifetime ? 'lifetime' : user.subscriptionTier];
}

/** The owner of the team a member belongs to, as a second `users` in one query. */
export const teamOwners = alias(users, 'team_owner');

/** Joins a member's team row to an owner who is not leaving (use with left or inner joins). */
export const teamOwnerJoin = and(
  eq(teamOwners.id, teamMembers.ownerUserId),
  isNull(teamOwners.deletionRequestedAt),
);

/**
 * A membership counts only while the owner's plan includes a team and the owner is not leaving:
 * when it lapses the member is back in their own account at their next request (the row stays, so
 * an upgrade brings the team back).
 */
export function liveMembership(row: {
  owner: UserRow | null;
  role: TeamRole | null;
  since: Date | null;
}): Membership | null {
  if (!row.owner || !row.role || !row.since || teamSeatLimit(row.owner) === 0) return null;
  return { owner: row.owner, role: row.role, since: row.since };
}

/** The team `userId` works in, if any (see liveMembership). */
export async function findMembership(db: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({ owner: teamOwners, role: teamMembers.role, since: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(teamOwners, teamOwnerJoin)
    .where(eq(teamMembers.memberUserId, userId))
    .limit(1);
  return row ? liveMembership(row) : null;
}

/** A membership as the member's own account shows it (null when none). */
export function membershipView(membership: Membership | null): MembershipView | null {
  return membership
    ? { ownerName: membership.owner.name, ownerEmail: membership.owner.email, role: membership.role }
    : null;
}
