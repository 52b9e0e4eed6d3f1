import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where a POST with `Content-Type: application/json` and no body at all reads as `{}`.
 * Clients of the bodiless POSTs (demo sign-in, logout, the test actions, the billing portal) send
 * exactly that; Fastify's own parser refuses it with 400 "Body cannot be empty…". Anything else
 * goes through Fastify's parser unchanged (prototype-poisoning guards, 400 on malformed JSON).
 * Scopes with their own parsers keep them: tRPC (/trpc) and the raw-body Stripe webhook.
 */
export function installJsonBodyParser(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, {});
      return;
    }
    // Fastify's parser answers through `done` (its type also allows a promise, never returned here).
    void parseJson(request, text, done);
  });
}
