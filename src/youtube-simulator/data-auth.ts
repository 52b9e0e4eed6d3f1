import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { sendGoogleError } from './google-errors';
import { bearerToken } from './identity-routes';
import { accountForAccessToken, type SimAccount } from './identity-store';

/** Resolves the calling account from the bearer token the way Google's APIs do, or answers 401. */
export async function requireAccount(
  options: SimulatorOptions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ account: SimAccount; scope: string; now: Date } | null> {
  const token = bearerToken(request);
  const found = token ? await accountForAccessToken(options.db, token, options.clock.now()) : null;
  if (!found) {
    sendGoogleError(
      reply,
      401,
      'authError',
      'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      'global',
    );
    return null;
  }
  return found;
}
