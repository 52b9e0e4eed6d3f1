import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** GET paths that change state, kept for the diagnostic page /oauth-test: accepted only from our site. */
const stateChangingGets = new Set(['/api/auth/logout']);
/** Sec-Fetch-Site values of a request our own site made, or the user typed or bookmarked. */
const ownSiteFetches = new Set(['same-origin', 'same-site', 'none']);

const refusal = { error: 'Cross-site request refused. Use Titlewise from its own pages.' };

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
 * never authorise a change:
 * - any write from a foreign Origin or with Sec-Fetch-Site cross-site/same-site is refused;
 * - a write the session cookie authenticates must also show it comes from our pages: a
 *   same-origin Origin, or Sec-Fetch-Site same-origin (browsers send one or both; a request
 *   with neither is not one of our pages');
 * - the cookie-authenticated GET (or HEAD) /api/auth/logout must come from our site
 *   (Sec-Fetch-Site), so a link or image elsewhere cannot sign the visitor out.
 * Bearer-authenticated clients carry their credentials on purpose and need neither header.
 * Webhooks from Stripe are exempt (they carry no cookie).
 */
export const sameOriginPlugin = fp(
  async (
    fastify: FastifyInstance,
    { config, exemptPrefixes }: { config: Config; exemptPrefixes: string[] },
  ) => {
    const allowedOrigins = (request: FastifyRequest) =>
      new Set([config.publicOrigin, requestOrigin(request)]);
    const exempt = (request: FastifyRequest) =>
      exemptPrefixes.some((prefix) => request.url.startsWith(prefix));

    // Before the session lookup: foreign writes are refused cheaply.
    fastify.addHook('onRequest', async (request, reply) => {
      if (safeMethods.has(request.method) || exempt(request)) return;
      const fetchSite = request.headers['sec-fetch-site'];
      const origin = request.headers.origin;
      const crossSite = fetchSite === 'cross-site' || fetchSite === 'same-site';
      const foreignOrigin =
        origin !== undefined && origin !== 'null' ? !allowedOrigins(request).has(origin) : origin === 'null';
      if (crossSite || foreignOrigin) return reply.code(403).send(refusal);
    });

    // After it (onRequest hooks have run, request-auth's among them): what the cookie authorises.
    fastify.addHook('preParsing', async (request, reply) => {
      if (request.auth?.via !== 'cookie' || exempt(request)) return;
      const fetchSite = request.headers['sec-fetch-site'];
      if (safeMethods.has(request.method)) {
        // Any safe method: Fastify answers HEAD with the GET route's handler, which runs in full.
        const changesState = stateChangingGets.has(request.routeOptions.url ?? '');
        if (changesState && !(typeof fetchSite === 'string' && ownSiteFetches.has(fetchSite))) {
          return reply.code(403).send(refusal);
        }
        return;
      }
      const origin = request.headers.origin;
      const fromOurPages =
        fetchSite === 'same-origin' || (origin !== undefined && allowedOrigins(request).has(origin));
      if (!fromOurPages) return reply.code(403).send(refusal);
    });
  },
  { name: 'same-origin' },
);
