import { and, eq } from 'drizzle-orm';
import type { Credentials } from 'google-auth-library';
import { channelConnections } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { DbOrTx } from '../db/database';

export type ChannelConnection = typeof channelConnections.$inferSelect;

/**
 * Creates or refreshes the link between a user and their YouTube channel. Tokens are stored
 * encrypted; a refresh token Google did not resend is kept from before.
 */
export async function upsertChannelConnection(
  ctx: ServiceContext,
  db: DbOrTx,
  input: {
    userId: string;
    channel: { id: string; title: string; uploadsPlaylistId: string | null };
    tokens: Credentials;
  },
): Promise<ChannelConnection> {
  const { cipher } = ctx;
  const now = ctx.clock.now();
  const values = {
    title: input.channel.title,
    uploadsPlaylistId: input.channel.uploadsPlaylistId,
    accessTokenEncrypted: input.tokens.access_token ? cipher.encrypt(input.tokens.access_token) : null,
    accessTokenExpiresAt: input.tokens.expiry_date ? new Date(input.tokens.expiry_date) : null,
    scopes: input.tokens.scope ? input.tokens.scope.split(' ').filter(Boolean) : [],
    status: 'connected' as const,
    statusReason: null,
    authorizedAt: now,
    updatedAt: now,
    ...(input.tokens.refresh_token
      ? { refreshTokenEncrypted: cipher.encrypt(input.tokens.refresh_token) }
      : {}),
  };
  const [existing] = await db
    .select()
    .from(channelConnections)
    .where(
      and(
        eq(channelConnections.userId, input.userId),
        eq(channelConnections.youtubeChannelId, input.channel.id),
      ),
    )
    .limit(1);
  if (existing) {
    const [updated] = await db
      .update(channelConnections)
      .set(values)
      .where(eq(channelConnections.id, existing.id))
      .returning();
    return updated!;
  }
  const [created] = await db
    .insert(channelConnections)
    .values({ userId: input.userId, youtubeChannelId: input.channel.id, ...values })
    .returning();
  return created!;
}

export async function markConnectionDisconnected(
  db: DbOrTx,
  connectionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(channelConnections)
    .set({ status: 'disconnected', statusReason: reason, updatedAt: now })
    .where(eq(channelConnections.id, connectionId));
}
