import { z } from 'zod';

/** A connected (or disconnected) YouTube channel of the account, as the switcher and settings show it. */
export const channelSchema = z.object({
  id: z.uuid(),
  youtubeChannelId: z.string(),
  title: z.string(),
  status: z.enum(['connected', 'disconnecting', 'disconnected']),
  /** Why it is disconnected, and how to reconnect. */
  statusReason: z.string().nullable(),
  runningTests: z.number().int().nonnegative(),
  /**
   * Whether a new test may start on it: every usable channel within the plan's limit; beyond it
   * (a plan that went down), only the ones connected first (docs/decisions/0029).
   */
  takesNewTests: z.boolean(),
  connectedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.object({
  channels: z.array(channelSchema),
  /** How many channels the account's plan allows. */
  limit: z.number().int().positive(),
  /** When more channels are connected than the plan includes: what that means, in words; else null. */
  extraChannels: z.string().nullable(),
});
export type ChannelList = z.infer<typeof channelListSchema>;

export const channelIdSchema = z.object({ id: z.uuid({ message: 'Unknown channel id.' }) });

/** Picks one of the account's channels; absent = the most recently connected. */
export const channelChoiceSchema = z
  .object({ channelId: z.uuid({ message: 'Unknown channel id.' }).optional() })
  .nullish()
  .transform((input) => input ?? {});

export const disconnectResultSchema = z.object({ message: z.string(), channel: channelSchema });
