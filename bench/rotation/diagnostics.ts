import { performance } from 'node:perf_hooks';
import postgres from 'postgres';

export interface RunDiagnostics {
  /** Share of the run this process's event loop was busy (1 = saturated). */
  eventLoopUtilization: number;
  /** CPU seconds this process used per wall second (up to the core count). */
  processCpu: number;
  /** What the database's busy sessions were doing, as shares of the samples, largest first. */
  sessionStates: Array<{ state: string; share: number }>;
  /** Average number of busy database sessions. */
  busySessions: number;
}

const SAMPLE_MS = 250;

function describe(waitType: string | null, waitEvent: string | null, query: string): string {
  if (waitType === 'Lock' && waitEvent === 'advisory' && query.includes('sim_quota_usage'))
    return 'waiting for the simulator quota lock';
  if (waitType === 'Client' && waitEvent === 'ClientRead') return 'waiting for Node (ClientRead)';
  if (waitType === null) return 'running';
  return `waiting: ${waitType}/${waitEvent}`;
}

/**
 * Samples pg_stat_activity of this database (the benchmark's own queries excluded) and this
 * process's event loop and CPU while the rotations run, to say what limits them.
 */
export function startDiagnostics(databaseUrl: string): { stop(): Promise<RunDiagnostics> } {
  // A connection of its own, so sampling never waits for (or takes) one of the app's pool.
  const client = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const loopStart = performance.eventLoopUtilization();
  const cpuStart = process.cpuUsage();
  const wallStart = Date.now();
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const sample = async () => {
    const rows = await client<{ wait_event_type: string | null; wait_event: string | null; query: string }[]>`
      select wait_event_type, wait_event, query from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'
        and query not like '%from rotations where planned_start%'`;
    samples += 1;
    for (const row of rows) {
      const state = describe(row.wait_event_type, row.wait_event, row.query);
      counts.set(state, (counts.get(state) ?? 0) + 1);
      busy += 1;
    }
  };
  // Sampling ends quietly if the database goes away (an interrupted run drops it).
  const sampling = (async () => {
    while (running) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })().catch(() => undefined);
  return {
    async stop() {
      running = false;
      await sampling;
      await client.end({ timeout: 1 });
      const cpu = process.cpuUsage(cpuStart);
      const wallSeconds = (Date.now() - wallStart) / 1000;
      const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
      return {
        eventLoopUtilization: performance.eventLoopUtilization(loopStart).utilization,
        processCpu: (cpu.user + cpu.system) / 1e6 / wallSeconds,
        sessionStates: [...counts]
          .map(([state, count]) => ({ state, share: total ? count / total : 0 }))
          .sort((a, b) => b.share - a.share),
        busySessions: samples ? busy / samples : 0,
      };
    },
  };
}
