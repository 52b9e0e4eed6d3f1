/**
 * The time source of the product. Production uses the system clock; the simulator and tests
 * move a controllable one so a week of rotations takes seconds.
 */
export interface Clock {
  now(): Date;
}

export interface ControllableClock extends Clock {
  advance(ms: number): Date;
  set(to: Date): Date;
  /** Offset from the system clock, in milliseconds. */
  offsetMs(): number;
  /** Called with the new offset after each advance or set (the deployment-wide clock stores it). */
  onMove(listener: (offsetMs: number) => void): void;
  /** Adopts an offset another process moved to, when it is ahead; tells no listener. */
  catchUp(offsetMs: number): void;
}

export const systemClock: Clock = { now: () => new Date() };

export function isControllableClock(clock: Clock): clock is ControllableClock {
  return 'advance' in clock && typeof (clock as ControllableClock).advance === 'function';
}

/** A clock that runs with real time but can be jumped forward (it never goes back). */
export function createControllableClock(startOffsetMs = 0): ControllableClock {
  let offset = startOffsetMs;
  const listeners: ((offsetMs: number) => void)[] = [];
  const moved = () => {
    for (const listener of listeners) listener(offset);
    return new Date(Date.now() + offset);
  };
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      if (ms < 0) throw new Error('The clock only moves forward.');
      offset += ms;
      return moved();
    },
    set(to) {
      const next = to.getTime() - Date.now();
      if (next < offset) throw new Error('The clock only moves forward.');
      offset = next;
      return moved();
    },
    offsetMs: () => offset,
    onMove: (listener) => void listeners.push(listener),
    catchUp(offsetMs) {
      if (offsetMs > offset) offset = offsetMs;
    },
  };
}
