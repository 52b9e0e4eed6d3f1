// The bare baseline: plain Fastify answering each path with the exact JSON body the app gave
// for it. Run as its own process by bench/api.ts: BARE_BODIES (a JSON file of path → body), PORT.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = JSON.parse(readFileSync(process.env.BARE_BODIES!, 'utf8')) as Record<string, string>;
const fastify = Fastify({ logger: false });
for (const [path, body] of Object.entries(bodies))
  fastify.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
fastify.get('/api/health', async () => ({ ok: true }));
await fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
