// Reading what went wrong from a googleapis / google-auth-library error (a GaxiosError: HTTP
// status plus Google's JSON error body, or no response at all). Duck-typed on purpose: the
// error classes live in transitive packages whose copies may differ.

export type GoogleFailure =
  | { type: 'quota'; reason: 'quotaExceeded' | 'rateLimitExceeded' }
  | { type: 'invalid-grant' }
  | { type: 'unauthenticated' }
  | { type: 'forbidden'; reason: string; message: string }
  | { type: 'not-found'; reason: string }
  | { type: 'conflict'; reason: string }
  | { type: 'invalid'; reason: string; message: string }
  | { type: 'transient'; detail: string }
  | { type: 'unknown' };

interface HttpLikeError {
  config?: unknown;
  code?: unknown;
  status?: unknown;
  response?: { status?: unknown; data?: unknown };
  message?: unknown;
}

const metadataReasons = new Set([
  'invalidTitle',
  'invalidDescription',
  'invalidTags',
  'invalidCategoryId',
  'invalidVideoMetadata',
]);
export const isMetadataReason = (reason: string) => metadataReasons.has(reason);

function googleErrorBody(data: unknown): { reason: string; message: string; oauthError: string | null } {
  if (typeof data === 'string') {
    try {
      return googleErrorBody(JSON.parse(data) as unknown);
    } catch {
      return { reason: '', message: data.slice(0, 200), oauthError: null };
    }
  }
  if (!data || typeof data !== 'object') return { reason: '', message: '', oauthError: null };
  const error = (data as { error?: unknown }).error;
  // OAuth endpoints answer {"error": "invalid_grant", "error_description": "…"}.
  if (typeof error === 'string') {
    const description = (data as { error_description?: unknown }).error_description;
    return {
      reason: error,
      message: typeof description === 'string' ? description : error,
      oauthError: error,
    };
  }
  if (!error || typeof error !== 'object') return { reason: '', message: '', oauthError: null };
  const body = error as { message?: unknown; status?: unknown; errors?: Array<{ reason?: unknown }> };
  const first = Array.isArray(body.errors) ? body.errors[0] : undefined;
  const reason =
    typeof first?.reason === 'string' ? first.reason : typeof body.status === 'string' ? body.status : '';
  return { reason, message: typeof body.message === 'string' ? body.message : '', oauthError: null };
}

function isHttpLike(error: unknown): error is HttpLikeError {
  return typeof error === 'object' && error !== null && ('response' in error || 'config' in error);
}

/**
 * thumbnails.set answers 403 `forbidden` both for a video the caller may not change and for a
 * channel without the custom-thumbnails feature; only the message tells them apart.
 */
export const refusesCustomThumbnails = (failure: GoogleFailure) =>
  failure.type === 'forbidden' && /custom (video )?thumbnails/i.test(failure.message);

/** What a failed Google call means for the product. Anything not from the HTTP layer is 'unknown' (a bug, not YouTube). */
export function classifyGoogleError(error: unknown): GoogleFailure {
  if (!isHttpLike(error)) return { type: 'unknown' };
  const status = typeof error.response?.status === 'number' ? error.response.status : null;
  if (status === null) {
    // No answer: connection refused or reset, DNS, or our timeout fired.
    const code = typeof error.code === 'string' ? error.code : 'no response';
    return { type: 'transient', detail: code };
  }
  const { reason, message, oauthError } = googleErrorBody(error.response?.data);
  if (oauthError === 'invalid_grant') return { type: 'invalid-grant' };
  if (status === 429) return { type: 'quota', reason: 'rateLimitExceeded' };
  if (
    status === 403 &&
    (reason === 'quotaExceeded' || reason === 'rateLimitExceeded' || reason === 'dailyLimitExceeded')
  ) {
    return { type: 'quota', reason: reason === 'rateLimitExceeded' ? 'rateLimitExceeded' : 'quotaExceeded' };
  }
  if (status === 401) return { type: 'unauthenticated' };
  if (status === 403) return { type: 'forbidden', reason, message };
  if (status === 404) return { type: 'not-found', reason };
  if (status === 409) return { type: 'conflict', reason };
  if (status === 408 || status >= 500) return { type: 'transient', detail: `HTTP ${status}` };
  return { type: 'invalid', reason, message };
}

/**
 * A loggable stand-in for a failed call. The raw GaxiosError carries the request config — for a
 * token refresh that is the refresh token and client secret — so it never leaves the gateway.
 */
export function describeFailure(method: string, failure: GoogleFailure): Error {
  const detail = Object.entries(failure)
    .filter(([key, value]) => key !== 'type' && typeof value === 'string' && value !== '')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return new Error(`${method} failed: ${failure.type}${detail ? ` (${detail})` : ''}`);
}
