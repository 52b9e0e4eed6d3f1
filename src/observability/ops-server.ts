import Fastify from 'fastify';
import { Registry } from 'prom-client';
import type { Db } from '../db/database';
import { registerHealthRoutes } from './health-routes';
import { processMetrics, type Metrics } from '../platform/metrics';
import type { Lifecycle } from './readiness';

/** Where Prometheus scrapes a node: on the operations port only, never on the public one. */
export const METRICS_PATH = '/metrics';

export interface OpsServer {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port(): number;
  close(): Promise<void>;
}

/**
 * The operations listener (OPS_PORT, on OPS_HOST): /metrics, /healthz and /readyz for web nodes
 * and workers alike. A port of its own keeps the metrics off the public site: bind it to a private
 * address or loopback and let the scraper and the orchestrator reach it there.
 */
export async function startOpsServer(options: {
  host: string;
  port: number;
  db: Db;
  metrics: Metrics;
  lifecycle: Lifecycle;
}): Promise<OpsServer> {
  // The app's instruments and gauges, and the process's runtime figures.
  const registry = Registry.merge([options.metrics.registry, processMetrics()]);
  const fastify = Fastify({ logger: false });
  registerHealthRoutes(fastify, options.db, options.lifecycle);
  fastify.get(METRICS_PATH, async (_request, reply) =>
    reply.type(registry.contentType).send(await registry.metrics()),
  );
  await fastify.listen({ host: options.host, port: options.port });
  return {
    port() {
      const address = fastify.server.address();
      return typeof address === 'object' && address ? address.port : options.port;
    },
    async close() {
      await fastify.close();
    },
  };
}
