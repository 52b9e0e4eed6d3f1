/**
 * Fault injection for tests and benchmarks: queued faults are served by the next matching
 * simulator requests, one fault per request. Lives in the simulator's process memory by design:
 * it is a test control, not product state.
 */
export const faultKinds = [
  'quotaExceeded',
  'rateLimitExceeded',
  'backendError',
  'timeout',
  'invalid_grant',
  'slow',
] as const;
export type FaultKind = (typeof faultKinds)[number];
export const faultTargets = ['token', 'data', 'analytics', 'reporting'] as const;
export type FaultTarget = (typeof faultTargets)[number];

export interface Fault {
  target: FaultTarget;
  kind: FaultKind;
  /** For `slow`: how long the answer is held back (default 2 s). */
  delayMs: number;
}

export const DEFAULT_SLOW_MS = 2000;

export interface FaultInjector {
  inject(target: FaultTarget, kind: FaultKind, times?: number, options?: { delayMs?: number }): void;
  take(target: FaultTarget): Fault | null;
  clear(): void;
  pending(): Fault[];
}

export function createFaultInjector(): FaultInjector {
  let queue: Fault[] = [];
  return {
    inject(target, kind, times = 1, options = {}) {
      const delayMs = options.delayMs ?? DEFAULT_SLOW_MS;
      for (let index = 0; index < times; index += 1) queue.push({ target, kind, delayMs });
    },
    take(target) {
      const index = queue.findIndex((fault) => fault.target === target);
      if (index === -1) return null;
      const [fault] = queue.splice(index, 1);
      return fault!;
    },
    clear() {
      queue = [];
    },
    pending: () => queue.map((fault) => ({ ...fault })),
  };
}
