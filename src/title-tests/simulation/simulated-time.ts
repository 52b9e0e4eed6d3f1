import { isControllableClock, type ControllableClock } from '../../platform/clock';
import type { ServiceContext } from '../../context/service-context';
import type { UserRow } from '../../../db/schema/users';
import type { EngineContext } from '../engine/engine-context';
import { fastForward } from './fast-forward';
import { assertClockMayMove } from './clock-moves-stop';

/**
 * The simulator's control of time (never with real Google): moves the deployment's clock forward
 * and runs, in time order, every job that falls due on the way, through the real handlers. One
 * move at a time per clock, whoever asks (the simulator's control API, a founder's fast-forward
 * button).
 */
export interface SimulatedTime {
  moveTo(to: Date): Promise<{ now: Date; steps: number; failures: number }>;
  /** Moves `ms` past where the previous move ended (the target is taken when this move begins). */
  advance(ms: number): Promise<{ now: Date; steps: number; failures: number }>;
}

/**
 * The time of one account's own sandbox (a demo visitor's copy, src/demo/demo-time.ts): a move
 * takes that account's channel and tests at least to `to`, in whole days, while the deployment's
 * clock stays where it is.
 */
export interface SandboxTime {
  moveTo(to: Date): Promise<{ movedDays: number; failures: number }>;
}

/**
 * What a fast-forward runs on: the engine's context, plus, where the deployment has demo sandboxes
 * (the simulator's), how to find `user`'s own (src/demo/demo-time.ts): a fast-forward then moves
 * only that. Unset, or null for a user, when everyone shares the deployment's clock.
 */
export interface TimeControlContext extends EngineContext {
  sandboxTime?(ctx: ServiceContext, user: UserRow): Promise<SandboxTime | null>;
}

/** The move under way on each clock: the next one waits for it. */
const movesByClock = new WeakMap<ControllableClock, Promise<unknown>>();

/** Time control for this context, or null when it runs on real time (real Google). */
export function simulatedTimeOf(ctx: EngineContext): SimulatedTime | null {
  const { clock } = ctx;
  if (!ctx.config.google.simulator || !isControllableClock(clock)) return null;
  const enqueue = (target: () => Date) => {
    const previous = movesByClock.get(clock) ?? Promise.resolve();
    const move = previous.then(async () => {
      // A stopping process ends the move at its next step (src/title-tests/simulation/clock-moves-stop.ts).
      const report = await fastForward(ctx, clock, target(), {
        onMove: async () => assertClockMayMove(clock),
      });
      for (const { queue, error } of report.failures)
        ctx.log.warn({ err: error, queue }, 'A job failed during a simulated clock move');
      return { now: clock.now(), steps: report.steps, failures: report.failures.length };
    });
    movesByClock.set(
      clock,
      move.catch(() => undefined),
    );
    return move;
  };
  return {
    moveTo: (to) => enqueue(() => to),
    advance: (ms) => enqueue(() => new Date(clock.now().getTime() + ms)),
  };
}
