import type { OAuth2Client } from 'google-auth-library';
import type { ServiceContext } from '../../context/service-context';
import { markConnectionDisconnected, type ChannelConnection } from '../../channels';
import { nextPacificMidnight } from '../../time/pacific';
import { createOAuthClient, youtubeAnalyticsApi, youtubeApi, youtubeReportingApi } from '../google-clients';
import { quotaCosts, recordQuotaUse, type QuotaMethod } from '../quota-ledger';
import { chargeUserRead, currentPayer } from './user-reads';
import { secondsSince } from '../../platform/metrics';
import { inClientSpan } from '../../platform/spans';
import {
  classifyGoogleError,
  describeFailure,
  isMetadataReason,
  refusesCustomThumbnails,
  type GoogleFailure,
} from './classify';
import {
  AuthorizationLostError,
  CustomThumbnailsForbiddenError,
  InvalidMetadataError,
  InvalidRequestError,
  NotFoundError,
  PermissionDeniedError,
  QuotaExhaustedError,
  TransientError,
} from './errors';
import { backoffDelayMs, sleep } from './retry';
import { clockOffsetMs, persistRefreshedTokens, storedCredentials } from './tokens';

export interface CallOptions {
  /** What a 404 means, for the error message, e.g. "Video abc123". */
  notFound?: string;
}

/** One channel connection's authorised clients. Every request goes through `call`. */
export interface ChannelClient {
  connection: ChannelConnection;
  youtube: ReturnType<typeof youtubeApi>;
  analytics: ReturnType<typeof youtubeAnalyticsApi>;
  reporting: ReturnType<typeof youtubeReportingApi>;
  /**
   * Runs one Google call: records every attempt in the quota ledger (Pacific day, units the
   * attempt really cost), retries 5xx and timeouts with backoff a bounded number of times,
   * refreshes once on a 401, persists refreshed tokens, and throws the gateway's typed errors.
   */
  call<T>(method: QuotaMethod, request: () => Promise<T>, options?: CallOptions): Promise<T>;
}

/** Units an attempt cost Google-side: refused before any work (quota, authentication) costs none. */
function unitsCharged(method: QuotaMethod, failure: GoogleFailure | null): number {
  if (failure && ['quota', 'unauthenticated', 'invalid-grant'].includes(failure.type)) return 0;
  return quotaCosts[method];
}

/** The typed error for a failure that retrying cannot fix. */
function finalError(
  failure: Exclude<GoogleFailure, { type: 'invalid-grant' | 'unauthenticated' | 'transient' }>,
  cause: unknown,
  options: CallOptions,
  now: Date,
): unknown {
  switch (failure.type) {
    case 'quota':
      return new QuotaExhaustedError(failure.reason, nextPacificMidnight(now), { cause });
    case 'forbidden':
      return refusesCustomThumbnails(failure)
        ? new CustomThumbnailsForbiddenError({ cause })
        : new PermissionDeniedError(failure.reason, undefined, { cause });
    case 'not-found':
      return new NotFoundError(options.notFound ?? 'The requested item', { cause });
    case 'conflict':
      return new InvalidRequestError(
        failure.reason || 'conflict',
        'YouTube reports a conflict with an existing item.',
        { cause },
      );
    case 'invalid': {
      const detail = failure.message || failure.reason;
      return isMetadataReason(failure.reason)
        ? new InvalidMetadataError(failure.reason, `YouTube refused the video details: ${detail}`, { cause })
        : new InvalidRequestError(failure.reason, `YouTube refused the request: ${detail}`, { cause });
    }
    case 'unknown':
      return cause;
  }
}

export function openChannelClient(app: ServiceContext, connection: ChannelConnection): ChannelClient {
  const credentials = connection.status === 'connected' ? storedCredentials(app, connection) : null;
  const auth: OAuth2Client = createOAuthClient(app.config, credentials ?? undefined);
  const offsetMs = clockOffsetMs(app);
  const pendingWrites: Promise<void>[] = [];
  auth.on('tokens', (tokens) => {
    pendingWrites.push(persistRefreshedTokens(app, connection.id, tokens, offsetMs));
  });
  const flushTokenWrites = async () => {
    await Promise.all(pendingWrites.splice(0));
  };

  const loseAuthorization = async (cause: unknown): Promise<never> => {
    await markConnectionDisconnected(
      app.db,
      connection.id,
      'YouTube access was revoked or expired; sign in again.',
      app.clock.now(),
    );
    throw new AuthorizationLostError(connection.id, { cause });
  };

  const { maxAttempts, retryBaseDelayMs } = app.config.youtubeGateway;

  async function call<T>(
    method: QuotaMethod,
    request: () => Promise<T>,
    options: CallOptions = {},
  ): Promise<T> {
    if (!credentials)
      return loseAuthorization(new Error(`Connection ${connection.id} has no usable tokens.`));
    let refreshedAfter401 = false;
    let transientFailures = 0;
    for (let attempt = 1; ; attempt += 1) {
      let outcome: { ok: true; value: T } | { ok: false; error: unknown; failure: GoogleFailure };
      // On a user's request, the attempt is taken from their share of the day's quota first.
      await chargeUserRead(app, method);
      const started = performance.now();
      try {
        outcome = {
          ok: true,
          value: await inClientSpan(`youtube ${method}`, { 'rpc.method': method }, request),
        };
      } catch (error) {
        outcome = { ok: false, error, failure: classifyGoogleError(error) };
      }
      app.metrics.youtubeCalls.inc({ method, outcome: outcome.ok ? 'ok' : outcome.failure.type });
      app.metrics.youtubeCallDuration.observe({ method }, secondsSince(started));
      await flushTokenWrites();
      const failure = outcome.ok ? null : outcome.failure;
      await recordQuotaUse(app.db, {
        method,
        at: app.clock.now(),
        channelConnectionId: connection.id,
        outcome: failure?.type ?? 'ok',
        units: unitsCharged(method, failure),
        purpose: currentPayer() ? 'user-read' : 'engine',
        ownerUserId: connection.userId,
      });
      if (outcome.ok) return outcome.value;
      const caught =
        outcome.failure.type === 'unknown' ? outcome.error : describeFailure(method, outcome.failure);
      const { failure: lastFailure } = outcome;
      if (lastFailure.type === 'invalid-grant') return loseAuthorization(caught);
      if (lastFailure.type === 'unauthenticated') {
        if (refreshedAfter401 || !auth.credentials.refresh_token) return loseAuthorization(caught);
        // The access token was refused before its time: get a new one and try once more.
        refreshedAfter401 = true;
        auth.setCredentials({ ...auth.credentials, access_token: null, expiry_date: 1 });
        continue;
      }
      if (lastFailure.type === 'transient') {
        transientFailures += 1;
        if (transientFailures >= maxAttempts) throw new TransientError(attempt, { cause: caught });
        app.log.warn({ method, attempt, detail: lastFailure.detail }, 'YouTube call failed; retrying');
        await sleep(backoffDelayMs(transientFailures, retryBaseDelayMs));
        continue;
      }
      throw finalError(lastFailure, caught, options, app.clock.now());
    }
  }

  return {
    connection,
    youtube: youtubeApi(app.config, auth),
    analytics: youtubeAnalyticsApi(app.config, auth),
    reporting: youtubeReportingApi(app.config, auth),
    call,
  };
}
