import { isTimeZone } from '../shared/moments';
import { z } from 'zod';
import { teamRoles } from '../../db/schema/team';
import { subscriptionTiers } from '../../db/schema/users';

export const teamRoleSchema = z.enum(teamRoles, { message: 'Choose a role: editor or viewer.' });

/** The team a person works in, as their own account shows it (src/auth/membership.ts). */
export const membershipSchema = z.object({
  ownerName: z.string(),
  ownerEmail: z.string(),
  role: teamRoleSchema,
});
export type MembershipView = z.infer<typeof membershipSchema>;

/**
 * The User of docs/product.md#entities, plus the role flags the server decides (the client never
 * guesses roles).
 */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  name: z.string(),
  username: z.string(),
  subscriptionTier: z.enum(subscriptionTiers),
  subscriptionStatus: z.enum(['active', 'inactive']),
  isLifetime: z.boolean(),
  isAdmin: z.boolean(),
  isFounder: z.boolean(),
  isDemo: z.boolean(),
  /** Whether the user has a Stripe customer, so the Customer Portal (billing.portal) opens for them. */
  hasBillingAccount: z.boolean(),
  createdAt: z.iso.datetime(),
  youtubeChannelTitle: z.string().nullable(),
  channelStatus: z.enum(['connected', 'disconnected']).nullable(),
  /** The team this person works in (its owner's channels), or null. */
  team: membershipSchema.nullable(),
  /** The time zone the server writes this person's messages in (their browser's), or null: Pacific. */
  timeZone: z.string().nullable(),
});
export type PublicUser = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({
  sessionToken: z.string(),
  user: userSchema,
});

export const meResponseSchema = userSchema;

/** POST /api/auth/time-zone: the browser's IANA time zone, for what the server writes this person. */
export const setTimeZoneSchema = z.object({
  timeZone: z
    .string()
    .refine(isTimeZone, 'Not a time zone this server knows: send an IANA name such as Europe/Paris.'),
});
export const timeZoneResponseSchema = z.object({ timeZone: z.string() });
export const diagnosticUserResponseSchema = z.object({ user: userSchema });
export const logoutResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/auth/google: an authorization code obtained by an external client. */
export const googleCodeExchangeSchema = z.object({
  code: z.string().min(1, 'code is required').max(2048),
  codeVerifier: z.string().min(43).max(128).optional(),
  redirectUri: z.url().optional(),
});
