// API load benchmark (issue 11 item 5): `npm run bench:api -- [--seconds 15] [--connections 100]
// [--only postgres|embedded] [--write-readme]`. Seeds one creator with 50 hourly views tests
// (7 days of rotations, 10-minute view samples, daily figures; 7 running) on a scratch PostgreSQL
// database and on an embedded (PGlite) data directory, counts the SQL statements each read runs
// in-process, then loads GET /api/tests, /api/dashboard/stats and /api/tests/{id}/analytics with
// autocannon against the real server in its own process (simulator mode, workers on unless
// --web-only) and against
// a bare Fastify process serving the same bodies. Prints a Markdown table; a missed goal is
// reported, not an error. --write-readme replaces the README block between the bench:api markers.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { planAccount, RUNNING_TESTS, TEST_COUNT } from './api/account-plan';
import { cpuSeconds, killChildren, residentMb, startServer } from './api/child-process';
import { loadPath, type LoadShape } from './api/load';
import { measureDemoArrivals } from './api/demo-arrivals';
import { parseApiBenchOptions } from './api/options';
import { prepareDatabase, type PreparedDatabase } from './api/prepare-database';
import { formatReport, type MeasuredRow, type MemoryReading } from './api/report';
import { childEnv, generateSecrets, serverEnv, type BenchTarget, type Secrets } from './api/server-env';
import { replaceMarkedBlock } from './readme-block';
import { SERVER_NODE_FLAGS } from '../src/platform/server-runtime';
import { freePort } from '../test/helpers/free-port';
import { note, sleep } from './rotation/measure';
import { createScratchDatabase, type ScratchDatabase } from './rotation/scratch-database';

const WARMUP_SECONDS = 2;
/** Quiet time after start and after the load before memory is read. */
const SETTLE_MS = 5_000;
/** How long the idle server's CPU is watched (the workers' background cost). */
const IDLE_CPU_MS = 5_000;
const README_MARKERS = { start: '<!-- bench:api -->', end: '<!-- /bench:api -->' };

interface Route {
  route: string;
  path: string;
}

const ports = async () => ({ port: await freePort(), simulatorPort: await freePort() });

async function measureBare(
  prepared: PreparedDatabase,
  routes: Route[],
  shape: LoadShape,
  dir: string,
): Promise<MeasuredRow[]> {
  const bodiesFile = join(dir, 'bare-bodies.json');
  writeFileSync(
    bodiesFile,
    JSON.stringify(Object.fromEntries(prepared.readings.map((r) => [r.path, r.body]))),
  );
  const port = await freePort();
  const bare = await startServer(
    'bare',
    'bench/api/bare-server.ts',
    [],
    childEnv({ PORT: String(port), BARE_BODIES: bodiesFile }),
    `http://127.0.0.1:${port}/api/health`,
  );
  const rows: MeasuredRow[] = [];
  try {
    for (const { route, path } of routes) {
      note(`bare ${route}`);
      const headers = { authorization: `Bearer ${prepared.token}` };
      const load = await loadPath(`http://127.0.0.1:${port}${path}`, headers, shape, () =>
        cpuSeconds(bare.pid),
      );
      rows.push({ target: 'bare', route, load, statements: null });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

async function measureServer(
  target: BenchTarget,
  prepared: PreparedDatabase,
  secrets: Secrets,
  routes: Route[],
  shape: LoadShape,
  workers: boolean,
): Promise<{ rows: MeasuredRow[]; memory: MemoryReading }> {
  const env = serverEnv(target, secrets, await ports(), workers);
  const server = await startServer(
    target.kind,
    // The bundle `npm start` runs (scripts/server-build.ts), built below when stale.
    'dist/server/main.js',
    SERVER_NODE_FLAGS,
    childEnv(env),
    `${env.PUBLIC_URL}/api/health`,
  );
  try {
    const settledSeconds = await settle(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    await sleep(IDLE_CPU_MS);
    const idleCpuPercent = ((cpuSeconds(server.pid) - cpuBefore) / (IDLE_CPU_MS / 1000)) * 100;
    const idleBeforeMb = residentMb(server.pid);
    const rows: MeasuredRow[] = [];
    for (const { route, path } of routes) {
      note(`${target.kind} ${route}`);
      const reading = prepared.readings.find((r) => r.path === path)!;
      const headers = { authorization: `Bearer ${prepared.token}` };
      const load = await loadPath(`${env.PUBLIC_URL}${path}`, headers, shape, () => cpuSeconds(server.pid));
      rows.push({
        target: target.kind,
        route,
        load,
        statements: { steady: reading.statements, first: reading.firstStatements },
      });
    }
    await sleep(SETTLE_MS);
    const idleAfterMb = residentMb(server.pid);
    const demo = await measureDemoArrivals(env.PUBLIC_URL!);
    return {
      rows,
      memory: { target: target.kind, idleBeforeMb, idleAfterMb, idleCpuPercent, settledSeconds, demo },
    };
  } finally {
    await server.stop();
  }
}

/** A settled server uses under this share of a core over SETTLE_MS, QUIET_WINDOWS times in a row. */
const SETTLED_CPU = 0.1;
/** A child rehearsing the demo takes seconds to start before it calls the server's simulator. */
const QUIET_WINDOWS = 3;
/** Longest wait for a server to settle (a demo rehearsal on the embedded database takes about a minute). */
const MAX_SETTLE_MS = 300_000;

/**
 * Waits until the server has settled (under SETTLED_CPU of a core over QUIET_WINDOWS windows of
 * SETTLE_MS in a row: the demo template prepared and the start's jobs done), so its memory is read
 * where a deployment idles; returns the seconds that took.
 */
async function settle(pid: number): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (quiet < QUIET_WINDOWS) {
    const before = cpuSeconds(pid);
    await sleep(SETTLE_MS);
    const share = (cpuSeconds(pid) - before) / (SETTLE_MS / 1000);
    quiet = share < SETTLED_CPU ? quiet + 1 : 0;
    if (Date.now() - started > MAX_SETTLE_MS) {
      note(`the server did not settle in ${MAX_SETTLE_MS / 1000} s (${(share * 100).toFixed(0)}% of a core)`);
      break;
    }
  }
  return (Date.now() - started) / 1000;
}

const TARGET_ORDER = ['bare', 'postgres', 'embedded'];

async function main(): Promise<void> {
  const options = parseApiBenchOptions(process.argv.slice(2));
  const shape: LoadShape = {
    seconds: options.seconds,
    connections: options.connections,
    warmupSeconds: WARMUP_SECONDS,
  };
  const startLoad = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'titlewise-bench-api-'));
  const secrets = generateSecrets();
  let scratch: ScratchDatabase | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      killChildren();
      await scratch
        ?.drop()
        .catch((error: unknown) => note(`could not drop the scratch database: ${String(error)}`));
      rmSync(dir, { recursive: true, force: true });
    })());
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  process.once('exit', killChildren);
  try {
    execFileSync(process.execPath, ['scripts/build-stale.ts', 'server'], { stdio: 'inherit' });
    const planning = Date.now();
    const plan = planAccount(new Date());
    const analysed = plan.tests.find((test) => test.running)!;
    const routes: Route[] = [
      { route: '/api/tests', path: '/api/tests' },
      { route: '/api/dashboard/stats', path: '/api/dashboard/stats' },
      { route: '/api/tests/{id}/analytics', path: `/api/tests/${analysed.id}/analytics` },
    ];
    note(`planned ${plan.tests.length} tests in ${((Date.now() - planning) / 1000).toFixed(1)} s`);

    const targets: Array<{ target: BenchTarget; prepared: PreparedDatabase }> = [];
    for (const kind of options.databases) {
      const seeding = Date.now();
      if (kind === 'postgres') scratch = await createScratchDatabase();
      const target: BenchTarget = {
        kind,
        databaseUrl: kind === 'postgres' ? scratch!.url : null,
        dataDir: join(dir, kind),
      };
      const prepared = await prepareDatabase(
        serverEnv(target, secrets, await ports()),
        plan,
        routes.map((r) => r.path),
      );
      targets.push({ target, prepared });
      note(`seeded ${kind} and counted statements in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    }

    const rows = await measureBare(targets[0]!.prepared, routes, shape, dir);
    const memory: MemoryReading[] = [];
    for (const { target, prepared } of targets) {
      const measured = await measureServer(target, prepared, secrets, routes, shape, !options.webOnly);
      rows.push(...measured.rows);
      memory.push(measured.memory);
    }
    rows.sort(
      (a, b) =>
        routes.findIndex((r) => r.route === a.route) - routes.findIndex((r) => r.route === b.route) ||
        TARGET_ORDER.indexOf(a.target) - TARGET_ORDER.indexOf(b.target),
    );
    const report = formatReport(rows, memory, {
      seconds: options.seconds,
      connections: options.connections,
      tests: TEST_COUNT,
      running: RUNNING_TESTS,
      workers: !options.webOnly,
      machine: `${availableParallelism()} CPUs, Node ${process.version}, 1-minute load average ${startLoad.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end`,
      bodyBytes: routes.map(({ route, path }) => ({
        route,
        bytes: Buffer.byteLength(targets[0]!.prepared.readings.find((r) => r.path === path)!.body),
      })),
    });
    // Formatted as `npm run format` would, so regenerating the README leaves it format-clean.
    const block = (
      await format(report, { ...(await resolveConfig('README.md')), parser: 'markdown' })
    ).trimEnd();
    process.stdout.write(`${block}\n`);
    if (options.writeReadme) replaceMarkedBlock('README.md', README_MARKERS, block);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
