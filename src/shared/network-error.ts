// Pure, so web/ may import it.

/**
 * The one wording and test for "the request never reached the server" (issue 26, item 2): the
 * browser is offline, the connection dropped (fetch's TypeError), or no answer came in time.
 */
export const NETWORK_ERROR_MESSAGE = 'Can’t reach Titlewise. Check your connection.';
export const OFFLINE_MESSAGE = 'You’re offline. Changes will not reach Titlewise until you’re back online.';

/** How long a change (a tRPC mutation) may wait for the server before it counts as unreachable. */
export const MUTATION_TIMEOUT_MS = 20_000;

/** The error a request gets when it cannot reach the server. */
export class NetworkError extends Error {
  constructor() {
    super(NETWORK_ERROR_MESSAGE);
    this.name = 'NetworkError';
  }
}

/** Whether an error (or an error it wraps, e.g. a TRPCClientError's cause) means the server was not reached. */
export function isNetworkError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1) {
    if (current instanceof NetworkError) return true;
    if (current.name === 'TimeoutError') return true;
    // fetch rejects with a TypeError when the network fails (Chromium "Failed to fetch",
    // Firefox "NetworkError when attempting to fetch resource.", Safari "Load failed").
    if (current instanceof TypeError && /fetch|network|load failed/i.test(current.message)) return true;
    if (current.message === NETWORK_ERROR_MESSAGE) return true;
    current = current.cause;
  }
  return false;
}
