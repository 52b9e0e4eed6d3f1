import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BuiltApp } from '../../src/app';
import { startWebProcess } from '../../src/web-process';
import { loadConfig } from '../../src/config';
import { freePort } from '../../test/helpers/free-port';

/**
 * The real server and the built-in YouTube simulator, each listening on its own loopback port,
 * on the given database, with the system clock. Workers are not started: the benchmark starts
 * the title-test worker itself once the tests are seeded, and leaves the metrics and maintenance
 * jobs out so only rotations are measured.
 */
export async function startBenchApp(
  databaseUrl: string,
  /** More environment for the config (e.g. another daily quota). */
  extraEnv: Record<string, string> = {},
): Promise<{ app: BuiltApp['app']; close(): Promise<void> }> {
  const [port, simulatorPort] = [await freePort(), await freePort()];
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    SIMULATOR_PORT: String(simulatorPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(tmpdir(), `titlewise-bench-${process.pid}`),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WORKERS: 'false',
    ...extraEnv,
  });
  const web = await startWebProcess({ config, workers: false });
  await web.listen();
  return { app: web.built.app, close: () => web.close() };
}
