import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/roles';
import { forbidden, unauthorized } from '../errors/app-error';
import type { OpenApiRegistry } from './openapi';
import { operationForRoute, withinLimit } from './rate-limits';
import type { RequestAuth } from './request-auth';
import { Download } from './download';
import { bodyEtag, StoredJson } from './stored-json';

type Auth = 'public' | 'user' | 'admin';

/** The body of a bodiless POST (the test action paths): anything or nothing, ignored. */
export const emptyBodySchema = z.object({}).passthrough();

export interface RestRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
  A extends Auth,
> {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  summary: string;
  tags: string[];
  auth: A;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  successStatus?: number;
  /**
   * A GET that clients poll: the answer carries a strong ETag of its body, and a request whose
   * If-None-Match names it gets 304 with no body (the JSON is still computed; only the transfer
   * and the client's parsing are saved).
   */
  conditional?: boolean;
  handler: (input: {
    auth: A extends 'public' ? RequestAuth | null : RequestAuth;
    params: z.infer<P>;
    query: z.infer<Q>;
    body: z.infer<B>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.infer<R> | StoredJson | Download>;
}

/**
 * Whether an If-None-Match header matches `etag`: `*` or any listed tag, compared weakly as
 * RFC 9110 §13.1.2 asks (a `W/` prefix is ignored).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

export interface RestRouter {
  route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType, A extends Auth>(
    definition: RestRoute<P, Q, B, R, A>,
  ): void;
}

/**
 * REST compatibility routes: validate with the feature's zod schemas, resolve the caller, call
 * one service, answer JSON. Every route lands in the OpenAPI document. Errors go to the one
 * error handler (src/http/error-handler.ts).
 */
export function createRestRouter(
  fastify: FastifyInstance,
  app: AppContext,
  registry: OpenApiRegistry,
): RestRouter {
  return {
    route(definition) {
      registry.add({
        method: definition.method.toLowerCase() as 'get' | 'post' | 'delete',
        path: definition.url,
        summary: definition.summary,
        tags: definition.tags,
        auth: definition.auth,
        params: definition.params,
        query: definition.query,
        body: definition.body,
        response: definition.response,
        successStatus: definition.successStatus,
        conditional: definition.conditional,
      });
      const limit = operationForRoute(definition.method, definition.url);
      fastify.route({
        method: definition.method,
        url: definition.url,
        handler: async (request, reply) => {
          const auth = request.auth;
          // Counted first, on the same counter as the route's tRPC twin (src/http/rate-limits.ts).
          const result = await withinLimit(
            app,
            limit,
            { ip: request.ip, userId: auth?.user.id ?? null },
            () => {
              if (definition.auth !== 'public') {
                if (!auth) throw unauthorized();
                if (definition.auth === 'admin' && !isAdmin(app.config, auth.user)) {
                  throw forbidden('Admin access required.');
                }
              }
              const params = definition.params ? definition.params.parse(request.params) : undefined;
              const query = definition.query ? definition.query.parse(request.query) : undefined;
              const body = definition.body ? definition.body.parse(request.body ?? {}) : undefined;
              return definition.handler({
                auth: auth as never,
                params: params as never,
                query: query as never,
                body: body as never,
                request,
                reply,
              });
            },
          );
          if (result instanceof Download) {
            return reply
              .code(definition.successStatus ?? 200)
              .type(result.contentType)
              .header('content-disposition', `attachment; filename="${result.filename}"`)
              .send(result.body);
          }
          const stored = result instanceof StoredJson ? result : null;
          if (definition.conditional) {
            const body = stored?.text ?? JSON.stringify(definition.response.parse(result));
            const etag = stored?.etag ?? bodyEtag(body);
            // Signed-in JSON, so private (no shared cache may keep it); no-cache rather than
            // no-store, because no-store forbids the browser from keeping the copy that a 304
            // revalidates: no-cache keeps it but asks this server each time before using it.
            reply.header('cache-control', 'private, no-cache').header('etag', etag);
            if (ifNoneMatchMatches(request.headers['if-none-match'], etag)) {
              return reply.code(304).send();
            }
            // The same bytes Fastify would have serialised, so the tag describes what is sent.
            return reply
              .code(definition.successStatus ?? 200)
              .type('application/json; charset=utf-8')
              .send(stored?.bytes ?? body);
          }
          if (stored !== null) {
            return reply
              .code(definition.successStatus ?? 200)
              .type('application/json; charset=utf-8')
              .send(stored.bytes);
          }
          const response = definition.response.parse(result);
          reply.code(definition.successStatus ?? 200);
          return response;
        },
      });
    },
  };
}
