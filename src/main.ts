import { loadConfigOrExit } from './config/load-config-or-exit';
import { assertNodeVersion } from './node-version';
import { startWebProcess } from './web-process';
import { stopOnSignals } from './shutdown';
import { startTracing } from './observability/tracing';

assertNodeVersion();

const config = loadConfigOrExit();

// Before the app is built, so its first request and job are traced (OTEL_TRACES_EXPORTER; off by default).
const tracing = await startTracing(config.tracing, 'titlewise-web');
const web = await startWebProcess({ config });
const { fastify } = web.built;

// SIGTERM/SIGINT: stop within SHUTDOWN_DEADLINE_MS, in order (src/web-process.ts, close()).
stopOnSignals(fastify.log, async (deadline) => {
  await web.close(deadline);
  await tracing?.shutdown(deadline);
});

await web.listen();
const mode = [
  config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL',
  config.google.simulator ? 'YouTube simulator' : 'Google',
  config.stripe.simulated ? 'simulated checkout' : 'Stripe',
  config.workers ? 'workers on' : 'web only',
  ...(config.ops ? [`operations port ${config.ops.host}:${config.ops.port}`] : []),
].join(', ');
fastify.log.info(`Titlewise is running at ${config.publicUrl} (${mode})`);
