/**
 * Fault injection for tests and benchmarks: queued faults are served by the next matching
 * simulator requests, one fault per request. Lives in the simulator's process memory by design:
 * it is a test control, not product state.
 */
export const faultKinds = ['quotaExceeded', 'rateLimitExceeded', 'backendError', 'timeout', 'invalid_grant', 'slow'] as const;
export type FaultKind = (typeof faultKinds)[number];
export const faultTargets = ['token', 'data', 'analytics', 'reporting'] as const;
export type FaultTarget = (typeof faultTargets)[number];

export interface FaultInjector {
  inject(target: FaultTarget, kind: FaultKind, times?: number): void;
  take(target: FaultTarget): FaultKind | null;
  clear(): void;
  pending(): Array<{ target: FaultTarget; kind: FaultKind }>;
}

export function createFaultInjector(): FaultInjector {
  let queue: Array<{ target: FaultTarget; kind: FaultKind }> = [];
  return {
    inject(target, kind, times = 1) {
      for (let index = 0; index < times; index += 1) queue.push({ target, kind });
    },
    take(target) {
      const index = queue.findIndex((fault) => fault.target === target);
      if (index === -1) return null;
      const [fault] = queue.splice(index, 1);
      return fault!.kind;
    },
    clear() {
      queue = [];
    },
    pending: () => [...queue],
  };
}
