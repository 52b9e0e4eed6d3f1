import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../platform/metrics';

/**
 * Counts every answered request and its duration by route template (`/api/tests/:id`, never the
 * id itself), method and status; a request that matched no route counts as `unmatched`.
 */
export function measureRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    metrics.httpRequests.inc({ method, route, status_code: String(reply.statusCode) });
    metrics.httpRequestDuration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
