import { ConcurrencyLimiter, OverloadedError, type ConcurrencyLimits } from './concurrency-limiter';

// Costly work bounded per process and per key (an account): at most one piece per key at a time,
// and `limits` across keys, a few waiting briefly, the rest refused at once. Image reads
// (src/images/image-work.ts) and long operations (src/api/long-work.ts) stand on it; each maps
// the refusals to its own words.

/** Why work was not taken: its key already has work running, or the process has no room. */
export class WorkRefusedError extends Error {
  constructor(readonly reason: 'in-flight' | 'busy') {
    super(reason === 'in-flight' ? 'This key already has work running' : 'No room for more work');
    this.name = 'WorkRefusedError';
  }
}

export class BoundedWork {
  private readonly limiter: ConcurrencyLimiter;
  private readonly keysAtWork = new Set<string>();

  constructor(readonly limits: ConcurrencyLimits) {
    this.limiter = new ConcurrencyLimiter(limits);
  }

  /**
   * Runs `work` for `key` within the bounds, or throws WorkRefusedError: 'in-flight' when `key`
   * already has work running or waiting, 'busy' when the process has more waiting than it lets wait.
   * `whileWaiting` runs once the work is accepted, before it waits for its turn.
   */
  async run<T>(key: string, work: () => Promise<T>, whileWaiting?: () => void): Promise<T> {
    if (this.keysAtWork.has(key)) throw new WorkRefusedError('in-flight');
    this.keysAtWork.add(key);
    try {
      const acquired = this.limiter.acquire();
      whileWaiting?.();
      let release: () => void;
      try {
        release = await acquired;
      } catch (error) {
        if (error instanceof OverloadedError) throw new WorkRefusedError('busy');
        throw error;
      }
      try {
        return await work();
      } finally {
        release();
      }
    } finally {
      this.keysAtWork.delete(key);
    }
  }

  /** Pieces running and waiting now. */
  load(): { running: number; waiting: number } {
    return { running: this.limiter.active, waiting: this.limiter.queued };
  }
}
