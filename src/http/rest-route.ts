import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { isAdmin } from '../auth/roles';
import { forbidden, unauthorized } from '../errors/app-error';
import type { OpenApiRegistry } from './openapi';
import type { RequestAuth } from './request-auth';

type Auth = 'public' | 'user' | 'admin';

/** The body of a bodiless POST (SPEC's action paths): anything or nothing, ignored. */
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
  rateLimit?: { max: number; timeWindow: number };
  handler: (input: {
    auth: A extends 'public' ? RequestAuth | null : RequestAuth;
    params: z.infer<P>;
    query: z.infer<Q>;
    body: z.infer<B>;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.infer<R>>;
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
      });
      fastify.route({
        method: definition.method,
        url: definition.url,
        ...(definition.rateLimit ? { config: { rateLimit: definition.rateLimit } } : {}),
        handler: async (request, reply) => {
          const auth = request.auth;
          if (definition.auth !== 'public') {
            if (!auth) throw unauthorized();
            if (definition.auth === 'admin' && !isAdmin(app.config, auth.user)) {
              throw forbidden('Admin access required.');
            }
          }
          const params = definition.params ? definition.params.parse(request.params) : undefined;
          const query = definition.query ? definition.query.parse(request.query) : undefined;
          const body = definition.body ? definition.body.parse(request.body ?? {}) : undefined;
          const result = await definition.handler({
            auth: auth as never,
            params: params as never,
            query: query as never,
            body: body as never,
            request,
            reply,
          });
          reply.code(definition.successStatus ?? 200);
          return definition.response.parse(result);
        },
      });
    },
  };
}
