import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AppRouter } from '../../src/api/trpc/app-router';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';

// A tiny budget: two requests at a time, three waiting, two seconds' wait at most.
const CONCURRENCY = 2;
const QUEUE = 3;
const WAIT_MS = 2000;

let testApp: TestApp;
let token: string;
let creator: HttpClient;

beforeAll(async () => {
  testApp = await startTestApp({
    REQUEST_CONCURRENCY: String(CONCURRENCY),
    REQUEST_QUEUE_LIMIT: String(QUEUE),
    REQUEST_QUEUE_TIMEOUT_MS: String(WAIT_MS),
  });
  const login = await new HttpClient(testApp.url).post('/api/auth/demo-login');
  token = ((await login.json()) as { sessionToken: string }).sessionToken;
  creator = new HttpClient(testApp.url, { authorization: `Bearer ${token}` });
});
afterAll(async () => {
  await testApp.close();
});

const limiter = () => testApp.built.fastify.requestLimiter;

/** Polls a condition on the server's state (not a clock), failing after `within` ms. */
async function until(condition: () => boolean, within = 5000): Promise<void> {
  const deadline = Date.now() + within;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Takes every slot, as long-running requests would, until the returned release is called. */
async function occupyAllSlots(): Promise<() => void> {
  await until(() => limiter().active === 0 && limiter().queued === 0);
  const releases = await Promise.all(Array.from({ length: CONCURRENCY }, () => limiter().acquire()));
  return () => releases.forEach((release) => release());
}

async function expectOverloaded(response: Response): Promise<unknown> {
  expect(response.status).toBe(503);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  return response.json();
}

it('queues what fits behind busy slots, refuses the rest with 503 and Retry-After, then serves the queue', async () => {
  const release = await occupyAllSlots();
  const answered: Response[] = [];
  const burst = Array.from({ length: 20 }, () =>
    creator.get('/api/tests').then((response) => {
      answered.push(response);
      return response;
    }),
  );
  // The first three to arrive wait; the other seventeen are answered at once, while every slot is
  // still busy and the three still wait.
  await until(() => answered.length === 20 - QUEUE);
  expect(limiter().queued).toBe(QUEUE);
  for (const response of answered) {
    expect(((await expectOverloaded(response)) as { error: string }).error).toMatch(/busy/);
  }
  release();
  const statuses = (await Promise.all(burst)).map((response) => response.status);
  expect(statuses.filter((status) => status === 200)).toHaveLength(QUEUE);
  expect(statuses.filter((status) => status === 503)).toHaveLength(20 - QUEUE);
});

it('answers 503 to a request that waited the maximum time for a slot', async () => {
  const release = await occupyAllSlots();
  try {
    const started = Date.now();
    const response = await creator.get('/api/auth/me');
    expect(((await expectOverloaded(response)) as { error: string }).error).toMatch(/busy/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(limiter().queued).toBe(0);
  } finally {
    release();
  }
});

it('a real burst at a read path: each answer is 200 or 503, and the next request is served promptly', async () => {
  const responses = await Promise.all(Array.from({ length: 60 }, () => creator.get('/api/tests')));
  const statuses = responses.map((response) => response.status);
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(CONCURRENCY);
  for (const response of responses.filter((candidate) => candidate.status === 503)) {
    expect(response.headers.get('retry-after')).toBeTruthy();
  }
  // Every slot is given back once the burst's responses are done.
  await until(() => limiter().active === 0 && limiter().queued === 0);
  const started = Date.now();
  const after = await creator.get('/api/tests');
  expect(after.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(WAIT_MS);
  expect((await creator.get('/api/health')).status).toBe(200);
});

it('refuses a tRPC batch with tRPC SERVICE_UNAVAILABLE errors the client understands', async () => {
  const release = await occupyAllSlots();
  try {
    // Fill the queue, so the batch below is refused at once.
    const waiting = Array.from({ length: QUEUE }, () => creator.get('/api/auth/me'));
    await until(() => limiter().queued === QUEUE);

    const input = encodeURIComponent(JSON.stringify({ 0: { json: null }, 1: { json: null } }));
    const raw = await creator.get(`/trpc/tests.list,tests.dashboardStats?batch=1&input=${input}`);
    const body = (await expectOverloaded(raw)) as { error: { json: { data: Record<string, unknown> } } }[];
    expect(body).toHaveLength(2);
    expect(body.map((entry) => entry.error.json.data)).toEqual([
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'tests.list' }),
      expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path: 'tests.dashboardStats' }),
    ]);

    const client = createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${testApp.url}/trpc`,
          transformer: superjson,
          headers: { authorization: `Bearer ${token}` },
        }),
      ],
    });
    const error = await client.tests.list.query().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<AppRouter>).data?.code).toBe('SERVICE_UNAVAILABLE');

    release();
    expect((await Promise.all(waiting)).map((response) => response.status)).toEqual([200, 200, 200]);
  } finally {
    release();
  }
});
