import { spawn, type ChildProcess } from 'node:child_process';
import { PgBoss } from 'pg-boss';
import { join } from 'node:path';
import { buildServerIfStale, SERVER_OUT_DIR } from '../../scripts/server-build';
import type { Config } from '../../src/config';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../src/platform/server-runtime';

/**
 * `npm run worker` as a separate OS process: the bundle `npm run worker` runs (built when stale,
 * as it does), started with plain node and an environment that points it at a test app's
 * database and YouTube simulator, with the same secrets (it decrypts the tokens the web stored).
 */
export interface WorkerProcess {
  pid: number;
  /** Resolves with the milliseconds from spawn to the worker's "running" log line. */
  ready: Promise<number>;
  /** Resolves with the signal or exit code once the process is gone. */
  exited: Promise<string>;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGKILL: no handler runs, nothing is flushed, in-flight work is abandoned mid-step. */
  kill(): Promise<string>;
  /** SIGTERM and wait: the worker's own graceful stop. */
  stop(): Promise<string>;
}

export async function buildWorkerBundle(): Promise<void> {
  await buildServerIfStale(process.cwd(), () => {});
}

/** The environment a worker of this deployment gets: the web process's config as variables. */
export function workerEnvironment(config: Config, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  if (config.database.kind !== 'postgres') throw new Error('A worker process needs PostgreSQL.');
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    NODE_COMPILE_CACHE: 'node_modules/.cache/node-compile-cache',
    DATABASE_URL: config.database.url,
    DATA_DIR: config.dataDir,
    PORT: String(config.port),
    HOST: config.host,
    PUBLIC_URL: config.publicUrl,
    // The simulator's origin follows from PUBLIC_URL and SIMULATOR_PORT (src/config), as in the web.
    SIMULATOR_PORT: String(config.google.simulatorPort),
    SESSION_SECRET: config.sessionSecret,
    TOKEN_ENCRYPTION_KEY: config.tokenEncryptionKey.toString('base64'),
    YOUTUBE_DAILY_QUOTA: String(config.youtubeDailyQuota),
    YOUTUBE_MAX_ATTEMPTS: String(config.youtubeGateway.maxAttempts),
    YOUTUBE_RETRY_BASE_DELAY_MS: String(config.youtubeGateway.retryBaseDelayMs),
    // Info: the worker says when it runs (WorkerProcess.ready); it logs little else at this level.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'info',
    ...extra,
  };
}

const MAX_OUTPUT_CHARS = 20_000;

export function startWorkerProcess(env: NodeJS.ProcessEnv): WorkerProcess {
  const child: ChildProcess = spawn(
    process.execPath,
    // As the product runs it, plus source maps: a failing test's trace names src/ lines.
    [...SERVER_NODE_FLAGS, '--enable-source-maps', join(SERVER_OUT_DIR, 'worker.js')],
    { cwd: process.cwd(), env: { ...env, ...SERVER_ENVIRONMENT }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const spawnedAt = Date.now();
  let output = '';
  let markReady: (ms: number) => void = () => {};
  const ready = new Promise<number>((resolve) => (markReady = resolve));
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS);
    if (output.includes('Titlewise workers running')) markReady(Date.now() - spawnedAt);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}`));
  });
  if (child.pid === undefined) throw new Error('The worker process did not start.');
  const pid = child.pid;
  return {
    pid,
    ready,
    exited,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * pg-boss's supervision (expiry, lost heartbeats) as any instance runs it, for a crash test to
 * call every second (`supervise(queue)`), so a killed worker's jobs come back in seconds.
 */
export async function startJobSupervisor(databaseUrl: string): Promise<PgBoss> {
  const supervisor = new PgBoss({
    connectionString: databaseUrl,
    schedule: false,
    supervise: false,
    // A supervise() call acts at most once per monitor interval: every second here.
    monitorIntervalSeconds: 1,
    registerInstance: false,
    max: 2,
  });
  supervisor.on('error', () => {});
  await supervisor.start();
  return supervisor;
}
