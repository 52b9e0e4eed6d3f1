import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ConcurrencyLimiter, OverloadedError, type ConcurrencyLimits } from '../platform/concurrency-limiter';

/** How many /api and /trpc requests this process handles at once, and how long one may wait. */
export type RequestLimits = ConcurrencyLimits;

/** Each request's release of its slot, while it holds one. */
const heldSlots = new WeakMap<FastifyRequest, () => void>();

/**
 * Gives the request's slot back before its response (src/api/long-work.ts): a long operation,
 * bounded by its own limit, lets short requests have the slot meanwhile. Harmless when the
 * request holds none (exempt, or released already).
 */
export function releaseRequestSlot(request: FastifyRequest): void {
  heldSlots.get(request)?.();
  heldSlots.delete(request);
}

export const OVERLOAD_MESSAGE = 'The server is busy. Please try again in a moment.';

export interface RequestLimitOptions {
  limits: RequestLimits;
  /** Paths (without query) that are never limited, e.g. the health check. */
  exempt?: string[];
  /** The body of a 503 for a tRPC request (tRPC's own error shape for that call or batch). */
  trpcBody(request: FastifyRequest, message: string): unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    requestLimiter: ConcurrencyLimiter;
  }
}

function sendOverloaded(
  reply: FastifyReply,
  request: FastifyRequest,
  options: RequestLimitOptions,
  retryAfterSeconds: number,
) {
  const body = request.url.startsWith('/trpc/')
    ? options.trpcBody(request, OVERLOAD_MESSAGE)
    : { error: OVERLOAD_MESSAGE };
  return reply.code(503).header('retry-after', String(retryAfterSeconds)).send(body);
}

/**
 * Bounds the work this process takes on: every /api and /trpc request holds a slot from the
 * first hook (before the session lookup) until its response is finished or the client goes away.
 * Requests beyond `maxConcurrent` wait in a bounded queue for at most `maxWaitMs`; past either
 * bound they get 503 with Retry-After instead of piling up behind the database.
 */
export const requestLimitPlugin = fp(
  async (fastify: FastifyInstance, options: RequestLimitOptions) => {
    const limiter = new ConcurrencyLimiter(options.limits);
    const exempt = new Set(options.exempt ?? []);
    const retryAfterSeconds = Math.max(1, Math.ceil(options.limits.maxWaitMs / 1000));
    fastify.decorate('requestLimiter', limiter);
    fastify.addHook('onRequest', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (!path.startsWith('/api/') && !path.startsWith('/trpc/')) return;
      if (exempt.has(path)) return;
      let release: () => void;
      try {
        release = await limiter.acquire();
      } catch (error) {
        if (!(error instanceof OverloadedError)) throw error;
        request.log.warn({ reason: error.reason }, 'Overloaded: request refused');
        return sendOverloaded(reply, request, options, retryAfterSeconds);
      }
      // 'close' fires once the response is sent or the connection is gone, whichever comes first.
      if (reply.raw.writableFinished || reply.raw.destroyed) release();
      else {
        reply.raw.once('close', release);
        heldSlots.set(request, release);
      }
    });
  },
  { name: 'request-limit' },
);
