import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export interface RequestLimits {
  /** Requests under /api and /trpc handled at once by this process. */
  maxConcurrent: number;
  /** Requests allowed to wait for a slot; one more is answered 503 at once. */
  maxQueued: number;
  /** Longest a request waits for a slot before it is answered 503. */
  maxWaitMs: number;
}

/** Thrown (as a rejection) when a request finds the queue full or waits longer than maxWaitMs. */
export class OverloadedError extends Error {
  constructor(readonly reason: 'queue-full' | 'wait-timeout') {
    super(reason === 'queue-full' ? 'Request queue is full' : 'Waited too long for a request slot');
    this.name = 'OverloadedError';
  }
}

interface Waiter {
  grant(release: () => void): void;
  timer: NodeJS.Timeout;
}

/**
 * A counting semaphore with a bounded FIFO queue and a maximum wait. `acquire()` resolves with a
 * release function (call it exactly once; later calls are ignored) or rejects with OverloadedError.
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: RequestLimits) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  acquire(): Promise<() => void> {
    if (this.running < this.limits.maxConcurrent) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      return Promise.reject(new OverloadedError('queue-full'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index !== -1) this.waiting.splice(index, 1);
          reject(new OverloadedError('wait-timeout'));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        // The slot passes straight to the longest waiter: `running` stays the same.
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.running -= 1;
      }
    };
  }
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
      else reply.raw.once('close', release);
    });
  },
  { name: 'request-limit' },
);
