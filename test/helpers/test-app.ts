import { randomBytes } from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import type { BuiltApp } from '../../src/app';
import { createControllableClock, type ControllableClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/config';
import { startWebProcess } from '../../src/web-process';
import type { SimulatorServer } from '../../src/youtube-simulator/server';
import { createTestDatabase } from './test-database';
import { freePort } from './free-port';

export interface TestApp {
  built: BuiltApp;
  /** The YouTube simulator beside the app (its faults can be injected). */
  simulator: SimulatorServer | null;
  url: string;
  clock: ControllableClock;
  close(): Promise<void>;
}

/**
 * The real server on a real port with its own database, the YouTube simulator and a controllable
 * clock. Tests talk to it over HTTP like any client would.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { databaseLogger?: Logger; readCache?: false | { ttlMs: number } } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = createControllableClock();
  // A port found free can be taken before the server binds it (by another test file's server, or
  // as the local end of an outgoing connection): then start again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const simulatorPort = await freePort();
    const mailCatcherPort = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      MAIL_CATCHER_PORT: String(mailCatcherPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `/tmp/titlewise-test-${process.pid}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      WORKERS: 'false',
      ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
      ...env,
    });
    const web = await startWebProcess({
      config,
      clock,
      databaseLogger: options.databaseLogger,
      readCache: options.readCache,
    });
    try {
      await web.listen();
    } catch (error) {
      await web.close().catch(() => undefined);
      if ((error as { code?: string }).code === 'EADDRINUSE' && attempt < 5) continue;
      await database.drop();
      throw error;
    }
    return {
      built: web.built,
      simulator: web.simulator,
      url: config.publicUrl,
      clock,
      async close() {
        await web.close();
        await database.drop();
      },
    };
  }
}
