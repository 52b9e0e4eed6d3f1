import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { teamInvitations, teamMembers, users } from '../../db/schema';
import { recordAudit } from '../audit';
import type { UserRow } from '../../db/schema/users';
import type { DbOrTx } from '../db/database';
import { conflict, forbidden, notFound, AppError } from '../errors/app-error';
import type { ServiceContext } from '../context/service-context';
import {
  alreadyOnTeamMessage,
  INVITATION_DAYS,
  seatsFullMessage,
  TEAM_MESSAGES,
  wrongAccountMessage,
} from '../shared/team';
import { invitationToken, invitationTokenHash, invitationUrl } from './invitation-link';
import { invitationEmailJob } from './team.jobs';
import { mayEmailInvitation } from './invitation-email-budget';
import { findMembership, teamSeatLimit } from '../auth';
import type { MembershipView, Team, TeamMember } from './team.schemas';
import type { inviteInputSchema, memberRoleInputSchema } from './team.schemas';
import type { z } from 'zod';

/*
 * The team (docs/product.md#team): an Authority owner invites people by e-mail as editors or
 * viewers; each signs in with their own Google account and accepts; the owner changes their role
 * or removes them, or they leave. What a member may do is decided per operation (src/api/caller.ts).
 */

type InvitationRow = typeof teamInvitations.$inferSelect;
const DAY_MS = 86_400_000;

const pending = (now: Date) =>
  and(
    isNull(teamInvitations.acceptedAt),
    isNull(teamInvitations.revokedAt),
    gt(teamInvitations.expiresAt, now),
  );

function invitationView(ctx: ServiceContext, invitation: InvitationRow) {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    url: invitationUrl(ctx.config, invitation),
  };
}

/** The owner's team: members, pending invitations and the plan's seats. */
export async function getTeam(ctx: ServiceContext, owner: UserRow): Promise<Team> {
  const now = ctx.clock.now();
  const [members, invitations] = await Promise.all([
    ctx.db
      .select({
        id: teamMembers.id,
        role: teamMembers.role,
        joinedAt: teamMembers.createdAt,
        name: users.name,
        email: users.email,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.memberUserId))
      .where(eq(teamMembers.ownerUserId, owner.id))
      .orderBy(asc(teamMembers.createdAt)),
    ctx.db
      .select()
      .from(teamInvitations)
      .where(and(eq(teamInvitations.ownerUserId, owner.id), pending(now)))
      .orderBy(asc(teamInvitations.createdAt)),
  ]);
  return {
    members: members.map((member) => ({ ...member, joinedAt: member.joinedAt.toISOString() })),
    invitations: invitations.map((invitation) => invitationView(ctx, invitation)),
    seats: teamSeatLimit(owner),
  };
}

async function seatsTaken(db: DbOrTx, ownerId: string, now: Date): Promise<number> {
  const [members] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(eq(teamMembers.ownerUserId, ownerId));
  const [invitations] = await db
    .select({ n: count() })
    .from(teamInvitations)
    .where(and(eq(teamInvitations.ownerUserId, ownerId), pending(now)));
  return (members?.n ?? 0) + (invitations?.n ?? 0);
}

/** May `owner` manage a team at all: their plan includes one and they are not someone's member. */
async function assertTeamOwner(ctx: ServiceContext, owner: UserRow): Promise<number> {
  if (await findMembership(ctx.db, owner.id)) throw forbidden(TEAM_MESSAGES.membersCannotInvite);
  const seats = teamSeatLimit(owner);
  if (seats === 0) throw forbidden(TEAM_MESSAGES.noTeamOnPlan);
  return seats;
}

/**
 * Invites `email` as `role`: a new invitation replaces a pending one to the same address, and its
 * link goes out by e-mail when a mail server is configured and the day's invitation e-mails allow
 * (src/team/invitation-email-budget.ts). Refused beyond the plan's seats, for
 * the owner's own address and for someone already on the team.
 */
export async function inviteMember(
  ctx: ServiceContext,
  owner: UserRow,
  input: z.output<typeof inviteInputSchema>,
): Promise<ReturnType<typeof invitationView> & { emailed: boolean }> {
  const seats = await assertTeamOwner(ctx, owner);
  if (input.email === owner.email.toLowerCase())
    throw conflict('That is your own address: you own this team.');
  const now = ctx.clock.now();
  const id = randomUUID();
  const invitation = await ctx.db.transaction(async (tx) => {
    // One invitation at a time per owner (the seat count below is then exact).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team:${owner.id}`}))`);
    const [member] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.memberUserId))
      .where(and(eq(teamMembers.ownerUserId, owner.id), sql`lower(${users.email}) = ${input.email}`));
    if (member) throw conflict(`${input.email} is already on your team.`);
    // A pending invitation to the same address is replaced (it stops working).
    await tx
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(teamInvitations.ownerUserId, owner.id),
          eq(teamInvitations.email, input.email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      );
    if ((await seatsTaken(tx, owner.id, now)) >= seats) throw forbidden(seatsFullMessage(seats));
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        id,
        ownerUserId: owner.id,
        email: input.email,
        role: input.role,
        tokenHash: invitationTokenHash(invitationToken(ctx.config, id)),
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    const emailed = ctx.config.mail.url !== null && (await mayEmailInvitation(tx, owner, input.email, now));
    if (emailed) await invitationEmailJob.send({ ...ctx, db: tx }, { invitationId: id });
    return { row: row!, emailed };
  });
  return { ...invitationView(ctx, invitation.row), emailed: invitation.emailed };
}

/** Withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  ctx: ServiceContext,
  owner: UserRow,
  invitationId: string,
): Promise<void> {
  const [revoked] = await ctx.db
    .update(teamInvitations)
    .set({ revokedAt: ctx.clock.now() })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.ownerUserId, owner.id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (!revoked) throw notFound('Invitation');
}

/** The invitation a token names, checked: unknown, withdrawn, used and expired links are refused. */
async function usableInvitation(ctx: ServiceContext, db: DbOrTx, token: string, lock = false) {
  const query = db
    .select({ invitation: teamInvitations, owner: users })
    .from(teamInvitations)
    .innerJoin(users, eq(users.id, teamInvitations.ownerUserId))
    .where(eq(teamInvitations.tokenHash, invitationTokenHash(token)));
  const [row] = await (lock ? query.for('update', { of: teamInvitations }) : query);
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationUnknown);
  const { invitation } = row;
  // An owner who asked to delete their account has withdrawn every invitation with it (their
  // name must not show, though erasure may take days).
  if (invitation.revokedAt || row.owner.deletionRequestedAt)
    throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationRevoked);
  if (invitation.acceptedAt) throw conflict(TEAM_MESSAGES.invitationUsed);
  if (invitation.expiresAt <= ctx.clock.now())
    throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationExpired);
  return row;
}

/** What the invitation page shows: who invites, which address, which role, until when. */
export async function previewInvitation(ctx: ServiceContext, token: string) {
  const { invitation, owner } = await usableInvitation(ctx, ctx.db, token);
  return {
    ownerName: owner.name,
    email: invitation.email,
    role: invitation.role,
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Accepts an invitation as the signed-in `user`, whose Google address must be the invited one.
 * From their next request they work on the owner's channels with the invited role.
 */
export async function acceptInvitation(
  ctx: ServiceContext,
  user: UserRow,
  token: string,
): Promise<MembershipView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { invitation, owner } = await usableInvitation(ctx, tx, token, true);
    if (owner.id === user.id) throw conflict(TEAM_MESSAGES.ownInvitation);
    // Both teams held, in one order, while membership is decided: a team is one level deep, so
    // an owner joining elsewhere and someone joining that owner's team cannot both go through.
    for (const id of [owner.id, user.id].sort())
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`team:${id}`}))`);
    if (user.email.toLowerCase() !== invitation.email) throw forbidden(wrongAccountMessage(invitation.email));
    const [inviterIsMember] = await tx
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.memberUserId, owner.id));
    if (inviterIsMember) throw forbidden(TEAM_MESSAGES.inviterJoinedTeam);
    if (teamSeatLimit(owner) === 0 || owner.deletionRequestedAt)
      throw forbidden(TEAM_MESSAGES.teamUnavailable);
    const [current] = await tx
      .select({ ownerName: users.name })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.ownerUserId))
      .where(eq(teamMembers.memberUserId, user.id));
    if (current) throw conflict(alreadyOnTeamMessage(current.ownerName));
    const [ownTeam] = await tx
      .select({ n: count() })
      .from(teamMembers)
      .where(eq(teamMembers.ownerUserId, user.id));
    if ((ownTeam?.n ?? 0) > 0) throw conflict(TEAM_MESSAGES.ownTeamHasMembers);
    const [ownInvitations] = await tx
      .select({ n: count() })
      .from(teamInvitations)
      .where(and(eq(teamInvitations.ownerUserId, user.id), pending(now)));
    if ((ownInvitations?.n ?? 0) > 0) throw conflict(TEAM_MESSAGES.ownInvitationsPending);
    await tx
      .update(teamInvitations)
      .set({ acceptedAt: now, acceptedByUserId: user.id })
      .where(eq(teamInvitations.id, invitation.id));
    await tx
      .insert(teamMembers)
      .values({ ownerUserId: owner.id, memberUserId: user.id, role: invitation.role, createdAt: now });
    await recordAudit(tx, {
      actorUserId: user.id,
      action: 'team.join',
      targetType: 'user',
      targetId: owner.id,
      before: null,
      after: { memberId: user.id, role: invitation.role },
      at: now,
    });
    return { ownerName: owner.name, ownerEmail: owner.email, role: invitation.role };
  });
}

async function endMembership(
  ctx: ServiceContext,
  actor: UserRow,
  where: ReturnType<typeof and>,
  action: string,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx.delete(teamMembers).where(where).returning();
    if (!removed) throw notFound('Team member');
    await recordAudit(tx, {
      actorUserId: actor.id,
      action,
      targetType: 'user',
      targetId: removed.ownerUserId,
      before: { memberId: removed.memberUserId, role: removed.role },
      after: null,
      at: now,
    });
  });
}

/**
 * Changes a member's role (editor or viewer) in place. It takes effect at the member's next
 * request: their role is read with their session, whose cached answer a change to team_members
 * moves on (src/api/caller.ts). The same role again changes nothing and records nothing. Only the
 * owner's own members are found: anyone else's id is 404, as for a removal.
 */
export async function changeMemberRole(
  ctx: ServiceContext,
  owner: UserRow,
  input: z.output<typeof memberRoleInputSchema>,
): Promise<TeamMember> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ member: teamMembers, name: users.name, email: users.email })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.memberUserId))
      .where(and(eq(teamMembers.id, input.id), eq(teamMembers.ownerUserId, owner.id)))
      .for('update', { of: teamMembers });
    if (!found) throw notFound('Team member');
    const { member } = found;
    const view = (role: typeof member.role): TeamMember => ({
      id: member.id,
      name: found.name,
      email: found.email,
      role,
      joinedAt: member.createdAt.toISOString(),
    });
    if (member.role === input.role) return view(member.role);
    await tx.update(teamMembers).set({ role: input.role }).where(eq(teamMembers.id, member.id));
    await recordAudit(tx, {
      actorUserId: owner.id,
      action: 'team.role',
      targetType: 'user',
      targetId: owner.id,
      before: { memberId: member.memberUserId, role: member.role },
      after: { memberId: member.memberUserId, role: input.role },
      at: now,
    });
    return view(input.role);
  });
}

/** Removes a member: their next request no longer reaches the owner's channels. */
export async function removeMember(ctx: ServiceContext, owner: UserRow, memberId: string): Promise<void> {
  await endMembership(
    ctx,
    owner,
    and(eq(teamMembers.id, memberId), eq(teamMembers.ownerUserId, owner.id)),
    'team.remove',
  );
}

/** The signed-in member leaves their team. */
export async function leaveTeam(ctx: ServiceContext, member: UserRow): Promise<void> {
  await endMembership(ctx, member, eq(teamMembers.memberUserId, member.id), 'team.leave');
}
