import { mutation, query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import {
  acceptInvitation,
  changeMemberRole,
  getTeam,
  inviteMember,
  leaveTeam,
  previewInvitation,
  removeMember,
  revokeInvitation,
} from './team.service';
import {
  createdInvitationSchema,
  invitationIdSchema,
  invitationPreviewSchema,
  invitationTokenSchema,
  inviteInputSchema,
  memberIdSchema,
  memberRoleInputSchema,
  membershipSchema,
  okSchema,
  teamMemberSchema,
  teamSchema,
} from './team.schemas';

/** The team (docs/product.md#team): the owner's invitations and members, and the invitee's side. */
export const teamOperations = {
  get: query({
    access: 'user',
    output: teamSchema,
    rest: {
      method: 'GET',
      path: '/api/team',
      summary: 'The owner’s team: members, pending invitations and seats',
    },
    handler: ({ ctx, caller }) => getTeam(ctx, caller.user),
  }),

  invite: mutation({
    access: 'user',
    input: inviteInputSchema,
    output: createdInvitationSchema,
    rest: {
      method: 'POST',
      path: '/api/team/invitations',
      summary:
        'Invite someone by e-mail as an editor or a viewer (Authority); the link is e-mailed and returned',
      successStatus: 201,
    },
    handler: ({ ctx, caller, input }) => inviteMember(ctx, caller.user, input),
  }),

  revokeInvitation: mutation({
    access: 'user',
    input: invitationIdSchema,
    output: okSchema,
    rest: {
      method: 'DELETE',
      path: '/api/team/invitations/:id',
      summary: 'Withdraw a pending invitation (its link stops working)',
    },
    handler: async ({ ctx, caller, input }) => {
      await revokeInvitation(ctx, caller.user, input.id);
      return { success: true as const };
    },
  }),

  changeMemberRole: mutation({
    access: 'user',
    input: memberRoleInputSchema,
    output: teamMemberSchema,
    rest: {
      method: 'PATCH',
      path: '/api/team/members/:id',
      summary:
        'Change a member’s role (editor or viewer): it applies from their next request; the same role changes nothing',
    },
    handler: ({ ctx, caller, input }) => changeMemberRole(ctx, caller.user, input),
  }),

  removeMember: mutation({
    access: 'user',
    input: memberIdSchema,
    output: okSchema,
    rest: {
      method: 'DELETE',
      path: '/api/team/members/:id',
      summary: 'Remove a member: they lose access to the owner’s channels at once',
    },
    handler: async ({ ctx, caller, input }) => {
      await removeMember(ctx, caller.user, input.id);
      return { success: true as const };
    },
  }),

  // REST only: the token travels as the `token` query parameter, which request logs redact.
  invitation: restOnly({
    access: 'public',
    input: invitationTokenSchema,
    output: invitationPreviewSchema,
    rest: {
      method: 'GET',
      path: '/api/team/invitation',
      summary:
        'What an invitation link offers (no sign-in): who invites, which address, which role, until when',
    },
    limit: rateLimits.invitationRead,
    handler: ({ ctx, input }) => previewInvitation(ctx, input.token),
  }),

  accept: mutation({
    access: 'user',
    input: invitationTokenSchema,
    output: membershipSchema,
    rest: {
      method: 'POST',
      path: '/api/team/invitation/accept',
      summary: 'Accept an invitation as the signed-in Google account (its address must be the invited one)',
    },
    handler: ({ ctx, caller, input }) => acceptInvitation(ctx, caller.user, input.token),
  }),

  leave: mutation({
    access: 'user',
    output: okSchema,
    rest: { method: 'POST', path: '/api/team/leave', summary: 'Leave the team you are on' },
    handler: async ({ ctx, caller }) => {
      await leaveTeam(ctx, caller.user);
      return { success: true as const };
    },
  }),
};
