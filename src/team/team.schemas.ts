import { z } from 'zod';
import { teamRoleSchema } from '../auth';

export { membershipSchema, teamRoleSchema, type MembershipView } from '../auth';

export const inviteInputSchema = z.object({
  email: z
    .email({ message: 'Enter the e-mail address of the Google account to invite.' })
    .max(320)
    .transform((email) => email.toLowerCase()),
  role: teamRoleSchema,
});

export const invitationIdSchema = z.object({ id: z.uuid({ message: 'Unknown invitation id.' }) });
export const memberIdSchema = z.object({ id: z.uuid({ message: 'Unknown member id.' }) });
/** A member's new role (the owner changes it in place). */
export const memberRoleInputSchema = memberIdSchema.extend({ role: teamRoleSchema });
export const invitationTokenSchema = z.object({
  token: z
    .string()
    .min(20, 'This invitation link is not valid.')
    .max(200, 'This invitation link is not valid.'),
});

export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: teamRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The link to send again; null if it cannot be derived any more (the deployment's secret changed). */
  url: z.string().nullable(),
});

export const teamMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** The owner's view of their team. */
export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(pendingInvitationSchema),
  /** Seats the plan allows (members plus pending invitations); 0 = the plan has no team. */
  seats: z.number().int().nonnegative(),
});
export type Team = z.infer<typeof teamSchema>;

export const createdInvitationSchema = pendingInvitationSchema.extend({ emailed: z.boolean() });

/** What the invitation page shows before the invitee accepts. */
export const invitationPreviewSchema = z.object({
  ownerName: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: z.string(),
});

export const okSchema = z.object({ success: z.literal(true) });
