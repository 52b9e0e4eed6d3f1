import type { FastifyRequest } from 'fastify';
import type { OpenApiRegistry } from './openapi';
import type { CredentialInQuery } from '../http/request-log';
import { listOperations } from './operations';

/**
 * Which requests carry their credential in the URL, read from the routes themselves: a route that
 * needs no session (a report or invitation link, one-click unsubscribe, the checkout return) is
 * authorised by what its query holds, and so is a tRPC call of a public procedure. The request
 * log redacts their whole query (src/http/request-log.ts), so a new public route is covered the
 * day it is declared.
 */
export function credentialInQuery(registry: OpenApiRegistry): CredentialInQuery {
  const publicProcedures = new Set(
    listOperations()
      .filter(({ operation }) => operation.access === 'public' && operation.trpc)
      .map(({ procedure }) => procedure),
  );
  return (request: FastifyRequest) => {
    const route = request.routeOptions?.url;
    if (route === undefined) return false;
    if (route.startsWith('/trpc/')) {
      const pathname = request.url.split('?')[0]!.slice('/trpc/'.length);
      let names: string;
      try {
        names = decodeURIComponent(pathname);
      } catch {
        return true;
      }
      return names.split(',').some((name) => publicProcedures.has(name));
    }
    return registry.isPublic(request.method, route);
  };
}
