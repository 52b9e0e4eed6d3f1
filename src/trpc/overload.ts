import { TRPCError } from '@trpc/server';
import { getErrorShape, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyRequest } from 'fastify';
import { appRouter } from './app-router';

/**
 * What tRPC itself answers when a procedure throws SERVICE_UNAVAILABLE (HTTP 503), for a request
 * refused before tRPC ran: one error per procedure of a batch (`?batch=1`), else a single error,
 * formatted and serialized by the router's own error formatter and transformer.
 */
export function trpcOverloadBody(request: FastifyRequest, message: string): unknown {
  const [pathname = '', query = ''] = request.url.split('?');
  const paths = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
  const batch = new URLSearchParams(query).get('batch') === '1';
  const config = appRouter._def._config;
  const responses = paths.map((path) => ({
    error: getErrorShape({
      config,
      error: new TRPCError({ code: 'SERVICE_UNAVAILABLE', message }),
      type: request.method === 'GET' ? 'query' : 'mutation',
      path,
      input: undefined,
      ctx: undefined,
    }),
  }));
  return transformTRPCResponse(config, batch ? responses : responses[0]!);
}
