import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error';
import { limitedBody } from '../../http/body-limit';
import { listOperations } from '../operations';
import { trpcCalls, trpcRefusalBody } from './overload';

/** Room for the JSON around a file's base64 (the other fields, a batch's wrapping). */
const JSON_MARGIN_BYTES = 64 * 1024;

interface FileLimit {
  maxBytes: number;
  message: string;
}

/**
 * The largest body of each tRPC procedure that carries a file (an upload): its file as base64
 * plus a margin. Every other procedure keeps the server's limit.
 */
function fileProcedureLimits(): Map<string, FileLimit> {
  return new Map(
    listOperations().flatMap(({ operation, procedure }) =>
      operation.file && operation.trpc
        ? [
            [
              procedure,
              {
                maxBytes: Math.ceil(operation.file.maxBytes / 3) * 4 + JSON_MARGIN_BYTES,
                message: operation.file.tooLargeMessage,
              },
            ] as const,
          ]
        : [],
    ),
  );
}

/**
 * Holds each tRPC request's body to the limit of the procedures it calls: the upload's (a file of
 * up to MAX_UPLOAD_BYTES, 50 MB, as base64) when it calls one, the server's default otherwise, so
 * the one /trpc route does not take 67 MB bodies for every procedure. Call before the tRPC plugin
 * registers its route.
 */
export function limitTrpcBodies(fastify: FastifyInstance): void {
  const limits = fileProcedureLimits();
  const serverLimit = fastify.initialConfig.bodyLimit ?? 1024 * 1024;
  const largest = Math.max(serverLimit, ...[...limits.values()].map((limit) => limit.maxBytes));
  const limitOf = (request: FastifyRequest) => {
    const called = trpcCalls(request).paths.map((path) => limits.get(path));
    const file = called.reduce<FileLimit | undefined>(
      (most, limit) => (limit && limit.maxBytes > (most?.maxBytes ?? 0) ? limit : most),
      undefined,
    );
    return file ?? { maxBytes: serverLimit, message: `The request body is over ${serverLimit} bytes.` };
  };
  fastify.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/trpc/')) return;
    route.bodyLimit = largest;
    route.onRequest = [
      ...(route.onRequest ? [route.onRequest].flat() : []),
      async (request, reply) => {
        const { maxBytes, message } = limitOf(request);
        // Refused in tRPC's own shape, before a byte of the body is read.
        if (Number(request.headers['content-length']) > maxBytes) {
          return reply.code(413).send(trpcRefusalBody(request, 'PAYLOAD_TOO_LARGE', message));
        }
      },
    ];
    // A body that names no length is counted as it arrives.
    route.preParsing = [
      ...(route.preParsing ? [route.preParsing].flat() : []),
      async (request, _reply, payload) => {
        const { maxBytes, message } = limitOf(request);
        return limitedBody(request, payload, maxBytes, () => new AppError('PAYLOAD_TOO_LARGE', message));
      },
    ];
  });
}
