import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServerIfStale, SERVER_OUT_DIR } from '../../scripts/server-build';
import { loadConfig } from '../../src/config';
import { SHUTDOWN_DEADLINE_MS } from '../../src/shutdown';
import { CLOCK_MOVE_STOPPED_MESSAGE } from '../../src/title-tests/simulation/clock-moves-stop';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleSessionToken } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { freePort } from '../helpers/free-port';
import type { TestApp } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// Issue 25, item 4: SIGTERM with a fast-forward of weeks under way lived 232 s, with the app's
// port closed the whole time while the simulator and mail ports listened, and an in-flight
// simulator request answered 500 with raw SQL (the database had closed before the simulator).
// `npm start`'s bundle now stops within SHUTDOWN_DEADLINE_MS, closing the app's port first, the
// simulator and mail catcher after the requests and jobs that call them, the database last.

let database: TestDatabase;

beforeAll(async () => {
  await buildServerIfStale(process.cwd(), () => {});
  database = await createTestDatabase();
}, 600_000);
afterAll(async () => {
  await database?.drop();
});

/** Resolves with the time `port` first refuses a connection, polling until `until` settles. */
function closedAt(port: number, until: Promise<unknown>): Promise<number | null> {
  let done = false;
  void until.then(() => (done = true));
  return new Promise((resolve) => {
    const probe = () => {
      if (done) return resolve(null);
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        setTimeout(probe, 20);
      });
      socket.once('error', () => resolve(Date.now()));
    };
    probe();
  });
}

/** Resolves with the time `url` first answers 503, polling until `until` settles (null if never). */
function notReadyAt(url: string, until: Promise<unknown>): Promise<number | null> {
  let done = false;
  void until.then(() => (done = true));
  return new Promise((resolve) => {
    const probe = () => {
      if (done) return resolve(null);
      fetch(url).then(
        (response) => (response.status === 503 ? resolve(Date.now()) : setTimeout(probe, 20)),
        () => setTimeout(probe, 20),
      );
    };
    probe();
  });
}

it('stops within its deadline on SIGTERM mid fast-forward and mid request, not ready at once, closing the listeners in order', async () => {
  let port: number;
  let simulatorPort: number;
  let mailPort: number;
  let opsPort: number;
  let env: Record<string, string> = {};
  let child!: ReturnType<typeof spawnBundle>;
  let output = '';
  let exited!: Promise<{ code: number | null; at: number }>;
  const spawnBundle = () =>
    spawn(process.execPath, [join(SERVER_OUT_DIR, 'main.js')], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  // A port found free can be taken before the server binds it (by another file's server): then
  // start again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    [port, simulatorPort, mailPort, opsPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    env = {
      NODE_ENV: 'test',
      PORT: String(port),
      SIMULATOR_PORT: String(simulatorPort),
      MAIL_CATCHER_PORT: String(mailPort),
      OPS_PORT: String(opsPort),
      // A second of drain: the public port keeps answering, /readyz with 503, before it closes.
      SHUTDOWN_DRAIN_MS: '1000',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: `/tmp/titlewise-shutdown-${process.pid}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'info',
      WORKERS: 'true',
      ...(database.target.kind === 'postgres' ? { DATABASE_URL: database.target.url } : {}),
    };
    const started = spawnBundle();
    child = started;
    output = '';
    const running = new Promise<void>((resolve) => {
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Titlewise is running')) resolve();
      };
      started.stdout.on('data', keep);
      started.stderr.on('data', keep);
    });
    exited = new Promise((resolve) => started.on('exit', (code) => resolve({ code, at: Date.now() })));
    if (await Promise.race([running.then(() => true), exited.then(() => false)])) break;
    if (attempt >= 5 || !output.includes('EADDRINUSE')) throw new Error(output);
  }
  try {
    const app = { url: env.PUBLIC_URL, built: { app: { config: loadConfig(env) } } } as unknown as TestApp;
    const creator = new HttpClient(app.url, {
      authorization: `Bearer ${await googleSessionToken(app, 'sim-alex')}`,
    });
    const created = await creator.post('/api/tests', {
      videoId: simulatedVideoId('sim-alex', 0),
      titles: ['Stop A', 'Stop B'],
      // 2-hour windows: the channel's lag is not measured yet, so hourly ones are refused.
      rotationIntervalMinutes: 120,
      winnerMetric: 'views',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const simulator = `http://127.0.0.1:${simulatorPort}`;
    await fetch(`${simulator}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target: 'data', kind: 'slow', delayMs: 2_500 }),
    });
    // In flight when the signal comes: an app request waiting on the simulator, and a move of
    // weeks (minutes of work) on the simulator's control API.
    const request = creator.get('/api/videos/recent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const move = fetch(`${simulator}/control/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 30 }),
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const readyz = `http://127.0.0.1:${opsPort}/readyz`;
    expect((await fetch(readyz)).status).toBe(200);

    const signalled = Date.now();
    child.kill('SIGTERM');
    const notReady = notReadyAt(readyz, exited);
    const publicNotReady = notReadyAt(`http://127.0.0.1:${port}/readyz`, exited);
    const [appClosed, simulatorClosed, mailClosed] = [port, simulatorPort, mailPort].map((probe) =>
      closedAt(probe, exited),
    );
    const [answered, moved, { code, at }] = await Promise.all([request, move, exited]);

    expect(code, output.slice(-3000)).toBe(0);
    // The orchestrator's probe saw the node turn not ready (503, not a closed port) within a second.
    const turned = await notReady;
    expect(turned).not.toBeNull();
    expect(turned! - signalled).toBeLessThan(1_000);
    // So did a proxy polling the public port during the drain.
    const publicTurned = await publicNotReady;
    expect(publicTurned).not.toBeNull();
    expect(publicTurned! - signalled).toBeLessThan(1_000);
    expect(at - signalled).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    // The request in flight was answered in full: the simulator it waited on was still there.
    expect(answered.status).toBe(200);
    // The move stopped at its next step and said so, in words: no SQL, no stack.
    const movedText = await moved.text();
    expect(moved.status, movedText).toBe(503);
    expect(movedText).toContain(CLOCK_MOVE_STOPPED_MESSAGE);
    expect(movedText).not.toMatch(/select|Failed query|params/i);
    // The app's port closed first; the simulator's and the mail catcher's after it.
    const [app0, sim0, mail0] = await Promise.all([appClosed, simulatorClosed, mailClosed]);
    expect(app0).not.toBeNull();
    expect(sim0 ?? at).toBeGreaterThanOrEqual(app0!);
    expect(mail0 ?? at).toBeGreaterThanOrEqual(app0!);
    expect(sim0 ?? at).toBeGreaterThan(app0! + 500);
  } finally {
    child.kill('SIGKILL');
  }
});
