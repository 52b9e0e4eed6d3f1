import type { FastifyReply } from 'fastify';

/** Sends an error in the shape Google's JSON APIs use, so the googleapis client parses it as it would. */
export function sendGoogleError(
  reply: FastifyReply,
  status: number,
  reason: string,
  message: string,
  domain = 'youtube.api',
): FastifyReply {
  return reply.code(status).send({
    error: {
      code: status,
      message,
      errors: [{ message, domain, reason }],
      status: statusName(status),
    },
  });
}

function statusName(status: number): string {
  switch (status) {
    case 400:
      return 'INVALID_ARGUMENT';
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'PERMISSION_DENIED';
    case 404:
      return 'NOT_FOUND';
    case 429:
      return 'RESOURCE_EXHAUSTED';
    default:
      return status >= 500 ? 'INTERNAL' : 'UNKNOWN';
  }
}
