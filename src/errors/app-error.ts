/**
 * The one error vocabulary of Titlewise. Services throw AppError; exactly two places map it:
 * src/api/trpc/errors.ts (to tRPC codes) and src/http/error-handler.ts (to HTTP statuses with
 * an `{ "error": "…" }` body). Anything that is not an AppError becomes a generic 500.
 */
export const appErrorCodes = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  UPSTREAM_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
} as const;

export type AppErrorCode = keyof typeof appErrorCodes;

export class AppError extends Error {
  /** For a refusal that passes with time (429): seconds until asking again can succeed (Retry-After). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  get status(): number {
    return appErrorCodes[this.code].status;
  }
}

export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);
export const unauthorized = (message = 'Please sign in.') => new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to do that.') =>
  new AppError('FORBIDDEN', message);
export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** The message a client may see: AppError messages are written for users; anything else is masked. */
export function publicMessage(error: unknown): { status: number; message: string } {
  if (error instanceof AppError) return { status: error.status, message: error.message };
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}
