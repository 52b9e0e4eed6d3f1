// How fast the create dialog's plan answers (issue 34: within 1 s at the 95th percentile):
//   npx tsx bench/plan-latency.ts [--rounds 2]
// Starts the real server and the simulator on a scratch PostgreSQL database, signs a creator in
// through the simulator's Google consent page, picks one of their videos, then asks
// GET /api/tests/plan for every shape the dialog offers — each metric at each interval it allows,
// 2, 3 and 5 variants, 3 to 30 days, each answer comparing every interval (the alternatives) —
// one request at a time, as the dialog does, and GET /api/auth/me on the same connection as the
// baseline. Prints the latencies and their ratio; absolute times vary with the machine.

import { parseArgs } from 'node:util';
import { intervalsFor, WINNER_METRICS } from '../src/shared/test-shapes';
import { googleSessionToken } from '../test/helpers/creators';
import { HttpClient } from '../test/helpers/http-client';
import type { TestApp } from '../test/helpers/test-app';
import { startBenchApp } from './rotation/bench-app';
import { note } from './rotation/measure';
import { createScratchDatabase } from './rotation/scratch-database';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2' } } });
const rounds = Math.max(1, Number(values.rounds));

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.at(-1)! };
};

async function timed(client: HttpClient, path: string): Promise<number> {
  const started = performance.now();
  const response = await client.get(path);
  await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const database = await createScratchDatabase();
  const built = await startBenchApp(database.url, { DEMO_HISTORY: 'false' });
  try {
    const url = built.app.config.publicUrl.replace(/\/$/, '');
    const testApp = { url, built: { app: built.app } } as unknown as TestApp;
    const token = await googleSessionToken(testApp, 'sim-alex');
    const client = new HttpClient(url, { authorization: `Bearer ${token}` });
    const list = (await (await client.get('/api/videos/recent')).json()) as { id: string }[];
    const videoId = list[0]?.id;
    note(`signed in; ${list.length} videos${videoId ? `, planning on ${videoId}` : ''}`);
    const paths: string[] = [];
    for (const metric of WINNER_METRICS)
      for (const interval of intervalsFor(metric))
        for (const titles of [2, 3, 5])
          for (const days of [3, 7, 14, 30]) {
            const query = new URLSearchParams({
              titleCount: String(titles),
              rotationIntervalMinutes: String(interval),
              durationDays: String(days),
              winnerMetric: metric,
              ...(videoId ? { videoId } : {}),
            });
            paths.push(`/api/tests/plan?${query.toString()}`);
          }
    // Warm up both routes once (module loading, the first database connections).
    await timed(client, paths[0]!);
    await timed(client, '/api/auth/me');
    const plan: number[] = [];
    const me: number[] = [];
    for (let round = 0; round < rounds; round++)
      for (const path of paths) {
        plan.push(await timed(client, path));
        me.push(await timed(client, '/api/auth/me'));
      }
    const p = summary(plan);
    const b = summary(me);
    console.log(
      [
        `Plan latency: \`npx tsx bench/plan-latency.ts --rounds ${rounds}\` — ${plan.length} plan requests (every metric × interval × 2/3/5 variants × 3/7/14/30 days, each with its comparison of intervals), one at a time, on PostgreSQL, against GET /api/auth/me on the same connection.`,
        '',
        '| Route | p50 | p95 | max |',
        '| --- | ---: | ---: | ---: |',
        `| GET /api/tests/plan | ${p.p50.toFixed(0)} ms | ${p.p95.toFixed(0)} ms | ${p.max.toFixed(0)} ms |`,
        `| GET /api/auth/me (baseline) | ${b.p50.toFixed(1)} ms | ${b.p95.toFixed(1)} ms | ${b.max.toFixed(1)} ms |`,
        `| ratio at p95 | | ${(p.p95 / b.p95).toFixed(1)}× | |`,
        '',
        `Goal: the plan's p95 under 1,000 ms — ${p.p95 < 1000 ? 'met' : '**missed**'}.`,
      ].join('\n'),
    );
  } finally {
    await built.close();
    await database.drop();
  }
}

await main();
