import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { createControllableClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Issue 13, item 4: behind https the server trusted every X-Forwarded-* header, so a client chose
// its own rate-limit key (X-Forwarded-For) and its own origin (X-Forwarded-Host). Trust is now
// explicit (TRUST_PROXY) and off by default.

const PUBLIC_URL = 'https://titlewise.example';
const LIMIT = 3;

async function build(database: TestDatabase, env: Record<string, string> = {}): Promise<BuiltApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'titlewise-proxy-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    WORKERS: 'false',
    SIGN_IN_RATE_LIMIT: String(LIMIT),
    ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
    ...env,
  });
  return buildApp({ config, clock: createControllableClock() });
}

/** Starts Google sign-in (rate limited per client address) as a client naming its own address. */
const startSignIn = (built: BuiltApp, forwardedFor: string, remoteAddress = '127.0.0.1') =>
  built.fastify.inject({
    method: 'GET',
    url: '/api/auth/google',
    remoteAddress,
    headers: { 'x-forwarded-for': forwardedFor },
  });

/** A write from a foreign page that claims, through X-Forwarded-Host, to be on that page's host. */
const forwardedHostWrite = (built: BuiltApp, site: string, remoteAddress = '127.0.0.1') =>
  built.fastify.inject({
    method: 'POST',
    url: '/api/auth/logout',
    remoteAddress,
    headers: {
      origin: `https://${site}`,
      'x-forwarded-host': site,
      'x-forwarded-proto': 'https',
      'content-type': 'application/json',
    },
    payload: '{}',
  });

describe('without TRUST_PROXY (the default), behind an https PUBLIC_URL', () => {
  let database: TestDatabase;
  let built: BuiltApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    built = await build(database);
  });
  afterAll(async () => {
    await built?.close();
    await database?.drop();
  });

  it('keys the sign-in rate limit on the connection, whatever X-Forwarded-For says', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 2; attempt += 1) {
      statuses.push((await startSignIn(built, `203.0.113.${attempt + 1}`)).statusCode);
    }
    expect(statuses).toEqual([302, 302, 302, 429, 429]);
  });

  it('refuses a foreign Origin even when X-Forwarded-Host names the same site', async () => {
    const response = await forwardedHostWrite(built, 'evil.example');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'Cross-site request refused. Use Titlewise from its own pages.',
    });
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let database: TestDatabase;
  let built: BuiltApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    built = await build(database, { TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await built?.close();
    await database?.drop();
  });

  it('keys the rate limit on the client the proxy names, and only for that proxy', async () => {
    const proxy = '10.1.2.3';
    // Each client behind the proxy has its own counter.
    for (let client = 1; client <= LIMIT + 2; client += 1) {
      expect((await startSignIn(built, `198.51.100.${client}`, proxy)).statusCode).toBe(302);
    }
    // One client reaches the limit however it is spelled through the proxy.
    const repeated: number[] = [];
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      repeated.push((await startSignIn(built, `192.0.2.${attempt}, 198.51.100.1`, proxy)).statusCode);
    }
    expect(repeated).toEqual([302, 302, 429]);
    // A peer that is not the proxy is its own client, whatever it forwards.
    const direct: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 1; attempt += 1) {
      direct.push((await startSignIn(built, `203.0.113.${attempt + 1}`, '192.0.2.50')).statusCode);
    }
    expect(direct).toEqual([302, 302, 302, 429]);
  });

  it('believes X-Forwarded-Host from the proxy only', async () => {
    // The proxy serves the app under another name: its pages' Origin is that name.
    expect((await forwardedHostWrite(built, 'app.titlewise.example', '10.9.9.9')).statusCode).toBe(200);
    expect((await forwardedHostWrite(built, 'evil.example', '192.0.2.60')).statusCode).toBe(403);
  });
});
