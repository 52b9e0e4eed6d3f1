import { loadConfigOrExit } from './config/load-config-or-exit';
import { assertNodeVersion } from './node-version';
import { startWebProcess } from './web-process';
import { stopOnSignals } from './shutdown';

assertNodeVersion();

const config = loadConfigOrExit();

const web = await startWebProcess({ config });
const { fastify } = web.built;

// SIGTERM/SIGINT: stop within SHUTDOWN_DEADLINE_MS, in order (src/web-process.ts, close()).
stopOnSignals(fastify.log, (deadline) => web.close(deadline));

await web.listen();
const mode = [
  config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL',
  config.google.simulator ? 'YouTube simulator' : 'Google',
  config.stripe.simulated ? 'simulated checkout' : 'Stripe',
  config.workers ? 'workers on' : 'web only',
  ...(config.ops ? [`operations port ${config.ops.host}:${config.ops.port}`] : []),
].join(', ');
fastify.log.info(`Titlewise is running at ${config.publicUrl} (${mode})`);
