import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import type { ServiceContext } from '../context/service-context';
import { installErrorHandler } from '../http/error-handler';
import type { RateLimit } from './declare/rate-limits';
import { routeLimitPlugin } from './within-limit';

/** A context whose counter table is one in-memory map: each key's count in a window opened now. */
function countingContext(max: number): ServiceContext {
  const counts = new Map<string, number>();
  const db = {
    execute: async (query: { queryChunks: unknown[] }) => {
      const key = JSON.stringify(query.queryChunks[1]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return [{ count: counts.get(key), window_start: new Date().toISOString() }];
    },
  };
  return { db, config: { signInRateLimit: max } } as unknown as ServiceContext;
}

const stubAuth = fp(
  async (fastify) => {
    fastify.decorateRequest('auth', null);
  },
  { name: 'request-auth' },
);

async function appWith(limit: RateLimit, max = 2) {
  const fastify = Fastify();
  installErrorHandler(fastify);
  await fastify.register(stubAuth);
  await fastify.register(routeLimitPlugin, { app: countingContext(max) });
  fastify.get('/plain', { config: { limit } }, async () => ({ ok: true }));
  fastify.get('/unlimited', async () => ({ ok: true }));
  return fastify;
}

describe('the rate limiter on plain routes', () => {
  const signIn: RateLimit = { name: 'sign-in', per: 'address', max: (config) => config.signInRateLimit };

  it('counts a plain route on the operations’ limiter and answers 429 with Retry-After and a JSON message', async () => {
    const fastify = await appWith(signIn);
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) statuses.push((await fastify.inject('/plain')).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const refused = await fastify.inject('/plain');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many requests\. Please wait \d+ s/);
    expect((await fastify.inject('/unlimited')).statusCode).toBe(200);
    await fastify.close();
  });

  it('refuses, at start-up, a plain route whose limit would read YouTube', async () => {
    await expect(appWith({ ...signIn, readsYouTube: true })).rejects.toThrow(/cannot read YouTube/);
  });
});
