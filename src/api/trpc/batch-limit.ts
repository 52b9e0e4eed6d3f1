import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/usage-limits';
import { trpcCalls, trpcRefusalBody } from './overload';

/**
 * Refuses a tRPC batch of more than TRPC_MAX_BATCH_SIZE calls with 400 before anything runs
 * (no session lookup, no rate-limit counter, no procedure): one batch must not do the work, or
 * spend the quota, of many requests. The web app's batch link splits at the same size.
 */
export const trpcBatchLimitPlugin = fp(
  async (fastify: FastifyInstance) => {
    fastify.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/trpc/')) return;
      const { paths, batch } = trpcCalls(request);
      if (!batch || paths.length <= TRPC_MAX_BATCH_SIZE) return;
      const message = `A batch may carry at most ${TRPC_MAX_BATCH_SIZE} calls; this one has ${paths.length}. Send them in smaller batches.`;
      return reply.code(400).send(trpcRefusalBody(request, 'BAD_REQUEST', message));
    });
  },
  { name: 'trpc-batch-limit' },
);
