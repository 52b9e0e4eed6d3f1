import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { configToJson } from '../config';
import { projectRoot } from '../platform/project-root';
import { SERVER_NODE_FLAGS } from '../platform/server-runtime';
import type { ServiceContext } from '../context/service-context';

/**
 * How the child that prepares the demo template is started (with this process's environment, so
 * SERVER_ENVIRONMENT when it runs as the product does): the server's bundle beside
 * dist/server/main.js when this process runs from it, else the source through tsx (development
 * and tests).
 */
function childCommand(): string[] {
  const bundle = join(projectRoot, 'dist/server/demo-prepare.js');
  const fromBundle = process.argv[1]?.startsWith(join(projectRoot, 'dist/server')) === true;
  return fromBundle && existsSync(bundle)
    ? [...SERVER_NODE_FLAGS, bundle]
    : ['--import', 'tsx', join(projectRoot, 'src/demo-prepare.ts')];
}

export class RehearsalProcessError extends Error {}

/** A rehearsal takes about a minute of CPU; one still running after this was stuck (the job's own limit is 15 min). */
const REHEARSAL_LIMIT_MS = 10 * 60_000;

/**
 * Rehearses a new demo template (rehearseTemplate) in a child process on the same configuration
 * and waits for it; its log lines join this process's. Throws when the child fails or runs past
 * REHEARSAL_LIMIT_MS (it is killed), so the job is retried; the child never outlives this process.
 */
export async function prepareInChildProcess(ctx: ServiceContext): Promise<void> {
  const child = spawn(process.execPath, childCommand(), {
    cwd: projectRoot,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const timer = setTimeout(killChild, REHEARSAL_LIMIT_MS);
  try {
    const exited = new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => resolve(code));
    });
    // A child that dies before reading its configuration fails by its exit code, not by a write error.
    child.stdin.on('error', (error) =>
      ctx.log.warn({ err: error }, 'The demo rehearsal process closed its input'),
    );
    child.stdin.end(configToJson(ctx.config));
    const code = await exited;
    if (code !== 0) throw new RehearsalProcessError(`The demo rehearsal process exited with ${code}`);
  } finally {
    clearTimeout(timer);
    process.off('exit', killChild);
  }
}
