import type { OAuth2Client } from 'google-auth-library';
import type { AppContext } from '../../app-context';
import { markConnectionDisconnected, type ChannelConnection } from '../../channels/channel-connections.service';
import { nextPacificMidnight } from '../../time/pacific';
import { createOAuthClient, youtubeAnalyticsApi, youtubeApi, youtubeReportingApi } from '../google-clients';
import { quotaCosts, recordQuotaUse, type QuotaMethod } from '../quota-ledger';
import { classifyGoogleError, isMetadataReason, type GoogleFailure } from './classify';
import {
  AuthorizationLostError,
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

export function openChannelClient(app: AppContext, connection: ChannelConnection): ChannelClient {
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
    await markConnectionDisconnected(app.db, connection.id, 'YouTube access was revoked or expired; sign in again.', app.clock.now());
    throw new AuthorizationLostError(connection.id, { cause });
  };

  const { maxAttempts, retryBaseDelayMs } = app.config.youtubeGateway;

  async function call<T>(method: QuotaMethod, request: () => Promise<T>, options: CallOptions = {}): Promise<T> {
    if (!credentials) return loseAuthorization(new Error(`Connection ${connection.id} has no usable tokens.`));
    let refreshedAfter401 = false;
    let transientFailures = 0;
    for (let attempt = 1; ; attempt += 1) {
      let outcome: { ok: true; value: T } | { ok: false; error: unknown; failure: GoogleFailure };
      try {
        outcome = { ok: true, value: await request() };
      } catch (error) {
        outcome = { ok: false, error, failure: classifyGoogleError(error) };
      }
      await flushTokenWrites();
      const failure = outcome.ok ? null : outcome.failure;
      await recordQuotaUse(app.db, {
        method,
        at: app.clock.now(),
        channelConnectionId: connection.id,
        outcome: failure?.type ?? 'ok',
        units: unitsCharged(method, failure),
      });
      if (outcome.ok) return outcome.value;
      const caught = outcome.error;
      switch (outcome.failure.type) {
        case 'quota':
          throw new QuotaExhaustedError(outcome.failure.reason, nextPacificMidnight(app.clock.now()), { cause: caught });
        case 'invalid-grant':
          return loseAuthorization(caught);
        case 'unauthenticated':
          if (refreshedAfter401 || !auth.credentials.refresh_token) return loseAuthorization(caught);
          // The access token was refused before its time: get a new one and try once more.
          refreshedAfter401 = true;
          auth.setCredentials({ ...auth.credentials, access_token: null, expiry_date: 1 });
          continue;
        case 'transient':
          transientFailures += 1;
          if (transientFailures >= maxAttempts) throw new TransientError(attempt, { cause: caught });
          app.log.warn({ method, attempt, detail: outcome.failure.detail }, 'YouTube call failed; retrying');
          await sleep(backoffDelayMs(transientFailures, retryBaseDelayMs));
          continue;
        case 'forbidden':
          throw new PermissionDeniedError(outcome.failure.reason, undefined, { cause: caught });
        case 'not-found':
          throw new NotFoundError(options.notFound ?? 'The requested item', { cause: caught });
        case 'conflict':
          throw new InvalidRequestError(outcome.failure.reason || 'conflict', 'YouTube reports a conflict with an existing item.', { cause: caught });
        case 'invalid':
          if (isMetadataReason(outcome.failure.reason)) {
            throw new InvalidMetadataError(outcome.failure.reason, `YouTube refused the video details: ${outcome.failure.message || outcome.failure.reason}`, { cause: caught });
          }
          throw new InvalidRequestError(outcome.failure.reason, `YouTube refused the request: ${outcome.failure.message || outcome.failure.reason}`, { cause: caught });
        case 'unknown':
          throw caught;
      }
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
