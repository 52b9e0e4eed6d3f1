import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers of /api and /trpc (a user's tests, channel and account, a new session's token) are kept
 * by no cache, in the browser or between: `Cache-Control: no-store`, unless the route chose its
 * own (the polled reads' `private, no-cache`, which their ETag revalidation needs). Every tRPC
 * answer is labelled JSON.
 */
export const noStorePlugin = fp(
  async (fastify: FastifyInstance) => {
    fastify.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/') && !request.url.startsWith('/trpc/')) return payload;
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      // tRPC answers JSON (a fetch Response, whose headers Fastify copies after this hook), but
      // its refusals made before any procedure runs (an unsupported content type) come out
      // labelled text/plain: name them for what they are.
      if (
        payload instanceof Response &&
        request.url.startsWith('/trpc/') &&
        payload.headers.get('content-type')?.startsWith('text/plain')
      ) {
        payload.headers.set('content-type', 'application/json');
      }
      return payload;
    });
  },
  { name: 'no-store' },
);
