import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Fault } from './faults';
import { sendGoogleError } from './google-errors';

/** A "timeout" holds the request until the client gives up, but never longer than this. */
const HANG_LIMIT_MS = 120_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function sendQuotaExceeded(reply: FastifyReply): FastifyReply {
  return sendGoogleError(
    reply,
    403,
    'quotaExceeded',
    'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
    'youtube.quota',
  );
}

export function sendRateLimitExceeded(reply: FastifyReply): FastifyReply {
  return sendGoogleError(
    reply,
    429,
    'rateLimitExceeded',
    'Resource has been exhausted (e.g. check quota).',
    'youtube.quota',
  );
}

/**
 * Serves the failure half of an injected fault. Returns true when the request is finished
 * (an error was sent or the connection was held and dropped); a `slow` fault only waits and
 * returns false so the request goes on. Quota faults are answered by the caller, which knows
 * whether they apply.
 */
export async function serveFault(
  fault: Fault | null,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!fault) return false;
  switch (fault.kind) {
    case 'slow':
      await delay(fault.delayMs);
      return false;
    case 'backendError':
      sendGoogleError(reply, 503, 'backendError', 'Backend Error', 'global');
      return true;
    case 'timeout': {
      // Never answer: the client's timeout fires, as with a request lost inside Google.
      reply.hijack();
      const socket = request.raw.socket;
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        void delay(HANG_LIMIT_MS).then(resolve);
      });
      socket.destroy();
      return true;
    }
    case 'quotaExceeded':
      sendQuotaExceeded(reply);
      return true;
    case 'rateLimitExceeded':
      sendRateLimitExceeded(reply);
      return true;
    case 'invalid_grant':
      // On an API (not the token endpoint) a dead grant shows as a rejected access token.
      sendGoogleError(reply, 401, 'authError', 'Request had invalid authentication credentials.', 'global');
      return true;
  }
}
