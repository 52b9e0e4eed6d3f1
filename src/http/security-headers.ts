import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once. They depend on nothing in the
 * request (no CSP nonces), so every response gets the same set; @fastify/helmet builds the
 * middleware again for each request, which was a tenth of a polled read's cost.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return headers;
}

/** Sends helmet's security headers (computed once from `options`) on every response. */
export const securityHeadersPlugin = fp(
  async (fastify: FastifyInstance, { options }: { options: HelmetOptions }) => {
    const headers = securityHeaders(options);
    fastify.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
