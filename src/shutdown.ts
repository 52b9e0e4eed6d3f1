import type { FastifyBaseLogger } from 'fastify';

/**
 * How long a process may take to stop after SIGTERM or SIGINT: in-flight requests and jobs get
 * until then to finish, then their connections are cut and the process exits. An orchestrator
 * waits about 30 s before SIGKILL; this leaves room under it.
 */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Past the deadline, how long the stop itself may still take before the process exits anyway. */
const HARD_STOP_GRACE_MS = 2_000;

/**
 * Stops the process on SIGTERM or SIGINT: runs `stop` with the deadline (epoch ms) once, then
 * exits 0, or 1 if it failed or has not returned shortly after the deadline.
 */
export function stopOnSignals(log: FastifyBaseLogger, stop: (deadline: number) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + SHUTDOWN_DEADLINE_MS;
    log.info(
      `${signal} received: finishing in-flight work (at most ${SHUTDOWN_DEADLINE_MS / 1000} s), then stopping`,
    );
    setTimeout(() => {
      log.error('Stopping took past its deadline: exiting now');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS + HARD_STOP_GRACE_MS).unref();
    stop(deadline).then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));
}
