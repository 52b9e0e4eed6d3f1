/**
 * Measures `npm start`: wall time from spawning the command to the first 200 from GET /api/health
 * (a run that had to build a bundle first says so), and optionally the resident memory (VmRSS) of
 * the serving process after it has idled, with the machine's load average (other work on the
 * machine slows a start). Run with the pinned Node: `node_modules/.bin/node scripts/measure-start.ts`.
 *
 *   --runs 3          how many starts (default 3)
 *   --idle 10         seconds to idle before reading VmRSS (default 0: no memory reading)
 *   --data-dir DIR    DATA_DIR shared by every run: the first run starts on an empty one (fresh),
 *                     the others restart on it (default: a new temporary directory)
 *   --port 3180       PORT (the simulator gets PORT + 1)
 *   -- CMD ARGS…      the command (default: npm start)
 *
 * DATABASE_URL passes through: set it to measure on PostgreSQL (on a new database, the first run
 * migrates it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const options = split === -1 ? argv : argv.slice(0, split);
const command = split === -1 ? ['npm', 'start'] : argv.slice(split + 1);
function option(name: string, fallback: string): string {
  const index = options.indexOf(`--${name}`);
  return index === -1 ? fallback : options[index + 1]!;
}
const runs = Number(option('runs', '3'));
const idleSeconds = Number(option('idle', '0'));
const port = Number(option('port', '3180'));
const givenDataDir = option('data-dir', '');
const dataDir = givenDataDir || mkdtempSync(join(tmpdir(), 'titlewise-measure-'));

// eslint-disable-next-line no-restricted-properties -- the measured command's environment, not configuration
const environment = process.env;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Every process below `root`, from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** The serving process: the node process (the spawned one or below it) with the most memory. */
function servingProcess(root: number): { pid: number; rss: number; cmdline: string } {
  const candidates = [root, ...descendants(root)].flatMap((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
      return /\bnode\b/.test(cmdline) ? [{ pid, rss: rssMb(pid), cmdline }] : [];
    } catch {
      return [];
    }
  });
  return candidates.sort((a, b) => b.rss - a.rss)[0]!;
}

if (await healthy()) throw new Error(`Something already answers on port ${port}; pick another with --port`);
console.log(
  `${command.join(' ')} on ${environment.DATABASE_URL ? 'PostgreSQL' : `the embedded database (DATA_DIR ${dataDir})`}`,
);
for (let run = 1; run <= runs; run += 1) {
  // On PostgreSQL the first run migrates the database if it is new (make one to measure that).
  const kind = environment.DATABASE_URL
    ? run === 1
      ? 'first'
      : 'restart'
    : existsSync(join(dataDir, 'pglite'))
      ? 'restart'
      : 'fresh';
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...environment,
      PORT: String(port),
      SIMULATOR_PORT: String(port + 1),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: environment.LOG_LEVEL ?? 'warn',
    },
  });
  // The server's own output is dropped; a line saying a bundle was built marks the run as rebuilt.
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (output.length < 10_000) output += chunk.toString();
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  while (!(await healthy())) {
    if (exited) throw new Error(`${command.join(' ')} exited before answering`);
    if (performance.now() - started > 120_000) throw new Error('No 200 within 120 s');
    await sleep(20);
  }
  const seconds = (performance.now() - started) / 1000;
  let memory = '';
  if (idleSeconds > 0) {
    await sleep(idleSeconds * 1000);
    const serving = servingProcess(child.pid!);
    memory = `, idle RSS ${serving.rss.toFixed(0)} MB after ${idleSeconds} s (pid ${serving.pid}: ${serving.cmdline})`;
  }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  console.log(
    `run ${run} (${kind}${/: building dist/.test(output) ? ', rebuilt first' : ''}): 200 after ${seconds.toFixed(2)} s${memory} [load ${load}]`,
  );
  // Stop the whole group and wait until every process of it is gone (the server closes its database).
  const group = [child.pid!, ...descendants(child.pid!)];
  process.kill(-child.pid!, 'SIGTERM');
  while (!exited || group.some((pid) => existsSync(`/proc/${pid}`))) await sleep(50);
}
if (!givenDataDir) rmSync(dataDir, { recursive: true, force: true });
