import { ConfigError, loadConfig } from './config';
import { assertNodeVersion } from './node-version';
import { startWebProcess } from './web-process';

assertNodeVersion();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const web = await startWebProcess({ config });
const { fastify } = web.built;

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  fastify.log.info(`${signal} received: finishing in-flight work and stopping`);
  try {
    await web.close();
    process.exit(0);
  } catch (error) {
    fastify.log.error({ err: error }, 'Shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await web.listen();
const mode = [
  config.database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL',
  config.google.simulator ? 'YouTube simulator' : 'Google',
  config.stripe.simulated ? 'simulated checkout' : 'Stripe',
  config.workers ? 'workers on' : 'web only',
].join(', ');
fastify.log.info(`Titlewise is running at ${config.publicUrl} (${mode})`);
