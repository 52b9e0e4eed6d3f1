import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { listOperations } from '../../src/api/operations';
import { createControllableClock } from '../../src/platform/clock';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Issue 13, item 1: request logs (info level, as a deployment writes them) keep no sign-in secret.
let database: TestDatabase;
let built: BuiltApp;
const lines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    // Request logging is off under NODE_ENV=test; this server logs as a deployment does.
    NODE_ENV: 'development',
    PORT: '3999',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'titlewise-log-')),
    SESSION_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'info',
    WORKERS: 'false',
    ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
  });
  built = await buildApp({
    config,
    clock: createControllableClock(),
    logDestination: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => {
  await built.close();
  await database.drop();
});

const get = (url: string) => built.fastify.inject({ method: 'GET', url });
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((entry) => (entry.req ? [entry.req.url] : []));

describe('request logs', () => {
  it('keep no session token, OAuth code or state from the sign-in paths, and still log each request', async () => {
    const token = randomBytes(32).toString('base64url');
    const code = `4/0A${randomBytes(24).toString('base64url')}`;
    const state = randomBytes(16).toString('base64url');
    // The SPA's callback page with a session token in its query (as Google sign-in sent it, or as a
    // link crafted by someone else would), Google's callback with its code and state, and a tRPC
    // auth query.
    await get(`/auth/callback?token=${token}`);
    await get(`/api/auth/google/callback?state=${state}&code=${encodeURIComponent(code)}&scope=openid`);
    await get(`/api/auth/google/callback?error=access_denied&state=${state}`);
    await get(`/trpc/auth.me?input=${encodeURIComponent(JSON.stringify({ token }))}`);
    await get(
      `/trpc/tests.list,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { token } }))}`,
    );

    const all = lines.join('\n');
    for (const secret of [token, code, encodeURIComponent(code), state]) expect(all).not.toContain(secret);
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/auth/callback?token=[redacted]',
        '/api/auth/google/callback?state=[redacted]&code=[redacted]&scope=[redacted]',
        '/api/auth/google/callback?error=[redacted]&state=[redacted]',
        '/trpc/auth.me?input=[redacted]',
        '/trpc/tests.list,auth.me?batch=[redacted]&input=[redacted]',
      ]),
    );
  });

  it('redact secret-named parameters on any path and keep the rest of the URL', async () => {
    await get('/api/health?token=abc123secret&view=full');
    await get('/api/nothing-here?code=xyz789secret');
    await get('/Auth/Callback/?Token=mixedCaseSecret');
    await get('//%61uth/callback?t=encodedPathSecret');
    await get('/auth/callback?bareWordSecret&ok=1');
    await get('/api/health?x&eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.longTokenSecretPart');
    expect(loggedUrls()).toEqual(
      expect.arrayContaining([
        '/api/health?token=[redacted]&view=full',
        '/api/nothing-here?code=[redacted]',
        '/Auth/Callback/?Token=[redacted]',
        '//%61uth/callback?t=[redacted]',
        '/auth/callback?[redacted]&ok=[redacted]',
        '/api/health?x&[redacted]',
      ]),
    );
    expect(lines.join('\n')).not.toMatch(
      /abc123secret|xyz789secret|mixedCaseSecret|encodedPathSecret|bareWordSecret|longTokenSecretPart/,
    );
  });

  it('redact the whole query of every route that needs no session, found from the routes', async () => {
    // A route anyone may call is authorised by what its URL carries (a report or invitation
    // token, an unsubscribe link's signature, a checkout id): every parameter the OpenAPI document
    // gives a public route, and the input of every public tRPC query, is sent with a marker.
    const document = (await get('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { security: unknown[]; parameters: { name: string; in: string }[] }>
      >;
    }>();
    const markers: string[] = [];
    const marker = (where: string) => {
      const value = `secret${markers.length}x${randomBytes(6).toString('hex')}`;
      markers.push(value);
      return `${value}-${where}`.replace(/[^A-Za-z0-9-]/g, '');
    };
    let publicRoutes = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const query = operation.parameters.filter((parameter) => parameter.in === 'query');
        if (operation.security.length > 0 || query.length === 0) continue;
        publicRoutes += 1;
        const url = path.replace(/\{[^}]+\}/g, 'x');
        const search = query.map(({ name }) => `${name}=${marker(name)}`).join('&');
        await built.fastify.inject({ method: method.toUpperCase() as 'GET', url: `${url}?${search}` });
      }
    }
    const publicQueries = listOperations().filter(
      ({ operation }) => operation.access === 'public' && operation.trpc && operation.kind === 'query',
    );
    for (const { procedure } of publicQueries) {
      const input = encodeURIComponent(JSON.stringify({ json: { token: marker('trpc') } }));
      await get(`/trpc/${procedure}?input=${input}`);
      await get(`/trpc/tests.list,${procedure}?batch=1&input=${input}`);
    }
    // The unsubscribe link, the report and invitation links and the checkout return at least.
    expect(publicRoutes).toBeGreaterThanOrEqual(4);
    expect(publicQueries.length).toBeGreaterThanOrEqual(1);
    const all = lines.join('\n');
    for (const value of markers) expect(all).not.toContain(value);

    // A signed-in route's parameters stay readable.
    const channelId = '6f1f7c5e-0000-4000-8000-000000000000';
    await get(`/api/tests?channelId=${channelId}`);
    expect(loggedUrls()).toContain(`/api/tests?channelId=${channelId}`);
  });
});
