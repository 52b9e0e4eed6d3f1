import { AppError, type AppErrorCode } from '../../errors/app-error';
import { RECONNECT_INSTRUCTIONS } from '../../shared/reconnect';
import { formatMoment } from '../../shared/moments';

/**
 * What can go wrong talking to YouTube, as the product must react to it (docs/youtube.md).
 * Each is an AppError with a message a creator can read, so an operation that surfaces one needs
 * no mapping.
 */
export type GatewayFailureKind = 'quota' | 'authorization' | 'not-found' | 'invalid' | 'transient';

export abstract class YouTubeGatewayError extends AppError {
  abstract readonly kind: GatewayFailureKind;

  constructor(
    code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(code, message, options);
    this.name = new.target.name;
  }
}

/** 403 quotaExceeded or 429 rateLimitExceeded: stop calling until the Pacific-midnight reset. */
export class QuotaExhaustedError extends YouTubeGatewayError {
  readonly kind = 'quota';

  constructor(
    readonly reason: 'quotaExceeded' | 'rateLimitExceeded',
    readonly resetsAt: Date,
    options?: { cause?: unknown },
  ) {
    super(
      'RATE_LIMITED',
      `YouTube's daily API quota is used up; it resets at midnight Pacific time (${formatMoment(resetsAt, null)}).`,
      options,
    );
  }
}

/** The grant is dead (invalid_grant, or still 401 after a refresh): the connection is marked disconnected. */
export class AuthorizationLostError extends YouTubeGatewayError {
  readonly kind = 'authorization';

  constructor(
    readonly connectionId: string,
    options?: { cause?: unknown },
  ) {
    super(
      'FORBIDDEN',
      `Titlewise no longer has access to your YouTube channel. ${RECONNECT_INSTRUCTIONS}.`,
      options,
    );
  }
}

/** YouTube's reason for a 403 whose grant lacks a permission (a scope the creator did not allow). */
const MISSING_SCOPE_REASON = 'insufficientPermissions';

/**
 * 403 for a permission YouTube denies. A scope the grant lacks (`insufficientPermissions`) fails
 * every call on the channel, so it is a lost authorization: the creator signs in again and allows
 * every permission. Any other 403 (`forbidden`: this video cannot be changed by this caller, such
 * as another channel's video) refuses this request only: the grant lives and the channel's other
 * tests go on, so it is 'invalid' and pauses only the test that asked.
 */
export class PermissionDeniedError extends YouTubeGatewayError {
  readonly kind: 'authorization' | 'invalid';

  constructor(
    readonly reason: string,
    message?: string,
    options?: { cause?: unknown },
  ) {
    const missingScope = reason === MISSING_SCOPE_REASON;
    super(
      'FORBIDDEN',
      message ??
        (missingScope
          ? 'YouTube refused: Titlewise lacks the permission for this. Sign in again and allow every requested permission.'
          : 'YouTube refused to change this video for this channel (it may belong to another channel, or be locked for editing in YouTube Studio).'),
      options,
    );
    this.kind = missingScope ? 'authorization' : 'invalid';
  }
}

/**
 * 403 from thumbnails.set because the channel may not set custom thumbnails at all: YouTube allows
 * them only on verified channels (docs/youtube.md#custom-thumbnails). The grant is fine and the
 * channel's other tests go on, so it is 'invalid' for this request, not a lost authorization.
 */
export class CustomThumbnailsForbiddenError extends YouTubeGatewayError {
  readonly kind = 'invalid';

  constructor(options?: { cause?: unknown }) {
    super(
      'FORBIDDEN',
      'This channel may not set custom thumbnails: YouTube allows them only on verified channels. Verify the channel in YouTube Studio (Settings → Channel → Feature eligibility), then try again.',
      options,
    );
  }
}

export class NotFoundError extends YouTubeGatewayError {
  readonly kind = 'not-found';

  constructor(what: string, options?: { cause?: unknown }) {
    super('NOT_FOUND', `${what} was not found on YouTube.`, options);
  }
}

/** YouTube refused the request as invalid (400), e.g. a report query it does not support. */
export class InvalidRequestError extends YouTubeGatewayError {
  readonly kind = 'invalid';

  constructor(
    readonly reason: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super('BAD_REQUEST', message, options);
  }
}

/** The metadata would break YouTube's rules (title ≤ 100 characters, no < or >, …). */
export class InvalidMetadataError extends InvalidRequestError {}

/** 5xx or no answer in time, still failing after the gateway's bounded retries. */
export class TransientError extends YouTubeGatewayError {
  readonly kind = 'transient';

  constructor(
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(
      'UPSTREAM_UNAVAILABLE',
      'YouTube is not answering right now. Please try again in a few minutes.',
      options,
    );
  }
}
