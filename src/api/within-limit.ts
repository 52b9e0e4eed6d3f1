import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServiceContext } from '../context/service-context';
import { systemClock } from '../platform/clock';
import { AppError } from '../errors/app-error';
import { countHit } from './rate-limit-store';
import type { RateLimit } from './declare/rate-limits';
import { RATE_LIMIT_WINDOW_MS } from '../shared/usage-limits';
import { assertUserReadsLeft, chargedToUser } from '../youtube/gateway/user-reads';

/**
 * Counts one call against `limit` for `subject` (an address or a user id) and refuses it past the
 * limit: 429 with Retry-After, the seconds until the window ends. The one limiter of the operations
 * and the plain routes alike.
 */
async function countCall(ctx: ServiceContext, limit: RateLimit, subject: string): Promise<void> {
  const { current, ttl } = await countHit(
    ctx.db,
    `${limit.name}:${limit.per}:${subject}`,
    RATE_LIMIT_WINDOW_MS,
    // Real time, not the product's clock: moving the simulated clock must not end a window.
    systemClock.now(),
  );
  if (current > limit.max(ctx.config)) {
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    throw new AppError('RATE_LIMITED', `Too many requests. Please wait ${seconds} s and try again.`, {
      retryAfterSeconds: seconds,
    });
  }
}

/**
 * Counts one call against `limit` for its subject (the caller's account or address); 429 past
 * it. False when there is no subject to count (a per-user limit called signed out). An upload's
 * route counts it before reading the body (src/api/rest-transport.ts), so a flood of refused
 * uploads costs no body reads.
 */
export async function countOperationCall(
  ctx: ServiceContext,
  limit: RateLimit,
  caller: { ip: string; userId: string | null },
): Promise<boolean> {
  const subject = limit.per === 'user' ? caller.userId : caller.ip;
  if (subject === null) return false;
  await countCall(ctx, limit, subject);
  return true;
}

/**
 * Counts one call against `limit` and runs `work` if it is within it; else 429 with
 * Retry-After. A per-user operation called signed out is not counted (its auth check refuses it).
 * An operation that reads YouTube also needs the user's share of today's quota, and its calls
 * are charged to it; a demo account's are not (its copy runs on a simulated quota of its own,
 * docs/decisions/0022), so demo visitors never spend the reads real users share.
 */
export async function withinLimit<T>(
  ctx: ServiceContext,
  limit: RateLimit | undefined,
  caller: { ip: string; userId: string | null; isDemo?: boolean },
  work: () => Promise<T>,
): Promise<T> {
  if (!limit) return work();
  if (!(await countOperationCall(ctx, limit, caller))) return work();
  if (!limit.readsYouTube || !caller.userId || caller.isDemo) return work();
  await assertUserReadsLeft(ctx, caller.userId);
  return chargedToUser(caller.userId, work);
}

/**
 * The same limiter for the plain routes (the OAuth redirects, Stripe's return page): a route that
 * names a limit in its config (`{ config: { limit: rateLimits.googleCallback } }`) counts each
 * request on it after the session lookup, before its handler. A plain route's limit cannot read
 * YouTube: charging the user's share wraps the handler, which only an operation does.
 */
export const routeLimitPlugin = fp(
  async (fastify: FastifyInstance, { app }: { app: ServiceContext }) => {
    fastify.addHook('onRoute', (route) => {
      if (route.config?.limit?.readsYouTube) {
        throw new Error(
          `${route.url}: a plain route's rate limit cannot read YouTube; declare an operation.`,
        );
      }
    });
    fastify.addHook('onRequest', async (request) => {
      const limit = request.routeOptions.config.limit;
      if (!limit) return;
      const subject = limit.per === 'user' ? (request.auth?.user.id ?? null) : request.ip;
      if (subject !== null) await countCall(app, limit, subject);
    });
  },
  { name: 'route-limit', dependencies: ['request-auth'] },
);
