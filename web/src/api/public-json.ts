/** A refused public read: its HTTP status and the server's own sentence. */
export class PublicReadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A GET without a session, for the pages a link opens (a shared report, a team invitation): the
 * link's token travels in `query` as `token`, which the server's request log redacts. JSON back;
 * a refusal throws PublicReadError with the `error` the server answered (or the status text).
 */
export async function fetchPublicJson<T>(
  path: string,
  query: Record<string, string>,
  signal: AbortSignal,
): Promise<T> {
  const response = await fetch(`${path}?${new URLSearchParams(query)}`, { credentials: 'omit', signal });
  const text = await response.text();
  if (response.ok) return JSON.parse(text) as T;
  let message = text || response.statusText;
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? message;
  } catch {
    // Not JSON: the status text says enough.
  }
  throw new PublicReadError(response.status, message);
}
