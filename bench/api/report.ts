import type { LoadResult } from './load';
import type { DatabaseKind } from './options';
import { DEMO_GOALS, type DemoArrivals } from './demo-arrivals';

export type TargetName = 'bare' | DatabaseKind;

export interface MeasuredRow {
  target: TargetName;
  /** The path as a route (the analytics id shown as {id}). */
  route: string;
  load: LoadResult;
  /** Steady-state statements per request (null for the bare server), and the first request's if it differed. */
  statements: { steady: number; first: number } | null;
}

export interface MemoryReading {
  target: DatabaseKind;
  idleBeforeMb: number;
  idleAfterMb: number;
  /** Server CPU while idle before the load, in percent of one core: what the workers cost. */
  idleCpuPercent: number;
  /** Seconds from start until the server had settled (the demo template prepared, the start's jobs done). */
  settledSeconds: number;
  /** Demo visitors after the load, on the same server. */
  demo: DemoArrivals;
}

/** Resident memory goals once settled, before the load (issue 35): what a deployment idles at. */
export const MEMORY_GOALS_MB: Record<DatabaseKind, number> = { postgres: 250, embedded: 350 };

const TARGET_WORDS: Record<TargetName, string> = {
  bare: 'bare',
  postgres: 'PostgreSQL',
  embedded: 'embedded',
};

/** The goals of issue 11 item 5, per database. */
const GOALS: Record<DatabaseKind, { share: number; describe: string; latencyOk(load: LoadResult): boolean }> =
  {
    postgres: {
      share: 0.5,
      describe: '≥ 50% of bare requests/s and p99 < 50 ms',
      latencyOk: (load) => load.p99 < 50,
    },
    embedded: {
      share: 0.2,
      describe: '≥ 20% of bare requests/s and max < 5,000 ms',
      latencyOk: (load) => load.max < 5000,
    },
  };

function verdict(row: MeasuredRow, ratio: number): string {
  if (row.target === 'bare') return '—';
  const goal = GOALS[row.target];
  const problems = [
    ratio >= goal.share ? null : 'throughput',
    goal.latencyOk(row.load) ? null : 'latency',
    row.load.non2xx + row.load.errors === 0 ? null : 'failed requests',
  ].filter(Boolean);
  return problems.length === 0 ? 'PASS' : `FAIL (${problems.join(', ')})`;
}

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

export interface ReportContext {
  seconds: number;
  connections: number;
  tests: number;
  running: number;
  workers: boolean;
  /** CPUs, Node version and the load average when the bench started (others' work skews it). */
  machine: string;
  /** Size of each route's JSON body in bytes. */
  bodyBytes: Array<{ route: string; bytes: number }>;
}

export function formatReport(rows: MeasuredRow[], memory: MemoryReading[], context: ReportContext): string {
  const bareRate = new Map(
    rows.filter((row) => row.target === 'bare').map((row) => [row.route, row.load.requestsPerSecond]),
  );
  const header = [
    'Target',
    'Path',
    'Requests/s',
    'p50 ms',
    'p99 ms',
    'Max ms',
    'Non-2xx',
    'Ratio to bare',
    'Statements per request',
    'Server CPU ms per request',
    'Goal',
  ];
  const lines = rows.map((row) => {
    const bare = bareRate.get(row.route);
    const ratio = bare ? row.load.requestsPerSecond / bare : Number.NaN;
    const failed =
      row.load.errors > 0 ? `${row.load.non2xx} (+${row.load.errors} errors)` : String(row.load.non2xx);
    const statements =
      row.statements === null
        ? '—'
        : row.statements.first === row.statements.steady
          ? String(row.statements.steady)
          : `${row.statements.steady} (first request ${row.statements.first})`;
    const cells = [
      TARGET_WORDS[row.target],
      `GET ${row.route}`,
      row.load.requestsPerSecond.toFixed(0),
      ms(row.load.p50),
      ms(row.load.p99),
      ms(row.load.max),
      failed,
      Number.isFinite(ratio) ? ratio.toFixed(2) : '—',
      statements,
      row.load.serverCpuMsPerRequest.toFixed(2),
      verdict(row, ratio),
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const memoryLines = memory.map(
    (reading) =>
      `| ${TARGET_WORDS[reading.target]} | ${reading.settledSeconds.toFixed(0)} | ${reading.idleBeforeMb.toFixed(0)} | ${reading.idleAfterMb.toFixed(0)} | ${reading.idleCpuPercent.toFixed(1)}% | ≤ ${MEMORY_GOALS_MB[reading.target]} MB: ${reading.idleBeforeMb <= MEMORY_GOALS_MB[reading.target] ? 'PASS' : 'FAIL'} |`,
  );
  const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  const seconds = (value: number) => (value / 1000).toFixed(1);
  const demoLines = memory.map(({ target, demo }) => {
    const worst = Math.max(...demo.together, ...demo.inRow);
    const met = worst <= DEMO_GOALS.eachMs && demo.togetherMs <= DEMO_GOALS.allMs;
    return `| ${TARGET_WORDS[target]} | ${seconds(median(demo.together))} | ${seconds(Math.max(...demo.together))} | ${seconds(demo.togetherMs)} | ${seconds(median(demo.inRow))} | ${seconds(Math.max(...demo.inRow))} | ${met ? 'PASS' : 'FAIL'} |`;
  });
  const goals = (Object.keys(GOALS) as DatabaseKind[]).map(
    (kind) => `${TARGET_WORDS[kind]} ${GOALS[kind].describe}`,
  );
  return [
    `API load: \`npm run bench:api\` — autocannon, ${context.connections} connections, ${context.seconds} s per path after a 2 s warm-up, against the real server (own process, simulator mode, ${context.workers ? 'workers on' : 'web only: WORKERS=false'}) and a bare Fastify process serving the same JSON, on ${context.machine}. Account: ${context.tests} hourly views tests (${context.running} running) with 7 days of rotations, 10-minute view samples and daily figures. Goals: ${goals.join('; ')}; any failed request fails a row.`,
    '',
    `Response bodies: ${context.bodyBytes.map(({ route, bytes }) => `GET ${route} ${(bytes / 1024).toFixed(1)} KB`).join(', ')}. Statements per request: counted in-process with a drizzle logger on the seeded database, after one request per path (the first request's count shown when it differs). Server CPU: user + system time of the server process during the measured run, per request (less sensitive than requests/s to other work on the machine).`,
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines,
    '',
    "Memory: the server is left to settle first (its CPU under 10% of a core in three 5-s windows in a row: the demo template prepared, the start's jobs done), then its resident set (VmRSS) is read idle, before and after the load.",
    '',
    '| Server | Settled after (s) | RSS idle before load (MB) | RSS idle after load (MB) | Server CPU idle before load | Goal (before load) |',
    '|---|---|---|---|---|---|',
    ...memoryLines,
    '',
    `Demo arrivals, after the load on the same server: ${DEMO_GOALS.visitors} visitors click "Try the demo" at once, each from an address of its own, then ${DEMO_GOALS.visitors} more one after the other; each is timed from the click (POST /api/auth/demo-login) to their dashboard's test list (GET /api/tests). Goal: all ${DEMO_GOALS.visitors} in within ${DEMO_GOALS.allMs / 60_000} minutes, each within ${DEMO_GOALS.eachMs / 1000} s.`,
    '',
    `| Server | At once: median (s) | At once: max (s) | At once: all in (s) | In a row: median (s) | In a row: max (s) | Goal |`,
    '|---|---|---|---|---|---|---|',
    ...demoLines,
  ].join('\n');
}
