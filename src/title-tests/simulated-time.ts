import type { FastifyBaseLogger } from 'fastify';
import type { ControllableClock } from '../clock';
import type { EngineContext } from './engine-context';
import { fastForward } from './fast-forward';

/**
 * The simulator's control of time (never with real Google): moves the deployment's clock forward
 * and runs, in time order, every job that falls due on the way, through the real handlers. One
 * move at a time, whoever asks (the simulator's control API, a founder's fast-forward button).
 */
export interface SimulatedTime {
  moveTo(to: Date): Promise<{ now: Date; steps: number; failures: number }>;
  /** Moves `ms` past where the previous move ended (the target is taken when this move begins). */
  advance(ms: number): Promise<{ now: Date; steps: number; failures: number }>;
}

export function createSimulatedTime(
  engine: EngineContext,
  clock: ControllableClock,
  log: FastifyBaseLogger,
): SimulatedTime {
  let moves: Promise<unknown> = Promise.resolve();
  const enqueue = (target: () => Date) => {
    const move = moves.then(async () => {
      const report = await fastForward(engine, clock, target());
      for (const { queue, error } of report.failures)
        log.warn({ err: error, queue }, 'A job failed during a simulated clock move');
      return { now: clock.now(), steps: report.steps, failures: report.failures.length };
    });
    moves = move.catch(() => undefined);
    return move;
  };
  return {
    moveTo: (to) => enqueue(() => to),
    advance: (ms) => enqueue(() => new Date(clock.now().getTime() + ms)),
  };
}
