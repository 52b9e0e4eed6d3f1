import type { FastifyInstance } from 'fastify';

/** How often a closing server drops the keep-alive connections that have fallen idle. */
const IDLE_SWEEP_MS = 100;

/**
 * Closes a server by `deadline` (epoch ms): it stops listening at once and answers the requests
 * it is serving. A keep-alive connection is dropped as soon as its last answer is sent (Node
 * drops only those idle when closing begins, and a client's next request would hold the server
 * open), and at the deadline the connections still open are cut, so one slow request cannot hold
 * a stopping process.
 */
export async function closeWithin(fastify: FastifyInstance, deadline: number): Promise<void> {
  const sweep = setInterval(() => fastify.server.closeIdleConnections(), IDLE_SWEEP_MS);
  const cut = setTimeout(() => fastify.server.closeAllConnections(), Math.max(0, deadline - Date.now()));
  try {
    await fastify.close();
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
