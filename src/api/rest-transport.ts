import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { authorize } from './access';
import { callerFor } from './caller';
import { limitedBody } from '../http/body-limit';
import { Download } from '../http/download';
import { ServedFile } from '../http/served-file';
import { callHandler } from './long-work';
import { AppError } from '../errors/app-error';
import type { OpenApiRegistry } from './openapi';
import type { AnyOperation, FileInput, RestPath } from './declare/operation';
import { countOperationCall, withinLimit } from './within-limit';
import { bodyEtag, StoredJson } from '../http/stored-json';
import type { ServiceContext } from '../context/service-context';

/** The body of a bodiless POST (the test action paths): anything or nothing, ignored. */
const emptyBodySchema = z.object({}).passthrough();

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

function restPathsOf(operation: AnyOperation): readonly RestPath[] {
  return ([] as readonly RestPath[]).concat(operation.rest ?? []);
}

/**
 * How a REST path carries the operation's input: the `:name` segments, then the query string
 * (GET, DELETE) or the JSON body (POST, PATCH). Each part is validated on its own (a part of the wrong
 * shape, an array for a body, is refused) and the handler gets their fields together. An input
 * split over parts is a plain object schema: zod cannot pick fields of a refined one.
 */
function inputParts(operation: AnyOperation, rest: RestPath) {
  const pathKeys = [...rest.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]!);
  const input = operation.input;
  const inQuery = rest.method === 'GET' || rest.method === 'DELETE';
  if (!input) return { params: undefined, query: undefined, body: inQuery ? undefined : emptyBodySchema };
  if (operation.file && !inQuery) return fileInputParts(input, pathKeys, operation.file);
  if (pathKeys.length === 0) {
    return inQuery
      ? { params: undefined, query: input, body: undefined }
      : { params: undefined, query: undefined, body: input };
  }
  if (!(input instanceof z.ZodObject)) {
    throw new Error(`${rest.path}: an input with path fields must be a plain object schema.`);
  }
  const mask = Object.fromEntries(pathKeys.map((key) => [key, true as const]));
  const params = input.pick(mask as never);
  const remainder = input.omit(mask as never);
  const hasFields = Object.keys(remainder.shape).length > 0;
  if (inQuery) return { params, query: hasFields ? remainder : undefined, body: undefined };
  return { params, query: undefined, body: hasFields ? remainder : emptyBodySchema };
}

/**
 * The parts of an upload's input: the raw body is the file (its field), the other fields come
 * from the path and the query string.
 */
function fileInputParts(input: z.ZodType, pathKeys: string[], file: FileInput) {
  if (!(input instanceof z.ZodObject))
    throw new Error(`${file.field}: a file input must be a plain object schema.`);
  const pick = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, true as const])) as never;
  const params = pathKeys.length > 0 ? input.pick(pick(pathKeys)) : undefined;
  const query = input.omit(pick([...pathKeys, file.field]));
  return { params, query: Object.keys(query.shape).length > 0 ? query : undefined, body: undefined, file };
}

/** The handler's input from a request's parts: the one part that carries it, or their fields together. */
function inputOf(
  operation: AnyOperation,
  parts: ReturnType<typeof inputParts>,
  request: { params: unknown; query: unknown; body: unknown },
): unknown {
  if ('file' in parts) {
    // The whole input is checked as one, as tRPC checks it, with the file's bytes as they came in
    // its field (its schema takes them as a Buffer or as base64): a large body is never turned
    // into base64 and back on the main thread.
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return operation.input!.parse({
      ...(parts.query?.parse(request.query) as object),
      ...(parts.params?.parse(request.params) as object),
      [parts.file.field]: bytes,
    });
  }
  const params: unknown = parts.params?.parse(request.params);
  const query: unknown = parts.query?.parse(request.query);
  const body: unknown = parts.body?.parse(request.body ?? {});
  if (!operation.input) return undefined;
  if (!parts.params) return parts.query ? query : body;
  return { ...(query as object), ...(body as object), ...(params as object) };
}

/**
 * Registers the REST routes of every operation that has a path, and documents each in OpenAPI.
 * A route counts the call against the operation's rate limit, checks access (src/api/access.ts),
 * validates the input, calls the handler and answers JSON (or a prepared answer as it is). Errors
 * go to the one error handler (src/http/error-handler.ts).
 */
export function registerRestOperations(
  fastify: FastifyInstance,
  ctx: ServiceContext,
  registry: OpenApiRegistry,
  operations: Iterable<{ operation: AnyOperation; tag: string }>,
): void {
  for (const { operation, tag } of operations) {
    for (const rest of restPathsOf(operation)) {
      const parts = inputParts(operation, rest);
      const output = operation.output;
      registry.add({
        method: rest.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete',
        path: rest.path,
        summary: rest.summary,
        tags: [tag],
        auth: operation.access,
        params: parts.params,
        query: parts.query,
        body: parts.body,
        response: output,
        successStatus: rest.successStatus,
        conditional: rest.conditional,
        rawBody: 'file' in parts ? parts.file : undefined,
        binaryResponse: rest.fileResponse,
      });
      const status = rest.successStatus ?? 200;
      const route: RouteOptions = {
        method: rest.method,
        url: rest.path,
        handler: async (request, reply) => {
          const caller = callerFor(operation, request.auth);
          // Counted first (per account: a team shares its owner's), on the same counter as the
          // operation's tRPC procedure.
          const result = await withinLimit(
            ctx,
            // An upload's call was counted before its body was read (registerFileRoute).
            'file' in parts ? undefined : operation.limit,
            { ip: request.ip, userId: caller?.user.id ?? null, isDemo: caller?.user.isDemo ?? false },
            async () => {
              authorize(ctx.config, operation, caller);
              const input = inputOf(operation, parts, request);
              return callHandler(operation, { ctx, caller, input, http: { request, reply } });
            },
          );
          if (result instanceof Download) {
            return reply
              .code(status)
              .type(result.contentType)
              .header('content-disposition', `attachment; filename="${result.filename}"`)
              .send(result.body);
          }
          if (result instanceof ServedFile) return sendFile(reply.code(status), result);
          const stored = result instanceof StoredJson ? result : null;
          if (rest.conditional) {
            const body = stored?.text ?? JSON.stringify(output.parse(result));
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
              .code(status)
              .type('application/json; charset=utf-8')
              .send(stored?.bytes ?? body);
          }
          if (stored !== null) {
            return reply.code(status).type('application/json; charset=utf-8').send(stored.bytes);
          }
          reply.code(status);
          return output.parse(result);
        },
      };
      if ('file' in parts) registerFileRoute(fastify, ctx, route, operation, parts.file);
      else fastify.route(route);
    }
  }
}

function sendFile(reply: FastifyReply, file: ServedFile) {
  reply.type(file.contentType).header('x-content-type-options', 'nosniff');
  if (file.options.immutable) reply.header('cache-control', 'public, max-age=31536000, immutable');
  if (file.options.anyOrigin) reply.header('cross-origin-resource-policy', 'cross-origin');
  return reply.send(file.body);
}

/**
 * Callers with a file coming in or being handled, by route, in this process: one at a time each
 * (FileInput.inFlightMessage). Per process, as the memory it guards is.
 */
const filesInFlight = new Set<string>();

/**
 * An upload's route, in a scope of its own: any body is read as bytes (the content says what it
 * is, not its declared type), at most the file's limit. Who may call, whether the caller already
 * has a file coming in, and the rate limit are checked before a byte is read, so no caller can
 * make the server take in more than one large body at a time, and an anonymous one none.
 */
function registerFileRoute(
  fastify: FastifyInstance,
  ctx: ServiceContext,
  route: RouteOptions,
  operation: AnyOperation,
  file: FileInput,
) {
  void fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.route({
      ...route,
      bodyLimit: file.maxBytes,
      preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: NodeJS.ReadableStream) => {
        const caller = callerFor(operation, request.auth);
        authorize(ctx.config, operation, caller);
        // Refused before a byte of the body is read: a refused upload's body is never buffered
        // (Node discards what the client still sends).
        const inFlight = `${route.url} ${caller?.user.id ?? request.ip}`;
        if (filesInFlight.has(inFlight)) throw new AppError('RATE_LIMITED', file.inFlightMessage);
        filesInFlight.add(inFlight);
        // Until the answer is sent or the connection drops, whichever ends the exchange.
        reply.raw.once('close', () => filesInFlight.delete(inFlight));
        if (operation.limit)
          await countOperationCall(ctx, operation.limit, { ip: request.ip, userId: caller?.user.id ?? null });
        return limitedBody(
          request,
          payload,
          file.maxBytes,
          () => new AppError('PAYLOAD_TOO_LARGE', file.tooLargeMessage),
        );
      },
    });
  });
}
