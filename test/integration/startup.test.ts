import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { HttpClient } from '../helpers/http-client';

describe('start-up', () => {
  it('refuses to start with a bad configuration and lists every problem', () => {
    const result = spawnSync('node_modules/.bin/tsx', ['src/main.ts'], {
      env: {
        PATH: process.env.PATH,
        PORT: 'not-a-port',
        DATABASE_URL: 'mysql://nope',
        DATA_DIR: '/tmp/titlewise-bad',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it('runs on the embedded PGlite database: demo sign-in, me, logout', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      SIMULATOR_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: `/tmp/titlewise-pglite-${process.pid}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
      WORKERS: 'true',
    });
    const built = await buildApp({ config: { ...config, database: { kind: 'pglite', dataDir: null } } });
    try {
      const address = await built.fastify.listen({ port: 0, host: '127.0.0.1' });
      const client = new HttpClient(address);
      const login = (await (await client.post('/api/auth/demo-login')).json()) as { sessionToken: string };
      expect(login.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await client.get('/api/auth/me')).status).toBe(200);
      expect((await client.post('/api/auth/logout')).status).toBe(200);
      expect(
        (await client.get('/api/auth/me', { authorization: `Bearer ${login.sessionToken}` })).status,
      ).toBe(401);
      // The job queue runs on the same embedded database.
      const id = await built.boss.send('maintenance.purge-expired', {});
      expect(id).toBeTruthy();
    } finally {
      await built.close();
    }
  });
});
