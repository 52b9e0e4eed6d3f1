import { z } from 'zod';
import { subscriptionTiers } from '../../db/schema/users';

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
  createdAt: z.iso.datetime(),
  youtubeChannelTitle: z.string().nullable(),
  channelStatus: z.enum(['connected', 'disconnected']).nullable(),
});
export type PublicUser = z.infer<typeof userSchema>;

export const sessionResponseSchema = z.object({
  sessionToken: z.string(),
  user: userSchema,
});

export const meResponseSchema = userSchema;
export const diagnosticUserResponseSchema = z.object({ user: userSchema });
export const logoutResponseSchema = z.object({ success: z.literal(true) });

/** POST /api/auth/google: an authorization code obtained by an external client. */
export const googleCodeExchangeSchema = z.object({
  code: z.string().min(1, 'code is required').max(2048),
  codeVerifier: z.string().min(43).max(128).optional(),
  redirectUri: z.url().optional(),
});
