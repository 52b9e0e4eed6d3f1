import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { BoundedWork, WorkRefusedError } from '../platform/bounded-work';
import type { ConcurrencyLimits } from '../platform/concurrency-limiter';
import type { AnyOperation } from './declare/operation';
import { releaseRequestSlot } from './request-limit';

// Operations that can run for minutes (a fast-forward to a test's end runs every job of its days)
// give their request slot back (src/api/request-limit.ts) and run under a bound of their own: one
// per account at a time, LONG_WORK_LIMITS across the process. Short requests keep the slots
// meanwhile, whoever fast-forwards.

/** Two long operations at once per process; two more may wait up to a minute. */
export const LONG_WORK_LIMITS: ConcurrencyLimits = { maxConcurrent: 2, maxQueued: 2, maxWaitMs: 60_000 };

export const LONG_WORK_MESSAGES = {
  inFlight: 'Your last fast-forward is still running. Try again once it has finished.',
  busy: 'Other fast-forwards are running just now. Try again in a minute.',
} as const;

const longWork = new BoundedWork(LONG_WORK_LIMITS);

/**
 * Calls an operation's handler as its declaration asks: at once, or, for a `long` one with a
 * caller, outside the request slots (one per account at a time).
 */
export function callHandler(
  operation: Pick<AnyOperation, 'long' | 'handler'>,
  call: Parameters<AnyOperation['handler']>[0],
): unknown {
  const accountId = call.caller?.user.id;
  if (!operation.long || !accountId) return operation.handler(call);
  return outsideRequestSlots(call.http.request, accountId, async () => operation.handler(call));
}

/**
 * Runs `work` for `accountId` outside the request slots: the slot is given back once the work is
 * accepted, and the work waits for a long-work slot instead. 429 while the account has one
 * running, 503 when the process has more waiting than it lets wait.
 */
export async function outsideRequestSlots<T>(
  request: FastifyRequest,
  accountId: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await longWork.run(accountId, work, () => releaseRequestSlot(request));
  } catch (error) {
    if (!(error instanceof WorkRefusedError)) throw error;
    throw error.reason === 'in-flight'
      ? new AppError('RATE_LIMITED', LONG_WORK_MESSAGES.inFlight)
      : new AppError('UPSTREAM_UNAVAILABLE', LONG_WORK_MESSAGES.busy);
  }
}

/** Long operations running and waiting in this process. */
export const longWorkLoad = () => longWork.load();
