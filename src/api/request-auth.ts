import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context/service-context';
import type { RequestAuth } from './declare/operation';
import { findSession, isTokenShaped, SESSION_COOKIE, type LiveSession } from '../auth';

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return null;
  return header.slice(7).trim() || null;
}

/**
 * Resolves who is calling, once per request: a bearer token first (external tools, and the
 * current-user retry with a bearer header), then the session-token cookie. Routes and tRPC read
 * `request.auth`.
 */
export const requestAuthPlugin = fp(
  async (fastify: FastifyInstance, { app }: { app: ServiceContext }) => {
    fastify.decorateRequest('auth', null);
    // Every signed-in request looks its session up: a recent answer is reused while nothing
    // changed (a sign-out, a revocation or a change to the user moves the cache on at once in
    // this process and on notice in the others; src/db/read-cache.ts).
    const liveSession = async (token: string, now: Date): Promise<LiveSession | null> => {
      if (!isTokenShaped(token)) return null;
      const session = await app.readCache.read(`session:${token}`, () => findSession(app.db, token, now));
      return session && session.expiresAt > now ? session : null;
    };
    fastify.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/trpc/')) return;
      const now = app.clock.now();
      const bearer = bearerFrom(request);
      if (bearer) {
        const session = await liveSession(bearer, now);
        if (session) {
          request.auth = { user: session.user, membership: session.membership, token: bearer, via: 'bearer' };
          return;
        }
      }
      const cookie = request.cookies[SESSION_COOKIE];
      if (cookie) {
        const session = await liveSession(cookie, now);
        if (session)
          request.auth = { user: session.user, membership: session.membership, token: cookie, via: 'cookie' };
      }
    });
  },
  { name: 'request-auth', dependencies: ['@fastify/cookie'] },
);
