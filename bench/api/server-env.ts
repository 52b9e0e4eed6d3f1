import { randomBytes } from 'node:crypto';
import { envSchema } from '../../src/config/env-schema';
import { SERVER_ENVIRONMENT } from '../../src/platform/server-runtime';
import type { DatabaseKind } from './options';

export interface BenchTarget {
  kind: DatabaseKind;
  /** PostgreSQL: the scratch database; embedded: null (PGlite in dataDir). */
  databaseUrl: string | null;
  dataDir: string;
}

export interface Secrets {
  sessionSecret: string;
  tokenEncryptionKey: string;
}

export function generateSecrets(): Secrets {
  return {
    sessionSecret: randomBytes(32).toString('hex'),
    tokenEncryptionKey: randomBytes(32).toString('base64'),
  };
}

/**
 * The configuration the bench's servers run with: simulator mode as `npm start` runs it (no
 * Google or Stripe keys), workers on unless `workers` is false, request logging off (LOG_LEVEL=warn unless set), the
 * product's default overload limits. The seeding process uses the same, so tokens it encrypts
 * decrypt in the server.
 */
export function serverEnv(
  target: BenchTarget,
  secrets: Secrets,
  ports: { port: number; simulatorPort: number },
  workers = true,
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(ports.port),
    SIMULATOR_PORT: String(ports.simulatorPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${ports.port}`,
    DATA_DIR: target.dataDir,
    SESSION_SECRET: secrets.sessionSecret,
    TOKEN_ENCRYPTION_KEY: secrets.tokenEncryptionKey,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    WORKERS: String(workers),
    // The demo arrivals come through loopback as from visitors' own addresses (X-Forwarded-For), so
    // the per-address sign-in limits apply as to real visitors; the load itself sends none.
    TRUST_PROXY: '127.0.0.1',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  };
}

/**
 * This process's environment without any Titlewise setting, plus the environment the product runs
 * its server in (SERVER_ENVIRONMENT) and `settings`: what a child server sees.
 */
export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete env[key];
  return { ...env, ...SERVER_ENVIRONMENT, ...settings };
}
