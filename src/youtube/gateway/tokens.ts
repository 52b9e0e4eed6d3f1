import { eq } from 'drizzle-orm';
import type { Credentials } from 'google-auth-library';
import { channelConnections } from '../../../db/schema';
import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';

// google-auth-library judges expiry by the machine's clock, the product by app.clock (which tests
// and the simulator move forward). Expiry times cross between the two by the clocks' offset.

export const clockOffsetMs = (app: ServiceContext) => app.clock.now().getTime() - Date.now();

/** The stored (encrypted) tokens as credentials for an OAuth2Client, or null when there is nothing usable. */
export function storedCredentials(app: ServiceContext, connection: ChannelConnection): Credentials | null {
  const accessToken = connection.accessTokenEncrypted
    ? app.cipher.decrypt(connection.accessTokenEncrypted)
    : null;
  const refreshToken = connection.refreshTokenEncrypted
    ? app.cipher.decrypt(connection.refreshTokenEncrypted)
    : null;
  const expiresAt = connection.accessTokenExpiresAt?.getTime() ?? null;
  const accessUsable =
    accessToken !== null && expiresAt !== null && expiresAt > app.clock.now().getTime() + 60_000;
  if (!refreshToken && !accessUsable) return null;
  return {
    // An access token at or near expiry is left out, so the library refreshes before the first call.
    access_token: accessUsable ? accessToken : null,
    refresh_token: refreshToken,
    // Always set: without an expiry the library would refresh and retry on any 403, quota errors included.
    expiry_date: accessUsable ? expiresAt - clockOffsetMs(app) : 1,
    scope: connection.scopes.join(' '),
    token_type: 'Bearer',
  };
}

/**
 * Persists what a refresh returned (the library's 'tokens' event). Google rarely sends a new
 * refresh token; when it does, it replaces the old one. updatedAt is left alone: it orders
 * which connection is the user's primary one, and a refresh is not a reconnection. A refresh is
 * Google accepting the grant, so authorizedAt moves to now (see src/privacy/retention.ts).
 */
export async function persistRefreshedTokens(
  app: ServiceContext,
  connectionId: string,
  tokens: Credentials,
  offsetMs: number,
): Promise<void> {
  if (!tokens.access_token) return;
  await app.db
    .update(channelConnections)
    .set({
      accessTokenEncrypted: app.cipher.encrypt(tokens.access_token),
      accessTokenExpiresAt: tokens.expiry_date ? new Date(tokens.expiry_date + offsetMs) : null,
      ...(tokens.refresh_token ? { refreshTokenEncrypted: app.cipher.encrypt(tokens.refresh_token) } : {}),
      ...(tokens.scope ? { scopes: tokens.scope.split(' ').filter(Boolean) } : {}),
      authorizedAt: app.clock.now(),
    })
    .where(eq(channelConnections.id, connectionId));
}
