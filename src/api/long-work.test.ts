import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppError } from '../errors/app-error';
import { LONG_WORK_LIMITS, LONG_WORK_MESSAGES, longWorkLoad, outsideRequestSlots } from './long-work';
import { requestLimitPlugin } from './request-limit';

// A long operation gives its request slot back and runs under its own bound (issue 35, item 7):
// here a process with one request slot and no queue, and a long operation the test ends itself.

const app = Fastify();
let url = '';
const held: Array<() => void> = [];

beforeAll(async () => {
  await app.register(requestLimitPlugin, {
    limits: { maxConcurrent: 1, maxQueued: 0, maxWaitMs: 0 },
    trpcBody: () => ({}),
  });
  app.post<{ Params: { account: string } }>('/api/long/:account', async (request, reply) => {
    try {
      return await outsideRequestSlots(request, request.params.account, async () => {
        await new Promise<void>((resolve) => held.push(resolve));
        return { done: true };
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.code(error.status).send({ error: error.message });
    }
  });
  app.get('/api/short', async () => ({ ok: true }));
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
});

const waitFor = async (ready: () => boolean) => {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve));
};

it('gives the slot back while a long operation runs, one per account, within its own bound', async () => {
  const first = fetch(`${url}/api/long/alex`, { method: 'POST' });
  await waitFor(() => longWorkLoad().running === 1);

  // The one request slot is free for everyone else meanwhile.
  expect((await fetch(`${url}/api/short`)).status).toBe(200);
  // The same account's next long operation is refused at once.
  const again = await fetch(`${url}/api/long/alex`, { method: 'POST' });
  expect(again.status).toBe(429);
  expect(((await again.json()) as { error: string }).error).toBe(LONG_WORK_MESSAGES.inFlight);

  // Other accounts' run beside it up to the bound, then wait, then are refused (503).
  const others = Array.from(
    { length: LONG_WORK_LIMITS.maxConcurrent - 1 + LONG_WORK_LIMITS.maxQueued },
    (_, index) => fetch(`${url}/api/long/other-${index}`, { method: 'POST' }),
  );
  await waitFor(
    () =>
      longWorkLoad().running === LONG_WORK_LIMITS.maxConcurrent &&
      longWorkLoad().waiting === LONG_WORK_LIMITS.maxQueued,
  );
  const refused = await fetch(`${url}/api/long/one-too-many`, { method: 'POST' });
  expect(refused.status).toBe(503);
  expect(((await refused.json()) as { error: string }).error).toBe(LONG_WORK_MESSAGES.busy);
  expect((await fetch(`${url}/api/short`)).status).toBe(200);

  // Each ends when its work does.
  for (let piece = 0; piece < 1 + others.length; piece += 1) {
    await waitFor(() => held.length > 0);
    held.shift()!();
  }
  expect((await first).status).toBe(200);
  for (const other of await Promise.all(others)) expect(other.status).toBe(200);
  expect(longWorkLoad()).toEqual({ running: 0, waiting: 0 });
});
