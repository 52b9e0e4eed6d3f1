// Hostile uploads against other users' reads (issue 35): `npx tsx bench/uploads.ts [--seconds 20]`.
// The real server (`dist/server/main.js`, workers on, PostgreSQL) in its own process; one creator
// reads GET /api/auth/me and GET /api/tests one request after another, first on a quiet server,
// then while three other accounts send 20 uploads at once every 3 seconds of the costliest image
// an upload may be: 7680 × 4320 of noise, fitted. A third phase sends the same bursts of a PNG of
// a few hundred bytes that claims 16000 × 6000 pixels (a decompression bomb). Prints the reader's latency per phase and its ratio to the quiet one, the
// uploads' answers, and the server's resident memory.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { users } from '../db/schema';
import { buildApp } from '../src/app';
import { createSession } from '../src/auth/session.service';
import { loadConfig } from '../src/config';
import { freePort } from '../test/helpers/free-port';
import { claimedPng, costliestUpload } from '../test/helpers/png-bytes';
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

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;

/** Creates the reader and the hostile accounts with their sessions; returns their bearer tokens. */
async function seed(env: Record<string, string>): Promise<string[]> {
  const built = await buildApp({ config: loadConfig(env), workers: false, logger: false });
  try {
    const tokens: string[] = [];
    for (let index = 0; index <= HOSTILE_ACCOUNTS; index += 1) {
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
  attack: ((stop: () => boolean) => Promise<number[]>) | null,
): Promise<Phase> {
  const phase: Phase = { name, latencies: [], failures: 0, uploads: new Map() };
  const deadline = Date.now() + seconds * 1000;
  const stop = () => Date.now() > deadline;
  const attacking = attack?.(stop) ?? Promise.resolve([]);
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

/** The uploads a burst sends, and how often one starts (the product allows 30 a minute per account). */
const BURST_EVERY_MS = 3_000;

/**
 * Bursts of `IN_FLIGHT` uploads of `body` at once over the hostile accounts, one every
 * BURST_EVERY_MS (or as soon as the last is answered, if later).
 */
const uploadBursts =
  (url: string, tokens: string[], body: Buffer, query: string) =>
  async (stop: () => boolean): Promise<number[]> => {
    const statuses: number[] = [];
    while (!stop()) {
      const started = Date.now();
      const answers = await Promise.all(
        Array.from({ length: IN_FLIGHT }, async (_, index) => {
          const response = await fetch(`${url}/api/images${query}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${tokens[index % tokens.length]!}`,
              'content-type': 'application/octet-stream',
            },
            body: new Uint8Array(body),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      statuses.push(...answers);
      await sleep(Math.max(0, BURST_EVERY_MS - (Date.now() - started)));
    }
    return statuses;
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
    const costly = await costliestUpload();
    const bomb = claimedPng(16_000, 6_000);
    const server = await startServer(
      'server',
      'dist/server/main.js',
      [],
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
          uploadBursts(url, hostile, costly, '?fit=crop'),
        ),
        await measure(
          `bursts of ${IN_FLIGHT} bombs (claims 16000 × 6000)`,
          url,
          reader!,
          uploadBursts(url, hostile, bomb, ''),
        ),
      ];
      await sleep(3_000);
      const rss = residentMb(server.pid);
      const quiet = [...phases[0]!.latencies].sort((a, b) => a - b);
      console.log(
        `Uploads against reads: \`npx tsx bench/uploads.ts --seconds ${seconds}\` — the real server (PostgreSQL, workers on) in its own process, ${availableParallelism()} CPUs, Node ${process.version}, 1-minute load average ${loadAtStart.toFixed(1)} at the start. One creator reads GET /api/auth/me and GET /api/tests back to back for ${seconds} s per phase while ${HOSTILE_ACCOUNTS} other accounts send ${IN_FLIGHT} uploads at once every ${BURST_EVERY_MS / 1000} s (a ${(costly.length / 1024 / 1024).toFixed(1)} MB costly JPEG, or a ${bomb.length}-byte bomb); past 30 a minute per account the rate limit refuses them before their body is read.\n`,
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
