import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildServerIfStale } from '../../scripts/server-build';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/database';
import { startWebProcess } from '../../src/web-process';
import { freePort } from '../helpers/free-port';
import { HttpClient } from '../helpers/http-client';

describe('start-up', () => {
  it('refuses to start with a bad configuration and lists every problem (the bundle npm start runs)', async () => {
    await buildServerIfStale(process.cwd(), () => {});
    const result = spawnSync(process.execPath, ['dist/server/main.js'], {
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

  it('creates the embedded database on disk (in a child process), with its settings, and reopens it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'titlewise-pglite-'));
    try {
      const created = await openDatabase({ kind: 'pglite', dataDir });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      const settings = await created.pglite!.query<{ shared_buffers: string }>('show shared_buffers');
      expect(settings.rows[0]?.shared_buffers).toBe('16MB');
      await created.pglite!.exec('create table kept (id int); insert into kept values (7)');
      await created.close();

      const reopened = await openDatabase({ kind: 'pglite', dataDir });
      expect((await reopened.pglite!.query<{ id: number }>('select id from kept')).rows).toEqual([{ id: 7 }]);
      await reopened.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('runs on the embedded PGlite database: demo sign-in, me, logout', async () => {
    const [port, simulatorPort] = [await freePort(), await freePort()];
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `/tmp/titlewise-pglite-${process.pid}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'silent',
      WORKERS: 'true',
    });
    const web = await startWebProcess({ config: { ...config, database: { kind: 'pglite', dataDir: null } } });
    const { built } = web;
    try {
      await web.listen();
      const client = new HttpClient(config.publicUrl);
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
      await web.close();
    }
  });
});
