import { request as httpRequest } from 'node:http';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { installTracing, type Tracing } from '../../src/observability/tracing';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator, googleSessionToken } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 39, item 2: one trace from a test's creation, through the job it enqueues (pg-boss carries
// the trace context on the job), to the worker's first YouTube call, with the statements on the way.

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let testApp: TestApp;
let alex: HttpClient;

beforeAll(async () => {
  tracing = await installTracing(exporter, 'titlewise-test');
  // The real pg-boss workers in this process: the advance job is fetched and run as in a deployment.
  testApp = await startTestApp({ WORKERS: 'true' });
  alex = await googleCreator(testApp, 'sim-alex');
});
afterAll(async () => {
  try {
    await testApp?.close();
  } finally {
    // Files share their worker's modules: tracing must not outlive this one.
    await tracing?.shutdown();
  }
});

/** The span's ancestors within its trace, nearest first. */
function ancestorsOf(span: ReadableSpan, all: ReadableSpan[]): ReadableSpan[] {
  const byId = new Map(all.map((one) => [one.spanContext().spanId, one]));
  const chain: ReadableSpan[] = [];
  for (let parent = span.parentSpanContext?.spanId; parent;) {
    const next = byId.get(parent);
    if (!next) break;
    chain.push(next);
    parent = next.parentSpanContext?.spanId;
  }
  return chain;
}

it('follows a test from POST /api/tests through its advance job to its first YouTube call', async () => {
  exporter.reset();
  const created = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 2),
    titles: ['Traced title A', 'Traced title B'],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    durationDays: 7,
    acknowledgeWeakPlan: true,
  });
  const body = (await created.json()) as { id: string; error?: string };
  expect(created.status, body.error).toBe(201);

  const server = exporter
    .getFinishedSpans()
    .find((span) => span.kind === SpanKind.SERVER && span.name === 'POST /api/tests');
  expect(server).toBeDefined();
  expect(server!.attributes['http.response.status_code']).toBe(201);
  const traceId = server!.spanContext().traceId;
  // The statements the creation sent are events on its span (text only).
  expect(
    server!.events.some((event) =>
      /insert into "title_tests"/.test(String(event.attributes?.['db.query.text'])),
    ),
  ).toBe(true);

  // The request read the video itself; then the worker takes the test's first advance and calls
  // YouTube again, in the same trace, under the job's processing.
  const inTrace = () => exporter.getFinishedSpans().filter((span) => span.spanContext().traceId === traceId);
  const youtubeCall = await vi.waitFor(
    () => {
      const all = inTrace();
      const found = all.find(
        (span) =>
          span.kind === SpanKind.CLIENT &&
          span.name.startsWith('youtube videos.') &&
          ancestorsOf(span, all).some((ancestor) => ancestor.kind === SpanKind.CONSUMER),
      );
      if (!found) throw new Error('no worker YouTube call in the creation’s trace yet');
      return found;
    },
    { timeout: 60_000, interval: 100 },
  );
  const chain = ancestorsOf(youtubeCall, inTrace());
  // Up the chain: the job's processing in the worker (a CONSUMER span), then the send that
  // enqueued it from inside the request (a PRODUCER span), then the request itself.
  const consumer = chain.find((span) => span.kind === SpanKind.CONSUMER);
  const producer = chain.find((span) => span.kind === SpanKind.PRODUCER);
  expect(consumer?.name).toContain('title-test.advance');
  expect(producer?.name).toContain('title-test.advance');
  expect(chain.indexOf(consumer!)).toBeLessThan(chain.indexOf(producer!));
  expect(chain.at(-1)).toBe(server);
});

it('keeps a request in its trace when its body arrives after its headers', async () => {
  exporter.reset();
  // Another creator: the Free plan's one running test is taken by the first.
  const token = await googleSessionToken(testApp, 'sim-priya');
  const body = JSON.stringify({
    videoId: simulatedVideoId('sim-priya', 0),
    titles: ['Late body A', 'Late body B'],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    durationDays: 7,
    acknowledgeWeakPlan: true,
  });
  const url = new URL('/api/tests', testApp.url);
  const status = await new Promise<number>((resolve, reject) => {
    const sent = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          origin: url.origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    // The headers go first; the body follows in a later packet, once the server has them.
    sent.flushHeaders();
    sent.once('socket', (socket) =>
      socket.once('connect', () => setImmediate(() => setTimeout(() => sent.end(body), 50))),
    );
  });
  expect(status).toBe(201);
  const server = exporter
    .getFinishedSpans()
    .find((span) => span.kind === SpanKind.SERVER && span.name === 'POST /api/tests');
  // The handler ran in the request's context: its statements are events on its span.
  expect(
    server?.events.some((event) =>
      /insert into "title_tests"/.test(String(event.attributes?.['db.query.text'])),
    ),
  ).toBe(true);
});
