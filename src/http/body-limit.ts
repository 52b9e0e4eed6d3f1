import { Transform } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * A request body held to `maxBytes` before it is read into memory: refused at once when its
 * Content-Length says more, and cut off as soon as more arrives (a chunked body names no length).
 * For a preParsing hook: the stream it returns is what the body parser reads. `tooLarge` makes the
 * error answered (its status and words are the caller's).
 */
export function limitedBody(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  maxBytes: number,
  tooLarge: () => Error,
): NodeJS.ReadableStream {
  if (Number(request.headers['content-length']) > maxBytes) throw tooLarge();
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > maxBytes) done(tooLarge());
      else done(null, chunk);
    },
  });
  return payload.pipe(counter);
}
