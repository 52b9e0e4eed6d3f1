import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SimulatorOptions } from './plugin';
import { requireAccount } from './data-auth';
import { sendQuotaExceeded, sendRateLimitExceeded, serveFault } from './fault-responses';
import type { FaultTarget } from './faults';
import { sendGoogleError } from './google-errors';
import type { SimAccount } from './identity-store';
import { chargeQuota, type DataApiMethod } from './quota';

export interface Caller {
  account: SimAccount;
  scope: string;
  /** The account's "now" (its own clock while its past is generated, else the deployment's). */
  now: Date;
}

/**
 * Admits a YouTube Data API request the way Google does: authenticate (401 costs nothing),
 * refuse when the quota is spent (403 quotaExceeded, or an injected 429), charge the method's
 * units — a request that then fails (injected 5xx or timeout, or invalid input) has still
 * cost them. Returns null when the reply is already finished.
 */
export async function admitDataRequest(
  options: SimulatorOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  method: DataApiMethod,
): Promise<Caller | null> {
  const caller = await requireAccount(options, request, reply);
  if (!caller) return null;
  const fault = options.faults.take('data');
  // A dead grant shows as a refused token: like any authentication failure, it costs nothing.
  if (fault?.kind === 'invalid_grant') return (await serveFault(fault, request, reply)) ? null : caller;
  if (fault?.kind === 'rateLimitExceeded') {
    sendRateLimitExceeded(reply);
    return null;
  }
  if (
    fault?.kind === 'quotaExceeded' ||
    !(await chargeQuota(options.db, method, caller.now, caller.account))
  ) {
    sendQuotaExceeded(reply);
    return null;
  }
  if (await serveFault(fault, request, reply)) return null;
  return caller;
}

/** Analytics and Reporting have quotas of their own that the product never approaches: faults only. */
export async function admitReportingRequest(
  options: SimulatorOptions,
  request: FastifyRequest,
  reply: FastifyReply,
  target: Extract<FaultTarget, 'analytics' | 'reporting'>,
): Promise<Caller | null> {
  const caller = await requireAccount(options, request, reply);
  if (!caller) return null;
  if (!caller.scope.split(' ').includes('https://www.googleapis.com/auth/yt-analytics.readonly')) {
    sendGoogleError(
      reply,
      403,
      'insufficientPermissions',
      'Request had insufficient authentication scopes.',
      'global',
    );
    return null;
  }
  if (await serveFault(options.faults.take(target), request, reply)) return null;
  return caller;
}

const writeScopes = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];

export function canWrite(caller: Caller): boolean {
  return caller.scope.split(' ').some((scope) => writeScopes.includes(scope));
}

/** Query parameters such as `part` and `id` arrive comma-separated or repeated: both are Google's. */
export function listParam(value: unknown): string[] {
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values
    .flatMap((item) => String(item).split(','))
    .map((item) => item.trim())
    .filter(Boolean);
}
