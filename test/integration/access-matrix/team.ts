import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { teamMembers, users } from '../../../db/schema';
import type { Access, Member } from './callers';
import { addMember, as, call, get, json, post, trpcMutation, world, type Row } from './world';

// The access matrix's part for the team (/api/team, trpc team.*).

/** A pending invitation of the owner's team, to an address nobody here signs in with. */
let invitations = 0;
const ownerInvitation = async () => {
  invitations += 1;
  const response = await call(
    post('/api/team/invitations', { email: `invitee${invitations}@example.com`, role: 'viewer' }),
    as('owner'),
  );
  expect(response.status).toBe(201);
  return json<{ id: string; url: string }>(response);
};
const ownerInvitationId = async () => (await ownerInvitation()).id;
/** Withdraws the invitation an allowed invite made, so the owner's seats stay free. */
const withdrawInvitation = async (caller: Member, body: unknown) => {
  const made = body as { id?: string; result?: { data: { json: { id: string } } } } | null;
  const id = made?.id ?? made?.result?.data.json.id;
  if (id) await (await call({ method: 'DELETE', path: `/api/team/invitations/${id}` }, as(caller))).text();
};
/** A third member of the owner's team, made for a removal to remove (its membership row id). */
const spareMember = async () => {
  const { db } = world.testApp.built.app;
  const [member] = await db
    .insert(users)
    .values({ email: `spare.${randomUUID()}@example.com`, name: 'Spare Member', username: 'spare' })
    .returning({ id: users.id });
  return addMember(member!.id, 'viewer');
};
/** Takes a spare member off the team again, so their seat is free for the invitation rows. */
const removeSpare = async (_: Member, __: unknown, id: string) => {
  await world.testApp.built.app.db.delete(teamMembers).where(eq(teamMembers.id, id));
};
/** Puts a member who left back on the team, with their role. */
const rejoin = async (caller: Member) => {
  if (caller === 'viewer' || caller === 'editor') await addMember(world.memberIds[caller], caller);
};

export const teamAccess: Record<string, Access> = {
  // The team: the owner manages it (a plan without a team answers 403 after the access check);
  // the invitee reads an invitation without a session and accepts it signed in.
  'GET /api/team': 'signed-in',
  'POST /api/team/invitations': 'signed-in',
  'DELETE /api/team/invitations/{id}': 'owner',
  'PATCH /api/team/members/{id}': 'owner',
  'DELETE /api/team/members/{id}': 'owner',
  'GET /api/team/invitation': 'public',
  'POST /api/team/invitation/accept': 'signed-in',
  'POST /api/team/leave': 'signed-in',
  'trpc team.get': 'signed-in',
  'trpc team.invite': 'signed-in',
  'trpc team.revokeInvitation': 'owner',
  'trpc team.changeMemberRole': 'owner',
  'trpc team.removeMember': 'owner',
  'trpc team.accept': 'signed-in',
  'trpc team.leave': 'signed-in',
};

export const teamRows: Record<string, Row> = {
  'POST /api/team/invitations': {
    // Only the owner's plan has a team: the others pass the access check and get its 403.
    request: (_, caller) =>
      post('/api/team/invitations', { email: `guest.of.${caller}@example.com`, role: 'viewer' }),
    allowed: [201, 403],
    after: withdrawInvitation,
  },
  'trpc team.invite': {
    request: (_, caller) =>
      trpcMutation('team.invite', { email: `trpc.guest.of.${caller}@example.com`, role: 'viewer' }),
    allowed: [200, 403],
    after: withdrawInvitation,
  },
  'DELETE /api/team/invitations/{id}': {
    resource: ownerInvitationId,
    request: (id) => ({ method: 'DELETE', path: `/api/team/invitations/${id}` }),
  },
  'trpc team.revokeInvitation': {
    resource: ownerInvitationId,
    request: (id) => trpcMutation('team.revokeInvitation', { id }),
  },
  // A spare viewer made an editor (then taken off the team): only the owner finds their member.
  'PATCH /api/team/members/{id}': {
    resource: spareMember,
    request: (id) => ({ method: 'PATCH', path: `/api/team/members/${id}`, json: { role: 'editor' } }),
    after: removeSpare,
  },
  'trpc team.changeMemberRole': {
    resource: spareMember,
    request: (id) => trpcMutation('team.changeMemberRole', { id, role: 'editor' }),
    after: removeSpare,
  },
  'DELETE /api/team/members/{id}': {
    resource: spareMember,
    fresh: true,
    request: (id) => ({ method: 'DELETE', path: `/api/team/members/${id}` }),
  },
  'trpc team.removeMember': {
    resource: spareMember,
    fresh: true,
    request: (id) => trpcMutation('team.removeMember', { id }),
  },
  'GET /api/team/invitation': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => get(`/api/team/invitation?token=${encodeURIComponent(token)}`),
  },
  // An invitation to nobody here: each caller passes the access check and is refused by the
  // invitation's own rules (the owner's own team 409, anyone else not the invited address 403).
  'POST /api/team/invitation/accept': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => post('/api/team/invitation/accept', { token }),
    allowed: [403, 409],
  },
  'trpc team.accept': {
    resource: async () => new URL((await ownerInvitation()).url).searchParams.get('token')!,
    request: (token) => trpcMutation('team.accept', { token }),
    allowed: [403, 409],
  },
  // A member leaves (and is put back for the next rows); anyone else is on no team: 404.
  'POST /api/team/leave': { request: () => post('/api/team/leave'), allowed: [200, 404], after: rejoin },
  'trpc team.leave': { request: () => trpcMutation('team.leave'), allowed: [200, 404], after: rejoin },
};
