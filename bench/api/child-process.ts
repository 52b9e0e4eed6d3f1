import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sleep } from '../rotation/measure';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();
/** Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ). */
const TICKS_PER_SECOND = 100;

export interface ServerProcess {
  pid: number;
  stop(): Promise<void>;
}

/** Kills every child still running (an error or an interrupt on the way out). */
export function killChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}

/**
 * Starts an entry point in its own Node process (its memory is its own): a TypeScript one through
 * tsx, a bundle (dist/server) as `npm start` runs it, without tsx's loader in its memory. Forwards
 * its output to stderr with a label, and waits until `healthUrl` answers 200.
 */
export async function startServer(
  label: string,
  entry: string,
  nodeArgs: readonly string[],
  env: NodeJS.ProcessEnv,
  healthUrl: string,
): Promise<ServerProcess> {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // An object, so the wait loop below sees the exit handler's writes (not narrowed to null).
  const state: { exited: string | null } = { exited: null };
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      state.exited = signal ?? String(code);
      resolve();
    }),
  );
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) process.stderr.write(`[${label}] ${line}\n`);
    });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (state.exited !== null)
      throw new Error(`${label} exited (${state.exited}) before it answered ${healthUrl}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${label} did not answer ${healthUrl} within 120 s`);
    }
    const ok = await fetch(healthUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  return {
    pid: child.pid!,
    async stop() {
      if (state.exited !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exit;
      clearTimeout(killer);
    },
  };
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

/** CPU seconds (user + system) a process has used so far (/proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3 (state).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
