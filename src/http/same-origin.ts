import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The origin this request reached. request.host and request.protocol read X-Forwarded-Host/-Proto
 * only from a peer TRUST_PROXY names (src/http/trust-proxy.ts); otherwise the Host header.
 */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing browser requests that come from another site. A bodiless REST POST is
 * a "simple" request a foreign page can send with our cookie attached, so the cookie alone must
 * never authorise a change. Clients without Origin/Sec-Fetch-Site (curl, server tools) pass: they
 * carry their credentials on purpose. Webhooks from Stripe are exempt (they carry no cookie).
 */
export const sameOriginPlugin = fp(
  async (
    fastify: FastifyInstance,
    { config, exemptPrefixes }: { config: Config; exemptPrefixes: string[] },
  ) => {
    fastify.addHook('onRequest', async (request, reply) => {
      if (safeMethods.has(request.method)) return;
      if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return;
      const fetchSite = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      const allowed = new Set([config.publicOrigin, requestOrigin(request)]);
      const crossSite = fetchSite === 'cross-site' || fetchSite === 'same-site';
      const foreignOrigin =
        origin !== undefined && origin !== 'null' ? !allowed.has(origin) : origin === 'null';
      if (crossSite || foreignOrigin) {
        return reply
          .code(403)
          .send({ error: 'Cross-site request refused. Use Titlewise from its own pages.' });
      }
    });
  },
  { name: 'same-origin' },
);
