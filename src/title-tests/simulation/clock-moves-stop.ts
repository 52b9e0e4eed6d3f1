import type { ControllableClock } from '../../platform/clock';
import { AppError } from '../../errors/app-error';

/** What a clock move cut short by the process stopping answers (503: try again). */
export const CLOCK_MOVE_STOPPED_MESSAGE =
  'The server is restarting, so the clock stopped where it was. Try again in a moment.';

const stopped = new WeakSet<ControllableClock>();

/**
 * Ends the simulated clock's moves of a stopping process: a move under way (a fast-forward of
 * weeks runs for minutes) stops at its next step, and none starts, so the stop keeps its deadline.
 */
export function stopClockMoves(clock: ControllableClock): void {
  stopped.add(clock);
}

/** Throws once the process is stopping: called at each step of a move. */
export function assertClockMayMove(clock: ControllableClock): void {
  if (stopped.has(clock)) throw new AppError('UPSTREAM_UNAVAILABLE', CLOCK_MOVE_STOPPED_MESSAGE);
}
