import { TRPCError } from '@trpc/server';
import { getErrorShape, transformTRPCResponse } from '@trpc/server/unstable-core-do-not-import';
import type { FastifyRequest } from 'fastify';
import { appRouter } from './app-router';

/**
 * The procedure paths a /trpc request names, and whether it is a batch (`?batch=1`). The URL is
 * read as tRPC reads it (WHATWG URL): the query starts at the first `?`, and a later `?` (one in a
 * GET batch's raw input) belongs to it, so the batch flag is seen wherever it stands.
 */
export function trpcCalls(request: FastifyRequest): { paths: string[]; batch: boolean } {
  const url = new URL(request.url, 'http://trpc.invalid');
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname.slice('/trpc/'.length));
  } catch {
    decoded = url.pathname.slice('/trpc/'.length);
  }
  return { paths: decoded.split(','), batch: url.searchParams.get('batch') === '1' };
}

/**
 * What tRPC itself answers when a procedure throws `code`, for a request refused before tRPC ran:
 * one error per procedure of a batch (`?batch=1`), else a single error, formatted and serialized
 * by the router's own error formatter and transformer.
 */
export function trpcRefusalBody(request: FastifyRequest, code: TRPCError['code'], message: string): unknown {
  const { paths, batch } = trpcCalls(request);
  const config = appRouter._def._config;
  const responses = paths.map((path) => ({
    error: getErrorShape({
      config,
      error: new TRPCError({ code, message }),
      type: request.method === 'GET' ? 'query' : 'mutation',
      path,
      input: undefined,
      ctx: undefined,
    }),
  }));
  return transformTRPCResponse(config, batch ? responses : responses[0]!);
}

/** The answer to a request refused for overload (HTTP 503): tRPC's SERVICE_UNAVAILABLE. */
export function trpcOverloadBody(request: FastifyRequest, message: string): unknown {
  return trpcRefusalBody(request, 'SERVICE_UNAVAILABLE', message);
}
