import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { SHUTDOWN_DEADLINE_MS } from '../../src/shutdown';
import { freePort } from '../helpers/free-port';

// Issue 39, item 4: docs/deploy.md's commands, run as written. The guide marks each block it
// promises works with `<!-- deploy-test: name -->`; this test reads them from the file, so editing
// a command there changes what runs here. It runs on the simulator (no Google or Stripe to reach)
// and without the demo's history, which a deployment for real creators does not use either.

const root = process.cwd();
const guide = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
const ciScript = readFileSync(join(root, '.ci/run'), 'utf8');
const database = inject('testDatabase');

/** The lines of the fenced block after `<!-- deploy-test: name -->`, comments dropped. */
function block(name: string): string[] {
  const marker = guide.indexOf(`<!-- deploy-test: ${name} -->`);
  expect(marker, `docs/deploy.md has no block "${name}"`).toBeGreaterThanOrEqual(0);
  const fenced = /```[^\n]*\n([\s\S]*?)```/.exec(guide.slice(marker));
  return fenced![1]!
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Runs one shell line of the guide in `cwd` (the project root) with `env`; returns its output. */
function run(line: string, env: NodeJS.ProcessEnv, cwd = root): string {
  return execFileSync('bash', ['-euo', 'pipefail', '-c', line], {
    cwd,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: 300_000,
  });
}

describe.runIf(database.kind === 'postgres')('the deployment guide (PostgreSQL only)', () => {
  const name = `titlewise_deploy_${process.pid}_${randomBytes(3).toString('hex')}`;
  const restored = `${name}_restored`;
  const admin = postgres(database.adminUrl, { max: 1, onnotice: () => {} });
  const urlOf = (db: string) => {
    const url = new URL(database.adminUrl);
    url.pathname = `/${db}`;
    return url.toString();
  };
  /** Migrations recorded as applied in database `db`. */
  const migrationsIn = async (db: string) => {
    const sql = postgres(urlOf(db), { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
      return row!.n;
    } finally {
      await sql.end();
    }
  };
  const workDir = mkdtempSync(join(tmpdir(), 'titlewise-deploy-'));
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    // An empty database, as a first deployment has: the guide's migration makes the schema.
    await admin.unsafe(`create database ${name}`);
    await admin.unsafe(`create database ${restored}`);
    const [sessionSecret, tokenKey] = run(block('secrets').join('\n'), {}).trim().split('\n');
    const port = await freePort();
    env = {
      NODE_ENV: 'production',
      DATABASE_URL: urlOf(name),
      SESSION_SECRET: sessionSecret!,
      TOKEN_ENCRYPTION_KEY: tokenKey!,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR_PORT: String(await freePort()),
      MAIL_CATCHER_PORT: String(await freePort()),
      DATA_DIR: workDir,
      DEMO_HISTORY: 'false',
      LOG_LEVEL: 'info',
    };
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`drop database if exists ${restored} with (force)`);
    await admin.end();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('makes secrets a production configuration accepts', () => {
    expect(env.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(env.TOKEN_ENCRYPTION_KEY!, 'base64')).toHaveLength(32);
    expect(loadConfig(env).env).toBe('production');
  });

  it('builds, migrates, starts one web node and two workers that turn ready, and stops each within the deadline', async () => {
    for (const line of block('build')) {
      // Installing is .ci/run's own first step (reinstalling here would pull node_modules from
      // under the other test files); the rest of the block runs here.
      if (line.startsWith('npm ci')) expect(ciScript).toContain(line);
      else run(line, env);
    }
    for (const line of block('migrate')) run(line, env);
    expect(await migrationsIn(name)).toBeGreaterThan(20);

    const processes = Object.fromEntries(
      block('processes').map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      }),
    );
    expect(Object.keys(processes).sort()).toEqual(['web', 'worker']);
    // One web node and two workers, each with an operations port of its own.
    /**
     * Starts `role` as the Procfile says and waits for its /readyz on the operations port. A port
     * found free can be taken before the process binds it (by another file's server): the process
     * then exits with EADDRINUSE and starts again on other ports (the web node's own ports too).
     */
    const startRole = async (role: string) => {
      for (let attempt = 1; ; attempt += 1) {
        if (role === 'web') {
          const port = await freePort();
          Object.assign(env, {
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            SIMULATOR_PORT: String(await freePort()),
            MAIL_CATCHER_PORT: String(await freePort()),
          });
        }
        const opsPort = await freePort();
        const child = spawn('bash', ['-c', processes[role]!], {
          cwd: root,
          env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, OPS_PORT: String(opsPort) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        children.push(child);
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        let gone = false;
        child.on('exit', () => (gone = true));
        await vi.waitFor(
          async () => {
            if (gone) return;
            const ready = await fetch(`http://127.0.0.1:${opsPort}/readyz`).catch(() => null);
            expect(ready?.status, `${role}: ${output.slice(-2000)}`).toBe(200);
          },
          { timeout: 120_000, interval: 200 },
        );
        if (!gone) return { role, child, opsPort, output: () => output };
        if (attempt >= 5 || !output.includes('EADDRINUSE'))
          throw new Error(`${role}: ${output.slice(-2000)}`);
      }
    };
    // The web node first: the workers reach its simulator.
    const started = [await startRole('web'), await startRole('worker'), await startRole('worker')];
    expect((await fetch(`${env.PUBLIC_URL}/readyz`)).status).toBe(200);
    // The web node serves the app; the workers run the jobs (the web node runs none).
    expect((await fetch(`${env.PUBLIC_URL}/api/health`)).status).toBe(200);
    const workerMetrics = await (await fetch(`http://127.0.0.1:${started[1]!.opsPort}/metrics`)).text();
    expect(workerMetrics).toContain('titlewise_queue_jobs');

    // SIGTERM to each process, as the manager sends it: each exits 0 within the deadline.
    const stops = started.map(async (node) => {
      const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
        node.child.on('exit', (code) => resolve({ code, at: Date.now() })),
      );
      const signalled = Date.now();
      node.child.kill('SIGTERM');
      const { code, at } = await exited;
      return { role: node.role, code, ms: at - signalled, output: node.output() };
    });
    for (const stop of await Promise.all(stops)) {
      expect(stop.code, `${stop.role}: ${stop.output.slice(-2000)}`).toBe(0);
      expect(stop.ms).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    }
  }, 600_000);

  it('dumps the database and restores it into an empty one', async () => {
    // In a directory of its own: the dump file is written where the command runs.
    for (const line of block('backup')) run(line, { ...env, RESTORE_URL: urlOf(restored) }, workDir);
    expect(await migrationsIn(restored)).toBe(await migrationsIn(name));
  }, 600_000);
});
