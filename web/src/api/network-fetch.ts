import { isNetworkError, NetworkError } from '#shared/network-error';

/**
 * fetch, with a network failure or timeout turned into a NetworkError; a request made while the
 * browser says it is offline fails at once instead of waiting.
 */
export async function fetchOrNetworkError(
  input: RequestInfo | URL,
  init: RequestInit & { timeoutMs?: number } = {},
): Promise<Response> {
  const { timeoutMs, ...options } = init;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new NetworkError();
  const signals = [options.signal, timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined].filter(
    (signal): signal is AbortSignal => signal !== undefined && signal !== null,
  );
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  try {
    return await fetch(input, { ...options, signal });
  } catch (error) {
    // An abort the caller asked for stays an abort; a timeout or a failed network is a NetworkError.
    if (options.signal?.aborted) throw error;
    if (isNetworkError(error) || (error instanceof Error && error.name === 'AbortError')) {
      throw new NetworkError();
    }
    throw error;
  }
}
