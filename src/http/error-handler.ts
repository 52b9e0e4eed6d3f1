import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, publicMessage } from '../errors/app-error';

/** Human-readable list of what was wrong with the input, e.g. "titles: Too small; videoId: Required". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * The one place REST errors become HTTP answers: `{ "error": "…" }` with a fitting status.
 * Unknown errors are logged with their cause and masked as a generic 500.
 */
export function installErrorHandler(fastify: FastifyInstance): void {
  fastify.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof ZodError) {
      return reply.code(400).send({ error: describeZodError(error) });
    }
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.validation ? `Invalid request: ${error.message}` : error.message;
      return reply.code(status).send({ error: message });
    }
    request.log.error({ err: error }, 'Unhandled error');
    return reply.code(500).send({ error: publicMessage(error).message });
  });

  fastify.setNotFoundHandler((request, reply) => {
    return reply.code(404).send({ error: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
