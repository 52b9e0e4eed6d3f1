import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../errors/app-error';
import type { Clock } from '../platform/clock';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { createFaultInjector, type FaultInjector } from './faults';
import { youtubeSimulator, type SimulatorOptions } from './plugin';

export interface SimulatorServer {
  fastify: FastifyInstance;
  faults: FaultInjector;
  /** Listens on config.google.simulatorPort: its own origin, as Google is another origin. */
  listen(): Promise<void>;
  close(): Promise<void>;
}

const SIMULATOR_FAILED_MESSAGE = 'The YouTube simulator could not answer. Please try again.';

/**
 * The built-in YouTube simulator as a server of its own. The process that serves the product's
 * web pages assembles it (src/web-process.ts); the product reaches it only over HTTP, through the
 * same Google client libraries and URLs it would use with Google.
 */
export async function createSimulatorServer(options: {
  config: Config;
  db: Db;
  clock: Clock;
  fastForward?: SimulatorOptions['fastForward'];
}): Promise<SimulatorServer> {
  const { config } = options;
  if (config.google.simulatorPort === null)
    throw new Error('The simulator needs config.google.simulatorPort.');
  const port = config.google.simulatorPort;
  const faults = createFaultInjector();
  const fastify = Fastify({ logger: false });
  // A failure inside the simulator (its database gone while the process stops, a bug) answers a
  // plain 500: never the error's own text, which may carry SQL and its parameters.
  fastify.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof AppError) return reply.code(error.status).send({ error: error.message });
    if (error instanceof ZodError || (error.statusCode ?? 500) < 500) return reply.send(error);
    return reply.code(500).send({ error: SIMULATOR_FAILED_MESSAGE });
  });
  await fastify.register(youtubeSimulator, {
    prefix: '',
    db: options.db,
    clock: options.clock,
    clientId: config.google.clientId,
    clientSecret: config.google.clientSecret,
    faults,
    ...(options.fastForward ? { fastForward: options.fastForward } : {}),
  });
  return {
    fastify,
    faults,
    listen: async () => {
      await fastify.listen({ port, host: config.host });
    },
    close: () => fastify.close(),
  };
}
