import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from './trust-proxy';

async function seen(setting: false | number | string[], remoteAddress: string) {
  const fastify = Fastify({ trustProxy: fastifyTrustProxy(setting) });
  fastify.get('/', async (request) => ({ ip: request.ip, host: request.host }));
  const response = await fastify.inject({
    url: '/',
    remoteAddress,
    headers: {
      host: 'direct.example',
      'x-forwarded-for': '192.0.2.1, 198.51.100.7',
      'x-forwarded-host': 'proxied.example',
    },
  });
  await fastify.close();
  return response.json<{ ip: string; host: string }>();
}

describe('TRUST_PROXY as Fastify trust', () => {
  it('off: the socket address and the Host header', async () => {
    expect(await seen(false, '10.0.0.1')).toEqual({ ip: '10.0.0.1', host: 'direct.example' });
  });

  it('a hop count: that many peers are proxies', async () => {
    expect(await seen(1, '10.0.0.1')).toEqual({ ip: '198.51.100.7', host: 'proxied.example' });
    expect(await seen(2, '10.0.0.1')).toEqual({ ip: '192.0.2.1', host: 'proxied.example' });
  });

  it('a list: only the listed peers are proxies', async () => {
    expect(await seen(['10.0.0.0/8'], '10.0.0.1')).toEqual({ ip: '198.51.100.7', host: 'proxied.example' });
    expect(await seen(['10.0.0.0/8'], '172.16.0.1')).toEqual({ ip: '172.16.0.1', host: 'direct.example' });
  });
});
