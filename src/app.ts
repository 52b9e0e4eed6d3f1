import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Logger } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { createBoss } from '../jobs/boss';
import { createQueues, startWorkers } from '../jobs';
import { registerBillingRoutes, STRIPE_WEBHOOK_PATH } from './billing';
import { registerSimulatedStripePages } from './billing/simulated';
import { listOperations } from './api/operations';
import { registerRestOperations } from './api/rest-transport';
import { credentialInQuery } from './api/credential-in-query';
import type { ServiceContext } from './context/service-context';
import { assembleAppContext, type AppContext } from './app-context';
import type { EngineHooks } from './title-tests';
import { registerUnsubscribeRoutes, UNSUBSCRIBE_PATH } from './notifications';
import { registerGoogleOAuth } from './auth';
import { createControllableClock, isControllableClock, systemClock, type Clock } from './platform/clock';
import type { Config } from './config';
import { createTokenCipher } from './crypto/token-cipher';
import { openDatabase } from './db/database';
import { installErrorHandler } from './http/error-handler';
import { closeWithin } from './http/close-within';
import { SHUTDOWN_DEADLINE_MS } from './shutdown';
import { installJsonBodyParser } from './http/json-body';
import { OpenApiRegistry } from './api/openapi';
import { createReadCache, uncachedReads } from './db/read-cache';
import { openNoticeListener } from './db/notices';
import { createReadChanges, listenForReadChanges, writeWatchingLogger } from './db/read-changes';
import { requestAuthPlugin } from './api/request-auth';
import { routeLimitPlugin } from './api/within-limit';
import { requestLimitPlugin } from './api/request-limit';
import { noStorePlugin } from './http/no-store';
import { requestLogOptions, type LogDestination } from './http/request-log';
import { sameOriginPlugin } from './http/same-origin';
import { shareClockThroughDatabase } from './db/shared-clock';
import { securityHeadersPlugin } from './http/security-headers';
import { fastifyTrustProxy } from './http/trust-proxy';
import { projectRoot } from './platform/project-root';
import { appRouter, type AppRouter } from './api/trpc/app-router';
import { contextFactory } from './api/trpc/init';
import { trpcBatchLimitPlugin } from './api/trpc/batch-limit';
import { limitTrpcBodies } from './api/trpc/body-limit';
import { trpcOverloadBody } from './api/trpc/overload';
import { createMetrics } from './platform/metrics';
import { measureRequests } from './observability/http-metrics';
import { HEALTH_PATH, READY_PATH, registerHealthRoutes } from './observability/health-routes';
import { startOpsServer, type OpsServer } from './observability/ops-server';
import { registerStateGauges } from './observability/state-gauges';
import type { Lifecycle } from './observability/readiness';
import { tracingActive } from './observability/tracing';
import { statementEvents, traceRequests } from './observability/http-tracing';

export interface BuiltApp {
  fastify: FastifyInstance;
  app: AppContext;
  boss: PgBoss;
  /** What /readyz reads: whether the job queue started and whether a stop has begun. */
  lifecycle: Lifecycle;
  /** Listens on config.port. */
  listen(): Promise<void>;
  /**
   * Starts the operations listener (/metrics, /healthz, /readyz) when config.ops asks for one;
   * returns its port, or null without one.
   */
  listenOps(): Promise<number | null>;
  /**
   * Starts the pg-boss workers and schedules when this process runs them (options.workers); the
   * web process does so once it and its simulator listen, as jobs may call both.
   */
  startWorkers(): Promise<void>;
  /**
   * Stops, in order: readiness (/readyz answers 503 at once), HTTP (no new requests; those in flight answered, or cut at the deadline),
   * the job workers (their jobs given until the deadline), `beforeDatabase` (what else still
   * uses the database: the simulator, the mail catcher), the operations listener, and the
   * database last.
   */
  close(options?: { deadline?: number; beforeDatabase?: () => Promise<void> }): Promise<void>;
}

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** Start pg-boss workers in this process (default: config.workers). */
  workers?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** Sees every statement the app's drizzle client sends (tests count them). */
  databaseLogger?: Logger;
  /**
   * Reuse recent answers of the polled reads (on by default). Tests that count statements turn
   * it off; tests of its invalidation lengthen its life so only change notices can end an entry.
   */
  readCache?: false | { ttlMs: number };
  /** Test-only seams in the engine (crash tests); unset in every deployment. */
  hooks?: EngineHooks;
}

const webRoot = join(projectRoot, 'dist/web');

/**
 * Builds the whole server without listening: database (migrated), job queue, HTTP plugins,
 * REST and tRPC. The YouTube simulator is not part of it: src/web-process.ts assembles it
 * beside the web process. Tests call this (through startWebProcess) with their own config.
 */
export async function buildApp(options: BuildOptions): Promise<BuiltApp> {
  const { config } = options;
  // With the simulator standing in for Google, time can be moved forward (its control API), so a
  // week of rotations can be watched in minutes; with real Google the product runs on real time.
  const clock = options.clock ?? (config.google.simulator ? createControllableClock() : systemClock);
  // Cached reads (src/db/read-cache.ts) hold while nothing changed: this process's writes and the
  // database's change notices move the counter they are checked against.
  const readChanges = createReadChanges();
  const database = await openDatabase(config.database, {
    logger: writeWatchingLogger(
      readChanges,
      tracingActive() ? statementEvents(options.databaseLogger) : options.databaseLogger,
    ),
  });
  await database.migrate();
  // One connection carries the notices this process follows (cached reads, the simulated clock).
  const notices = openNoticeListener(database);
  await listenForReadChanges(notices, readChanges);
  // With the simulator, the moved clock is the deployment's: kept in the database, followed by
  // every web node and worker (src/simulated-clock.ts).
  const stopSharingClock =
    config.google.simulator && isControllableClock(clock)
      ? await shareClockThroughDatabase(database, notices, clock, (error) =>
          fastify.log.error({ err: error }, 'Could not store or read the simulated clock'),
        )
      : async () => {};
  const workers = options.workers ?? config.workers;
  const boss = createBoss(database, { schedule: workers });
  boss.on('error', (error: Error) => fastify.log.error({ err: error }, 'pg-boss error'));
  await boss.start();
  const lifecycle: Lifecycle = { jobQueueStarted: true, stopping: false };
  const metrics = createMetrics();

  // Filled as the routes are registered; the request log reads from it which routes need no session.
  const registry = new OpenApiRegistry();
  const fastify = Fastify({
    // Request lines with auth query strings (tokens, OAuth code and state) and the whole query of
    // a route that needs no session redacted.
    ...requestLogOptions(config, {
      logger: options.logger,
      destination: options.logDestination,
      credentialInQuery: credentialInQuery(registry),
    }),
    // X-Forwarded-For/-Host/-Proto count only from the proxies TRUST_PROXY names (off by default):
    // request.ip keys the rate limits and request.host the same-origin guard.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // tRPC batches name every procedure in one path segment ("tests.analytics,tests.analytics,…");
    // at Fastify's default of 100 characters a dashboard with a few tests got 404 for its batch.
    routerOptions: { maxParamLength: 5000 },
  });
  const deps: ServiceContext = {
    config,
    database,
    db: database.db,
    boss,
    cipher: createTokenCipher(config.tokenEncryptionKey),
    metrics,
    clock,
    log: fastify.log,
    readCache:
      options.readCache === false ? uncachedReads : createReadCache(readChanges, options.readCache?.ttlMs),
  };
  const app = assembleAppContext(deps, options);

  registerStateGauges(metrics, app);
  installErrorHandler(fastify);
  measureRequests(fastify, metrics);
  if (tracingActive()) traceRequests(fastify);
  installJsonBodyParser(fastify);
  // First hook of every /api and /trpc request, before the session lookup and the rate-limit
  // counter touch the database: overload is refused here, cheaply.
  await fastify.register(requestLimitPlugin, {
    limits: config.requestLimits,
    exempt: ['/api/health', HEALTH_PATH, READY_PATH],
    trpcBody: trpcOverloadBody,
  });
  await fastify.register(trpcBatchLimitPlugin);
  await fastify.register(cookie, { secret: config.sessionSecret });
  await fastify.register(securityHeadersPlugin, {
    options: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'https://i.ytimg.com',
            'https://yt3.ggpht.com',
            ...(config.google.simulator ? [new URL(config.google.endpoints.youtubeRootUrl).origin] : []),
          ],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      hsts: config.secureCookies,
    },
  });
  await fastify.register(sameOriginPlugin, {
    config,
    exemptPrefixes: [STRIPE_WEBHOOK_PATH, UNSUBSCRIBE_PATH],
  });
  await fastify.register(noStorePlugin);
  await fastify.register(requestAuthPlugin, { app });
  // The plain routes' rate limits, on the operations' limiter (src/api/within-limit.ts).
  await fastify.register(routeLimitPlugin, { app });

  // The API's operations (src/api/operations.ts), then the paths a browser or Stripe navigates to.
  registerRestOperations(fastify, app, registry, listOperations());
  await registerGoogleOAuth(fastify, app, registry);
  await registerUnsubscribeRoutes(fastify, app, registry);
  await registerBillingRoutes(fastify, app, registry);
  if (config.stripe.simulated) await registerSimulatedStripePages(fastify, app, registry);
  fastify.get('/api/openapi.json', async () => registry.document(config.publicUrl));
  fastify.get('/api/health', async () => ({ ok: true }));
  registerHealthRoutes(fastify, database.db, lifecycle);

  // The upload's calls may send a file; every other call keeps the server's body limit.
  limitTrpcBodies(fastify);
  await fastify.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: { router: appRouter, createContext: contextFactory(app) },
  } satisfies FastifyTRPCPluginOptions<AppRouter>);

  if (existsSync(webRoot)) {
    await fastify.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
    fastify.get('/*', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (path.startsWith('/api/') || path.startsWith('/trpc/')) {
        return reply.code(404).send({ error: `No route ${request.method} ${path}` });
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    });
  }

  await createQueues(boss);
  let workersStarted = false;
  let ops: OpsServer | null = null;

  return {
    fastify,
    app,
    boss,
    lifecycle,
    async startWorkers() {
      if (workers && !workersStarted) {
        workersStarted = true;
        await startWorkers(boss, app);
      }
    },
    async listen() {
      await fastify.listen({ port: config.port, host: config.host });
    },
    async listenOps() {
      if (!config.ops || ops) return ops?.port() ?? null;
      ops = await startOpsServer({ ...config.ops, db: database.db, metrics, lifecycle });
      return ops.port();
    },
    async close({ deadline = Date.now() + SHUTDOWN_DEADLINE_MS, beforeDatabase } = {}) {
      // Not ready first: the orchestrator stops sending work while what is in flight finishes. With
      // a drain, the port keeps serving (its /readyz answering 503) until the proxy has seen it.
      lifecycle.stopping = true;
      const drainMs = Math.min(config.shutdownDrainMs, deadline - Date.now() - SHUTDOWN_DEADLINE_MS / 2);
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await closeWithin(fastify, deadline);
      await boss.stop({ graceful: true, timeout: Math.max(1_000, deadline - Date.now()) });
      lifecycle.jobQueueStarted = false;
      await beforeDatabase?.();
      await ops?.close();
      await stopSharingClock();
      readChanges.setListening(false);
      await notices.close();
      await database.close();
    },
  };
}
