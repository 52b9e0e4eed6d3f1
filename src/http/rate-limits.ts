import type { AppContext } from '../app-context';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import {
  CHECKOUT_PER_WINDOW,
  CREATE_TEST_PER_WINDOW,
  RATE_LIMIT_WINDOW_MS,
  RECENT_VIDEOS_PER_WINDOW,
} from '../shared/usage-limits';
import { assertUserReadsLeft, chargedToUser } from '../youtube/user-reads';
import { countHit } from './rate-limit-store';

/**
 * An operation with a rate limit, defined once for both transports: its REST routes and its tRPC
 * procedures count against one counter, and every call inside a tRPC batch counts.
 */
export interface LimitedOperation {
  /** Names the counter. */
  name: string;
  /** REST routes, as "METHOD /path" exactly as registered. */
  rest: string[];
  /** tRPC procedure paths. */
  trpc: string[];
  /** Whose calls are counted together: the client's address, or the signed-in user's. */
  per: 'address' | 'user';
  /** Calls allowed per RATE_LIMIT_WINDOW_MS. */
  max: (config: Config) => number;
  /** Reads YouTube on the user's behalf: charged to their share of the daily quota (src/youtube/user-reads.ts). */
  readsYouTube?: boolean;
}

export const limitedOperations: readonly LimitedOperation[] = [
  {
    name: 'demo-sign-in',
    rest: ['POST /api/auth/demo-login'],
    trpc: ['auth.demoLogin'],
    per: 'address',
    max: (config) => config.signInRateLimit,
  },
  {
    name: 'google-code-sign-in',
    rest: ['POST /api/auth/google'],
    trpc: [],
    per: 'address',
    max: (config) => config.signInRateLimit,
  },
  {
    name: 'checkout',
    rest: ['POST /api/create-subscription'],
    trpc: ['billing.createSubscription'],
    per: 'address',
    max: () => CHECKOUT_PER_WINDOW,
  },
  {
    name: 'recent-videos',
    rest: ['GET /api/videos/recent'],
    trpc: ['videos.recent'],
    per: 'user',
    max: () => RECENT_VIDEOS_PER_WINDOW,
    readsYouTube: true,
  },
  {
    name: 'create-test',
    rest: ['POST /api/tests'],
    trpc: ['tests.create'],
    per: 'user',
    max: () => CREATE_TEST_PER_WINDOW,
    readsYouTube: true,
  },
];

const byRoute = new Map(
  limitedOperations.flatMap((operation) => operation.rest.map((route) => [route, operation])),
);
const byProcedure = new Map(
  limitedOperations.flatMap((operation) => operation.trpc.map((path) => [path, operation])),
);

export const operationForRoute = (method: string, url: string) => byRoute.get(`${method} ${url}`) ?? null;
export const operationForProcedure = (path: string) => byProcedure.get(path) ?? null;

/**
 * Counts one call of `operation` and runs `work` if it is within the limit; else 429 with
 * Retry-After. A per-user operation called signed out is not counted (its auth check refuses it).
 * An operation that reads YouTube also needs the user's share of today's quota, and its calls
 * are charged to it.
 */
export async function withinLimit<T>(
  app: AppContext,
  operation: LimitedOperation | null,
  caller: { ip: string; userId: string | null },
  work: () => Promise<T>,
): Promise<T> {
  if (!operation) return work();
  const subject = operation.per === 'user' ? caller.userId : caller.ip;
  if (subject === null) return work();
  const { current, ttl } = await countHit(
    app.db,
    `${operation.name}:${operation.per}:${subject}`,
    RATE_LIMIT_WINDOW_MS,
    app.clock.now(),
  );
  if (current > operation.max(app.config)) {
    const seconds = Math.max(1, Math.ceil(ttl / 1000));
    throw new AppError('RATE_LIMITED', `Too many requests. Please wait ${seconds} s and try again.`, {
      retryAfterSeconds: seconds,
    });
  }
  if (!operation.readsYouTube || !caller.userId) return work();
  await assertUserReadsLeft(app, caller.userId);
  return chargedToUser(caller.userId, work);
}
