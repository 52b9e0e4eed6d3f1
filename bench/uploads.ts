// Hostile uploads against other users' reads (issue 35): `npx tsx bench/uploads.ts [--seconds 20]`.
// The real server (`dist/server/main.js`, workers on, PostgreSQL) in its own process; one creator
// reads GET /api/auth/me and GET /api/tests one request after another, first on a quiet server,
// then while three other accounts (new ones each phase, sending from a child process) send 20
// uploads at once every 3 seconds: a 7680 × 4320 noise JPEG of several MB, then the costliest
// upload the rules allow (a PNG of 8K noise just under the 50 MB limit), both fitted, then a PNG
// of a few hundred bytes that claims 16000 × 6000 pixels (a decompression bomb). Prints the
// reader's latency per phase and its ratio to the quiet one, the uploads' answers, and the
// server's resident memory.

import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { users } from '../db/schema';
import { buildApp } from '../src/app';
import { createSession } from '../src/auth/session.service';
import { loadConfig } from '../src/config';
import { SERVER_NODE_FLAGS } from '../src/platform/server-runtime';
import { MAX_UPLOAD_BYTES } from '../src/shared/image-rules';
import { freePort } from '../test/helpers/free-port';
import { claimedPng, costliestPng, costliestUpload } from '../test/helpers/png-bytes';
import { killChildren, residentMb, startServer } from './api/child-process';
import { childEnv, generateSecrets, serverEnv, type BenchTarget } from './api/server-env';
import { positiveInteger } from './cli-options';
import { note, sleep } from './rotation/measure';
import { createScratchDatabase } from './rotation/scratch-database';

const USAGE = 'Usage: npx tsx bench/uploads.ts [--seconds 20]';
const { values } = parseArgs({ options: { seconds: { type: 'string' } } });
const seconds = positiveInteger('seconds', values.seconds, 20, USAGE);
const HOSTILE_ACCOUNTS = 3;
const IN_FLIGHT = 20;

interface Phase {
  name: string;
  latencies: number[];
  failures: number;
  uploads: Map<number, number>;
}

const megabytes = (bytes: Buffer) => (bytes.length / 1024 / 1024).toFixed(1);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/** Hostile phases, each with accounts of its own, so one phase's uploads leave the next its rate limit. */
const HOSTILE_PHASES = 3;

/** Creates the reader and the hostile accounts with their sessions; returns their bearer tokens. */
async function seed(env: Record<string, string>): Promise<string[]> {
  const built = await buildApp({ config: loadConfig(env), workers: false, logger: false });
  try {
    const tokens: string[] = [];
    for (let index = 0; index <= HOSTILE_ACCOUNTS * HOSTILE_PHASES; index += 1) {
      const [user] = await built.app.db
        .insert(users)
        .values({
          email: `bench-upload-${index}@bench.titlewise.test`,
          name: `Bench uploader ${index}`,
          username: `benchupload${index}`,
        })
        .returning();
      const { token } = await createSession(built.app.db, { userId: user!.id, ttlDays: 1, now: new Date() });
      tokens.push(token);
    }
    return tokens;
  } finally {
    await built.close();
  }
}

async function measure(
  name: string,
  url: string,
  reader: string,
  attack: (() => Promise<number[]>) | null,
): Promise<Phase> {
  const phase: Phase = { name, latencies: [], failures: 0, uploads: new Map() };
  const deadline = Date.now() + seconds * 1000;
  const stop = () => Date.now() > deadline;
  const attacking = attack?.() ?? Promise.resolve([]);
  const paths = ['/api/auth/me', '/api/tests'];
  for (let index = 0; !stop(); index += 1) {
    const started = performance.now();
    const response = await fetch(`${url}${paths[index % 2]}`, {
      headers: { authorization: `Bearer ${reader}` },
    });
    await response.arrayBuffer();
    phase.latencies.push(performance.now() - started);
    if (response.status !== 200) phase.failures += 1;
  }
  for (const status of await attacking) phase.uploads.set(status, (phase.uploads.get(status) ?? 0) + 1);
  return phase;
}

/** How often a burst starts (the product allows 30 uploads a minute per account). */
const BURST_EVERY_MS = 3_000;

/**
 * Bursts of IN_FLIGHT uploads of `body` at once over the hostile accounts, one every BURST_EVERY_MS
 * (or as soon as the last is answered, if later), sent by a child process (bench/uploads/bursts.ts).
 */
const uploadBursts =
  (url: string, tokens: string[], bodyFile: string, query: string) => async (): Promise<number[]> => {
    const plan = { url, tokens, bodyFile, query, seconds, inFlight: IN_FLIGHT, everyMs: BURST_EVERY_MS };
    const output = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'bench/uploads/bursts.ts', JSON.stringify(plan)],
      { maxBuffer: 1024 * 1024 },
    );
    return JSON.parse(output.stdout) as number[];
  };

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'titlewise-bench-uploads-'));
  const scratch = await createScratchDatabase();
  process.once('exit', killChildren);
  try {
    execFileSync(process.execPath, ['scripts/build-stale.ts', 'server'], { stdio: 'inherit' });
    const target: BenchTarget = { kind: 'postgres', databaseUrl: scratch.url, dataDir: dir };
    const secrets = generateSecrets();
    const env = serverEnv(target, secrets, { port: await freePort(), simulatorPort: await freePort() });
    const [reader, ...hostile] = await seed(env);
    const accountsOfPhase = (phase: number) =>
      hostile.slice(phase * HOSTILE_ACCOUNTS, (phase + 1) * HOSTILE_ACCOUNTS);
    const costly = await costliestUpload();
    const costliest = await costliestPng(MAX_UPLOAD_BYTES);
    const bomb = claimedPng(16_000, 6_000);
    const file = (name: string, bytes: Buffer) => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      return path;
    };
    const server = await startServer(
      'server',
      'dist/server/main.js',
      SERVER_NODE_FLAGS,
      childEnv(env),
      `${env.PUBLIC_URL}/api/health`,
    );
    const loadAtStart = loadavg()[0]!;
    try {
      await sleep(3_000);
      const url = env.PUBLIC_URL!;
      // A first quiet run warms the server up (JIT, caches, connections); it is not reported.
      await measure('warm-up', url, reader!, null);
      const phases = [
        await measure('quiet', url, reader!, null),
        await measure(
          `bursts of ${IN_FLIGHT} costly uploads (8K noise, fit=crop)`,
          url,
          reader!,
          uploadBursts(url, accountsOfPhase(0), file('costly.jpg', costly), '?fit=crop'),
        ),
        await measure(
          `bursts of ${IN_FLIGHT} costliest uploads (${megabytes(costliest)} MB 8K noise PNG, fit=crop)`,
          url,
          reader!,
          uploadBursts(url, accountsOfPhase(1), file('costliest.png', costliest), '?fit=crop'),
        ),
        await measure(
          `bursts of ${IN_FLIGHT} bombs (claims 16000 × 6000)`,
          url,
          reader!,
          uploadBursts(url, accountsOfPhase(2), file('bomb.png', bomb), ''),
        ),
      ];
      await sleep(3_000);
      const rss = residentMb(server.pid);
      const quiet = [...phases[0]!.latencies].sort((a, b) => a - b);
      console.log(
        `Uploads against reads: \`npx tsx bench/uploads.ts --seconds ${seconds}\` — the real server (PostgreSQL, workers on) in its own process, ${availableParallelism()} CPUs, Node ${process.version}, 1-minute load average ${loadAtStart.toFixed(1)} at the start. One creator reads GET /api/auth/me and GET /api/tests back to back for ${seconds} s per phase while ${HOSTILE_ACCOUNTS} other accounts (new ones each phase, from a process of their own) send ${IN_FLIGHT} uploads at once every ${BURST_EVERY_MS / 1000} s (a ${megabytes(costly)} MB costly JPEG, a ${megabytes(costliest)} MB PNG, or a ${bomb.length}-byte bomb); past 30 a minute per account the rate limit refuses them before their body is read.\n`,
      );
      console.log(
        '| Phase | Reads | Failed reads | p50 ms | p95 ms | p99 ms | Max ms | p95 ÷ quiet | Uploads answered (status × count) |',
      );
      console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
      for (const phase of phases) {
        const sorted = [...phase.latencies].sort((a, b) => a - b);
        const uploads = [...phase.uploads.entries()]
          .sort(([a], [b]) => a - b)
          .map(([status, n]) => `${status} × ${n}`)
          .join(', ');
        console.log(
          `| ${phase.name} | ${sorted.length} | ${phase.failures} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${percentile(sorted, 0.99).toFixed(1)} | ${sorted.at(-1)!.toFixed(0)} | ${(percentile(sorted, 0.95) / percentile(quiet, 0.95)).toFixed(2)} | ${uploads || '—'} |`,
        );
      }
      console.log(`\nServer RSS after the phases: ${rss.toFixed(0)} MB.`);
    } finally {
      await server.stop();
    }
  } finally {
    await scratch
      .drop()
      .catch((error: unknown) => note(`could not drop the scratch database: ${String(error)}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
