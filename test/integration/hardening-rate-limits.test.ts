import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { listOperations } from '../../src/api/operations';
import { rateLimits } from '../../src/api/declare/rate-limits';
import { EXPORTS_PER_WINDOW, TRPC_MAX_BATCH_SIZE } from '../../src/shared/usage-limits';
import { appRouter } from '../../src/api/trpc/app-router';
import { demoCreator } from '../helpers/creators';
import { HttpClient } from '../helpers/http-client';
import { endRateLimitWindows } from '../helpers/rate-limit-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Issue 13, item 2: the tRPC twins of REST's rate-limited paths count on the same counters, and
// every call inside a batch counts.

const SIGN_IN_LIMIT = 5;
let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp({ SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT) });
});
afterAll(async () => {
  await testApp.close();
});

type BatchEntry = { result?: unknown; error?: { json: { message: string; data: { httpStatus: number } } } };

/** A tRPC mutation batch as httpBatchLink posts it (no cookie kept between calls). */
async function postBatch(paths: string[], input: unknown = null, headers: Record<string, string> = {}) {
  const body = Object.fromEntries(paths.map((_, index) => [index, { json: input }]));
  const response = await fetch(`${testApp.url}/trpc/${paths.join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testApp.url, ...headers },
    body: JSON.stringify(body),
  });
  return { response, entries: (await response.json()) as BatchEntry[] };
}

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${testApp.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: testApp.url, ...headers },
    body: '{}',
  });

const sessionCount = async () => (await testApp.built.app.db.select().from(sessions)).length;
const nextWindow = () => endRateLimitWindows(testApp);

describe('sign-in over tRPC', () => {
  it('refuses auth.demoLogin past the limit, on the same counter as /api/auth/demo-login', async () => {
    await nextWindow();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 3; attempt += 1) {
      statuses.push((await post('/trpc/auth.demoLogin')).status);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: SIGN_IN_LIMIT }, () => 200),
      ...Array.from({ length: 3 }, () => 429),
    ]);
    const limited = await post('/trpc/auth.demoLogin');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { json: { message: string } } }).error.json.message).toMatch(
      /Too many requests/,
    );
    // One operation, one counter: REST is spent too.
    expect((await post('/api/auth/demo-login')).status).toBe(429);

    await nextWindow();
    expect((await post('/api/auth/demo-login')).status).toBe(200);
    expect((await post('/trpc/auth.demoLogin')).status).toBe(200);
  });

  it('counts every call inside a batch: 30 × auth.demoLogin opens only the allowed sessions', async () => {
    await nextWindow();
    const before = await sessionCount();
    const { response, entries } = await postBatch(Array.from({ length: 30 }, () => 'auth.demoLogin'));
    expect(response.status).toBe(207);
    expect(entries.filter((entry) => entry.result !== undefined)).toHaveLength(SIGN_IN_LIMIT);
    const refused = entries.filter((entry) => entry.error !== undefined);
    expect(refused).toHaveLength(30 - SIGN_IN_LIMIT);
    for (const entry of refused) {
      expect(entry.error!.json.data.httpStatus).toBe(429);
      expect(entry.error!.json.message).toMatch(/Too many requests/);
    }
    expect((await sessionCount()) - before).toBe(SIGN_IN_LIMIT);
  });
});

describe('checkout over tRPC', () => {
  it('limits billing.createSubscription like POST /api/create-subscription, counting a batch call by call', async () => {
    await nextWindow();
    const { sessionToken } = (await (await post('/api/auth/demo-login')).json()) as { sessionToken: string };
    const bearer = { authorization: `Bearer ${sessionToken}` };
    const creator = new HttpClient(testApp.url, bearer);
    const max = rateLimits.checkout.max(testApp.built.app.config);
    // The first checkout makes the Stripe customer (calls racing to make it are another matter).
    expect(
      (
        await creator.post(
          '/trpc/billing.createSubscription',
          { json: { plan: 'pro' } },
          { origin: testApp.url },
        )
      ).status,
    ).toBe(200);
    const { entries } = await postBatch(
      Array.from({ length: max + 4 }, () => 'billing.createSubscription'),
      { plan: 'pro' },
      bearer,
    );
    expect(entries.filter((entry) => entry.result !== undefined)).toHaveLength(max - 1);
    expect(entries.filter((entry) => entry.error?.json.data.httpStatus === 429)).toHaveLength(5);
    const rest = await creator.post('/api/create-subscription', { plan: 'pro' }, { origin: testApp.url });
    expect(rest.status).toBe(429);
  });
});

describe('exports', () => {
  it('limits test exports per account (issue 25, item 12: 100 went through in 2.6 s)', async () => {
    await nextWindow();
    const creator = await demoCreator(testApp);
    // Counted before the test is looked up: an unknown id spends the limit like a real one.
    const statuses: number[] = [];
    for (let call = 0; call < EXPORTS_PER_WINDOW + 5; call += 1) {
      statuses.push((await creator.get(`/api/tests/${crypto.randomUUID()}/export?format=json`)).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(statuses.slice(0, EXPORTS_PER_WINDOW).every((status) => status === 404)).toBe(true);
  });
});

describe('each limit is declared once, on its operation, for both transports', () => {
  it('limits each limited operation on its REST paths and its procedure', async () => {
    const document = (await (await fetch(`${testApp.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const procedures = Object.keys(appRouter._def.procedures);
    const limited = listOperations().filter(({ operation }) => operation.limit);
    for (const { operation, procedure } of limited) {
      const paths = [operation.rest ?? []].flat();
      for (const { method, path } of paths) {
        const openApiPath = path.replace(/:(\w+)/g, '{$1}');
        expect(document.paths[openApiPath]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
      }
      if (operation.trpc) expect(procedures, procedure).toContain(procedure);
    }
    expect(
      Object.fromEntries(limited.map(({ operation, procedure }) => [procedure, operation.limit!.name])),
    ).toEqual({
      'auth.demoLogin': 'demo-sign-in',
      'auth.googleCode': 'google-code-sign-in',
      'billing.createSubscription': 'checkout',
      'reports.read': 'report-read',
      'team.invitation': 'invitation-read',
      'videos.recent': 'recent-videos',
      'tests.create': 'create-test',
      'tests.fastForward': 'clock-move',
      'tests.export': 'test-export',
      'learning.export': 'test-export',
      'learning.pool': 'learning-pool',
      'images.upload': 'image-upload',
    });
  });
});

describe('batch size', () => {
  it(`answers a batch of more than ${TRPC_MAX_BATCH_SIZE} calls with one clear 400, running none`, async () => {
    const creator = await demoCreator(testApp);
    const batch = (count: number) => {
      const paths = Array.from({ length: count }, () => 'tests.dashboardStats');
      const input = Object.fromEntries(paths.map((_, index) => [index, { json: null }]));
      return creator.get(
        `/trpc/${paths.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
      );
    };
    expect((await batch(TRPC_MAX_BATCH_SIZE)).status).toBe(200);

    const refused = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(refused.status).toBe(400);
    const entries = (await refused.json()) as BatchEntry[];
    expect(entries).toHaveLength(TRPC_MAX_BATCH_SIZE + 1);
    expect(entries[0]!.error!.json.message).toBe(
      `A batch may carry at most ${TRPC_MAX_BATCH_SIZE} calls; this one has ${TRPC_MAX_BATCH_SIZE + 1}. Send them in smaller batches.`,
    );

    await nextWindow();
    const before = await sessionCount();
    const { response } = await postBatch(Array.from({ length: 100 }, () => 'auth.demoLogin'));
    expect(response.status).toBe(400);
    expect(await sessionCount()).toBe(before);
  });
});
