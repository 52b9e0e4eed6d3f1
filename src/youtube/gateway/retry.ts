/** Exponential backoff before attempt `attempt + 1` (1-based `attempt` just failed), capped at 30 s. */
export function backoffDelayMs(attempt: number, baseDelayMs: number): number {
  return Math.min(30_000, baseDelayMs * 2 ** (attempt - 1));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
