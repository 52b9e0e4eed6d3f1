import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { readinessOf, type Lifecycle } from './readiness';

/** Liveness and readiness paths: on the web port and on the operations port. */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';

/**
 * GET /healthz: 200 while the process answers. GET /readyz: 200 with every check true, else 503
 * with the checks, so an operator sees which one failed (docs/operations.md#health).
 */
export function registerHealthRoutes(fastify: FastifyInstance, db: Db, lifecycle: Lifecycle): void {
  fastify.get(HEALTH_PATH, async () => ({ status: 'ok' }));
  fastify.get(READY_PATH, async (_request, reply) => {
    const readiness = await readinessOf(db, lifecycle);
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });
}
