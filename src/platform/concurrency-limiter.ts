// A counting semaphore with a bounded wait: the request slots of a web process
// (src/api/request-limit.ts) and the image work of uploads (src/images/image-work.ts).

export interface ConcurrencyLimits {
  /** Holders at once (requests handled, images read, …). */
  maxConcurrent: number;
  /** Callers allowed to wait for a slot; one more is refused at once. */
  maxQueued: number;
  /** Longest a caller waits for a slot before it is refused. */
  maxWaitMs: number;
}

/** Thrown (as a rejection) when a request finds the queue full or waits longer than maxWaitMs. */
export class OverloadedError extends Error {
  constructor(readonly reason: 'queue-full' | 'wait-timeout') {
    super(reason === 'queue-full' ? 'The queue for a slot is full' : 'Waited too long for a slot');
    this.name = 'OverloadedError';
  }
}

interface Waiter {
  grant(release: () => void): void;
  timer: NodeJS.Timeout;
}

/**
 * A counting semaphore with a bounded FIFO queue and a maximum wait. `acquire()` resolves with a
 * release function (call it exactly once; later calls are ignored) or rejects with OverloadedError.
 */
export class ConcurrencyLimiter {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: ConcurrencyLimits) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  acquire(): Promise<() => void> {
    if (this.running < this.limits.maxConcurrent) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.limits.maxQueued) {
      return Promise.reject(new OverloadedError('queue-full'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index !== -1) this.waiting.splice(index, 1);
          reject(new OverloadedError('wait-timeout'));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) {
        // The slot passes straight to the longest waiter: `running` stays the same.
        clearTimeout(next.timer);
        next.grant(this.releaser());
      } else {
        this.running -= 1;
      }
    };
  }
}
