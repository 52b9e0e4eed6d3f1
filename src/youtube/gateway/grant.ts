import { eq } from 'drizzle-orm';
import { channelConnections } from '../../../db/schema';
import type { ServiceContext } from '../../context/service-context';
import type { ChannelConnection } from '../../channels';
import { createOAuthClient } from '../google-clients';
import { classifyGoogleError } from './classify';
import { clockOffsetMs, persistRefreshedTokens } from './tokens';

export type GrantCheck = 'confirmed' | 'lost';

/**
 * Asks Google whether the channel's grant still stands by trading its refresh token for a new
 * access token (the token endpoint costs no API quota). Confirmed: the new token is stored and
 * `authorizedAt` moves to now. Lost: Google answered invalid_grant, or there is no refresh token.
 * Any other failure (Google unreachable, 5xx) is thrown, so the caller can try again later.
 */
export async function confirmGrant(app: ServiceContext, connection: ChannelConnection): Promise<GrantCheck> {
  if (!connection.refreshTokenEncrypted) return 'lost';
  const auth = createOAuthClient(app.config, {
    refresh_token: app.cipher.decrypt(connection.refreshTokenEncrypted),
    expiry_date: 1,
  });
  const offsetMs = clockOffsetMs(app);
  try {
    await auth.getAccessToken();
  } catch (error) {
    if (classifyGoogleError(error).type === 'invalid-grant') return 'lost';
    throw error;
  }
  await persistRefreshedTokens(app, connection.id, auth.credentials, offsetMs);
  return 'confirmed';
}

/**
 * Revokes the channel's grant at Google (its refresh token, which takes its access tokens with
 * it), so Titlewise can no longer act for the channel. A token Google no longer knows counts as
 * revoked. Other failures are thrown, so the caller can try again later.
 */
export async function revokeGrant(app: ServiceContext, connection: ChannelConnection): Promise<void> {
  const encrypted = connection.refreshTokenEncrypted ?? connection.accessTokenEncrypted;
  if (encrypted) {
    const auth = createOAuthClient(app.config);
    try {
      await auth.revokeToken(app.cipher.decrypt(encrypted));
    } catch (error) {
      const status = (error as { response?: { status?: unknown } }).response?.status;
      // Google answers 400 invalid_token for a token that is already revoked or expired.
      if (status !== 400) throw error;
    }
  }
  await app.db
    .update(channelConnections)
    .set({ accessTokenEncrypted: null, refreshTokenEncrypted: null, accessTokenExpiresAt: null })
    .where(eq(channelConnections.id, connection.id));
}
