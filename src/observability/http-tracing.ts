import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { TRACER_NAME } from '../platform/spans';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Longest statement text kept on a span event. */
const STATEMENT_CHARS = 300;

const spans = new WeakMap<FastifyRequest, Span>();

/**
 * One SERVER span per request, named by method and route template, continuing the caller's trace
 * when it sends `traceparent`; everything the request does (its jobs, its YouTube calls, its
 * statements) runs inside it.
 */
export function traceRequests(fastify: FastifyInstance): void {
  const tracer = trace.getTracer(TRACER_NAME);
  fastify.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'http.route': route },
      },
      parent,
    );
    const inSpan = trace.setSpan(parent, span);
    spans.set(request, span);
    // The rest of the lifecycle runs in this context, a body that arrives after the headers
    // included (tracing.test.ts sends one late).
    context.with(inSpan, done);
  });
  fastify.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
}

/**
 * Each statement the app sends, as an event on the span that sent it (text only, never its
 * parameters): neither postgres.js nor drizzle reports a statement's duration, so no timed span.
 */
export function statementEvents(next?: Logger): Logger {
  return {
    logQuery(query, params) {
      trace.getActiveSpan()?.addEvent('db.query', { 'db.query.text': query.slice(0, STATEMENT_CHARS) });
      next?.logQuery(query, params);
    },
  };
}
